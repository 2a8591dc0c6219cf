/**
 * Instrument reference data through the bridge: search, details, option spaces, futures
 * spaces and trading schedules. Every function takes an optional AbortSignal; a search as
 * you type starts each call from `supersedingCalls` (./desk), so a keystroke cancels the last one.
 */
import type { ArgOf, ResultOf } from '../../../contract/channels';
import { type DeskCallOptions, call } from './desk';

/** One page of instruments and option roots matching the criteria (spec 4.1). */
export function searchInstruments(
  arg: ArgOf<'instruments:search'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'instruments:search'>> {
  return call('instruments:search', arg, options);
}

/** Details of one instrument; main serves repeats from its cache unless `refresh` (spec 4.3). */
export function fetchInstrumentDetails(
  arg: ArgOf<'instruments:details'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'instruments:details'>> {
  return call('instruments:details', arg, options);
}

/** One page of details for a list of instruments (spec 4.2). */
export function fetchInstrumentsDetails(
  arg: ArgOf<'instruments:detailsList'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'instruments:detailsList'>> {
  return call('instruments:detailsList', arg, options);
}

/** An option root with its option space; SpecificOptions only for the selected segment (spec 4.4). */
export function fetchOptionSpace(
  arg: ArgOf<'instruments:optionSpace'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'instruments:optionSpace'>> {
  return call('instruments:optionSpace', arg, options);
}

/** The futures space of a continuous futures instrument, ordered by expiry (spec 4.5). */
export function fetchFuturesSpace(
  arg: ArgOf<'instruments:futuresSpace'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'instruments:futuresSpace'>> {
  return call('instruments:futuresSpace', arg, options);
}

/** The trading sessions of an instrument (spec 4.6). */
export function fetchTradingSchedule(
  arg: ArgOf<'instruments:tradingSchedule'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'instruments:tradingSchedule'>> {
  return call('instruments:tradingSchedule', arg, options);
}
