/**
 * The application directory through the bridge (spec 4.12, 4.13).
 */
import type { ArgOf, ResultOf } from '../../../preload/contract';
import { callDesk, desk, type DeskCallOptions } from './desk';

/** One page of registered applications; secrets only when IncludeSecrets is true. */
export function fetchApplications(
  arg: ArgOf<'apps:list'> = {},
  options: DeskCallOptions = {},
): Promise<ResultOf<'apps:list'>> {
  return callDesk((call) => desk().apps.list(arg, call), options.signal);
}

/** One registered application by its AppKey. */
export function fetchApplication(
  arg: ArgOf<'apps:get'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'apps:get'>> {
  return callDesk((call) => desk().apps.get(arg, call), options.signal);
}
