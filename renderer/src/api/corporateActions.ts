/**
 * Corporate action events through the bridge (spec 4.10, 4.11).
 */
import type { ArgOf, ResultOf } from '../../../contract/channels';
import { type DeskCallOptions, call } from './desk';

/** One page of events matching the filters (dates written yyyy-mm-dd). */
export function fetchCorporateActionEvents(
  arg: ArgOf<'corporateActions:events'> = {},
  options: DeskCallOptions = {},
): Promise<ResultOf<'corporateActions:events'>> {
  return call('corporateActions:events', arg, options);
}

/** One event with its holdings, elections and options. */
export function fetchCorporateActionEvent(
  arg: ArgOf<'corporateActions:event'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'corporateActions:event'>> {
  return call('corporateActions:event', arg, options);
}
