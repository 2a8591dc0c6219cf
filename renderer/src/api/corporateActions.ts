/**
 * Corporate action events through the bridge (spec 4.10, 4.11).
 */
import type { ArgOf, ResultOf } from '../../../preload/contract';
import { callDesk, desk, type DeskCallOptions } from './desk';

/** One page of events matching the filters (dates written yyyy-mm-dd). */
export function fetchCorporateActionEvents(
  arg: ArgOf<'ca:events'> = {},
  options: DeskCallOptions = {},
): Promise<ResultOf<'ca:events'>> {
  return callDesk((call) => desk().ca.events(arg, call), options.signal);
}

/** One event with its holdings, elections and options. */
export function fetchCorporateActionEvent(
  arg: ArgOf<'ca:event'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'ca:event'>> {
  return callDesk((call) => desk().ca.event(arg, call), options.signal);
}
