/**
 * Instrument reference data through the bridge: search, details, option spaces, futures
 * spaces and trading schedules. Every function takes an optional AbortSignal; use
 * `latestOnly` (./desk) for search-as-you-type so a new keystroke cancels the previous search.
 */
import type { ArgOf, ResultOf } from '../../../preload/contract';
import { callDesk, desk, type DeskCallOptions } from './desk';

/** One page of instruments and option roots matching the criteria (spec 4.1). */
export function searchInstruments(
  arg: ArgOf<'ref:searchInstruments'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'ref:searchInstruments'>> {
  return callDesk((call) => desk().ref.searchInstruments(arg, call), options.signal);
}

/** Details of one instrument; main serves repeats from its cache unless `refresh` (spec 4.3). */
export function fetchInstrumentDetails(
  arg: ArgOf<'ref:instrumentDetails'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'ref:instrumentDetails'>> {
  return callDesk((call) => desk().ref.instrumentDetails(arg, call), options.signal);
}

/** One page of details for a list of instruments (spec 4.2). */
export function fetchInstrumentsDetails(
  arg: ArgOf<'ref:instrumentsDetails'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'ref:instrumentsDetails'>> {
  return callDesk((call) => desk().ref.instrumentsDetails(arg, call), options.signal);
}

/** An option root with its option space; SpecificOptions only for the selected segment (spec 4.4). */
export function fetchOptionSpace(
  arg: ArgOf<'ref:optionSpace'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'ref:optionSpace'>> {
  return callDesk((call) => desk().ref.optionSpace(arg, call), options.signal);
}

/** The futures space of a continuous futures instrument, ordered by expiry (spec 4.5). */
export function fetchFuturesSpace(
  arg: ArgOf<'ref:futuresSpace'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'ref:futuresSpace'>> {
  return callDesk((call) => desk().ref.futuresSpace(arg, call), options.signal);
}

/** The trading sessions of an instrument (spec 4.6). */
export function fetchTradingSchedule(
  arg: ArgOf<'ref:tradingSchedule'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'ref:tradingSchedule'>> {
  return callDesk((call) => desk().ref.tradingSchedule(arg, call), options.signal);
}
