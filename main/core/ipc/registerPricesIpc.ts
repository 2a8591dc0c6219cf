/**
 * The `prices:*` handlers: what a view shows is quoted through main's price service (the token
 * and the streaming connection stay in main); quotes come back as push events.
 */
import type { PriceService } from '../prices/priceService';
import type { IpcHandlers } from './dispatcher';

/** The `prices:*` handlers over the price service. */
export function registerPricesIpc({
  prices,
}: {
  prices: PriceService;
}): Pick<IpcHandlers, 'prices:watch' | 'prices:unwatch'> {
  return {
    'prices:watch': (arg) => prices.watch(arg),
    'prices:unwatch': async (arg) => {
      await prices.unwatch(arg.WatchId);
      return undefined;
    },
  };
}
