/**
 * Handlers of the `ref:*` channels: arguments arrive parsed by the contract's schemas; the
 * renderer's cancellation signal goes down to the HTTP request.
 */
import type { DeskServices } from '../services';
import type { IpcHandlers } from './dispatcher';

type RefChannels = Pick<
  IpcHandlers,
  | 'ref:searchInstruments'
  | 'ref:instrumentDetails'
  | 'ref:instrumentsDetails'
  | 'ref:optionSpace'
  | 'ref:futuresSpace'
  | 'ref:tradingSchedule'
  | 'ref:countries'
  | 'ref:timeZones'
  | 'ref:currencyPairs'
>;

/** The `ref:*` handlers over the services' API client. */
export function registerRefIpc({ api }: DeskServices): RefChannels {
  return {
    'ref:searchInstruments': (arg, { signal }) => api.searchInstruments(arg, { signal }),
    'ref:instrumentDetails': ({ refresh, ...params }, { signal }) =>
      api.instrumentDetails(params, { signal, refresh: refresh ?? false }),
    'ref:instrumentsDetails': (arg, { signal }) => api.instrumentsDetails(arg, { signal }),
    'ref:optionSpace': (arg, { signal }) => api.optionSpace(arg, { signal }),
    'ref:futuresSpace': (arg, { signal }) => api.futuresSpace(arg, { signal }),
    'ref:tradingSchedule': (arg, { signal }) => api.tradingSchedule(arg, { signal }),
    'ref:countries': (arg, { signal }) => api.countries({ signal, refresh: arg?.refresh ?? false }),
    'ref:timeZones': (arg, { signal }) => api.timeZones({ signal, refresh: arg?.refresh ?? false }),
    'ref:currencyPairs': (arg = {}, { signal }) => {
      const { refresh, ...params } = arg;
      return api.currencyPairs(params, { signal, refresh: refresh ?? false });
    },
  };
}
