/**
 * The instruments endpoints (spec 4.1-4.6), keyed by their channels: arguments carry the
 * service's own parameter names (the contract's schemas); route parameters are taken out of the
 * query and encoded into the path; `refresh` is main's cache switch, never sent.
 */
import type { EndpointTable } from './endpoints';
import { queryOf, segment } from './query';

type InstrumentChannel =
  | 'instruments:search'
  | 'instruments:detailsList'
  | 'instruments:details'
  | 'instruments:optionSpace'
  | 'instruments:futuresSpace'
  | 'instruments:tradingSchedule';

export const instrumentEndpoints: EndpointTable<InstrumentChannel> = {
  /** GET /ref/v1/instruments: search instruments and option roots, one page (spec 4.1). */
  'instruments:search': (http, arg, options) => http.getJson('ref/v1/instruments', queryOf(arg), options),

  /** GET /ref/v1/instruments/details: details for a list of instruments, one page (spec 4.2). */
  'instruments:detailsList': (http, arg, options) =>
    http.getJson('ref/v1/instruments/details', queryOf(arg), options),

  /** GET /ref/v1/instruments/details/{Uic}/{AssetType}: one instrument (spec 4.3). */
  'instruments:details': (http, arg, options) =>
    http.getJson(
      `ref/v1/instruments/details/${segment(arg.Uic)}/${segment(arg.AssetType)}`,
      queryOf(arg, 'Uic', 'AssetType', 'refresh'),
      options,
    ),

  /** GET /ref/v1/instruments/contractoptionspaces/{OptionRootId}: option root and option space (spec 4.4). */
  'instruments:optionSpace': (http, arg, options) =>
    http.getJson(
      `ref/v1/instruments/contractoptionspaces/${segment(arg.OptionRootId)}`,
      queryOf(arg, 'OptionRootId'),
      options,
    ),

  /** GET /ref/v1/instruments/futuresspaces/{ContinuousFuturesUic} (spec 4.5). */
  'instruments:futuresSpace': (http, arg, options) =>
    http.getJson(`ref/v1/instruments/futuresspaces/${segment(arg.ContinuousFuturesUic)}`, undefined, options),

  /** GET /ref/v1/instruments/tradingschedule/{Uic}/{AssetType} (spec 4.6). */
  'instruments:tradingSchedule': (http, arg, options) =>
    http.getJson(
      `ref/v1/instruments/tradingschedule/${segment(arg.Uic)}/${segment(arg.AssetType)}`,
      undefined,
      options,
    ),
};
