/**
 * Handlers of the `instruments:*` and `reference:*` channels: arguments arrive parsed by the contract's schemas; the
 * renderer's cancellation signal goes down to the HTTP request.
 */
import type { ServiceClient } from '../services';
import type { IpcHandlers } from './dispatcher';

type RefChannels = Pick<
  IpcHandlers,
  | 'instruments:search'
  | 'instruments:details'
  | 'instruments:detailsList'
  | 'instruments:optionSpace'
  | 'instruments:futuresSpace'
  | 'instruments:tradingSchedule'
  | 'reference:countries'
  | 'reference:timeZones'
  | 'reference:currencyPairs'
>;

/** The `instruments:*` and `reference:*` handlers over the services' API client. */
export function registerInstrumentsIpc({ api }: ServiceClient): RefChannels {
  return {
    'instruments:search': (arg, { signal }) => api.searchInstruments(arg, { signal }),
    'instruments:details': ({ refresh, ...params }, { signal }) =>
      api.instrumentDetails(params, { signal, refresh: refresh ?? false }),
    'instruments:detailsList': (arg, { signal }) => api.instrumentsDetails(arg, { signal }),
    'instruments:optionSpace': (arg, { signal }) => api.optionSpace(arg, { signal }),
    'instruments:futuresSpace': (arg, { signal }) => api.futuresSpace(arg, { signal }),
    'instruments:tradingSchedule': (arg, { signal }) => api.tradingSchedule(arg, { signal }),
    'reference:countries': (arg, { signal }) => api.countries({ signal, refresh: arg?.refresh ?? false }),
    'reference:timeZones': (arg, { signal }) => api.timeZones({ signal, refresh: arg?.refresh ?? false }),
    'reference:currencyPairs': (arg = {}, { signal }) => {
      const { refresh, ...params } = arg;
      return api.currencyPairs(params, { signal, refresh: refresh ?? false });
    },
  };
}
