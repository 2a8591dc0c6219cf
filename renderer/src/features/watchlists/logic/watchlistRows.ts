/**
 * The rows of a watchlist: each instrument kept, with its key reference data as the service
 * gives it now (symbol, description, asset type, exchange, currency, expiry, trading status), or
 * as it was when added while the service has not answered, and said so when the service no
 * longer lists it (an expired contract). Every row carries its uic and asset type, which is what
 * a quote is asked for.
 */
import type { WatchedInstrument } from '../../../../../contract/watchlists';
import type { InstrumentDetails } from '../../../../../contract/wire/types';
import { isoDay } from '../../../shared/dates';

/** What the service says of an instrument kept: read, not listed (any more), or not read yet. */
export type ListedState = 'listed' | 'notListed' | 'unknown';

export interface WatchlistRow {
  /** `<assetType>:<uic>`, the grid's row id. */
  key: string;
  uic: number;
  assetType: string;
  symbol: string;
  description: string;
  exchangeId: string | undefined;
  exchangeName: string | undefined;
  currency: string | undefined;
  /** `yyyy-mm-dd` of the expiry, for contracts that expire. */
  expiry: string | undefined;
  tradingStatus: string | undefined;
  /** `yyyy-mm-dd` it was added. */
  addedOn: string;
  listed: ListedState;
}

/** The row id of an instrument. */
export const rowKeyOf = (item: { uic: number; assetType: string }): string => `${item.assetType}:${item.uic}`;

/**
 * The rows of `items` in the list's order. `details` maps row keys to the details read;
 * `checked` holds the keys the service was asked about (asked and missing: not listed).
 */
export function watchlistRows(
  items: readonly WatchedInstrument[],
  details: ReadonlyMap<string, InstrumentDetails>,
  checked: ReadonlySet<string>,
): WatchlistRow[] {
  return items.map((item) => {
    const key = rowKeyOf(item);
    const read = details.get(key);
    return {
      key,
      uic: item.uic,
      assetType: item.assetType,
      symbol: read?.Symbol ?? item.symbol,
      description: read?.Description ?? item.description,
      exchangeId: read?.Exchange?.ExchangeId,
      exchangeName: read?.Exchange?.Name,
      currency: read?.CurrencyCode,
      expiry: read?.ExpiryDate ? isoDay(read.ExpiryDate) : undefined,
      tradingStatus: read?.TradingStatus,
      addedOn: item.addedAt.slice(0, 10),
      listed: read ? 'listed' : checked.has(key) ? 'notListed' : 'unknown',
    };
  });
}

/** The instruments of `items` grouped by asset type, for reading their details (a request names one asset type). */
export function uicsByAssetType(items: readonly { uic: number; assetType: string }[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const item of items) groups.set(item.assetType, [...(groups.get(item.assetType) ?? []), item.uic]);
  return groups;
}
