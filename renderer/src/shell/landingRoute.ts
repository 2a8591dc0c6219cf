/**
 * Where a page opened on no workspace of its own (`/`) lands: the place main kept for the signed-in
 * user (`settings:lastPlace`), or Instruments. Decided before the first workspace loads, so a
 * trader whose morning starts on Option chains does not wait for Instruments' chunk and grid to
 * load and then be taken away (0.5–0.8 s of a launch); useWorkspacePlace still fills the kept
 * search text in, and takes a user who signs in only later to their place.
 */
import type { RouteLocationRaw } from 'vue-router';
import { call } from '../shared/desk';

export const DEFAULT_LANDING = '/instruments';

/** Main answers at once when it is well; a main that hangs must not hold the page on a blank screen. */
const LAST_PLACE_PATIENCE_MS = 1500;

export async function landingRoute(): Promise<RouteLocationRaw> {
  // Every workspace a page lands on (Instruments, or the kept place: chains, ladders, lists,
  // corporate actions) shows a grid: AG Grid's chunk, the largest, starts loading now, beside
  // the kept place's question and the session's restore, rather than after them.
  void import('../shared/gridSetup');
  let patience: ReturnType<typeof setTimeout> | undefined;
  const impatient = new Promise<undefined>((resolve) => (patience = setTimeout(resolve, LAST_PLACE_PATIENCE_MS)));
  try {
    const answer = await Promise.race([call('settings:lastPlace'), impatient]);
    return answer?.place?.route ?? DEFAULT_LANDING;
  } catch {
    // Not signed in yet, or main refused: the page opens as it always did.
    return DEFAULT_LANDING;
  } finally {
    clearTimeout(patience);
  }
}
