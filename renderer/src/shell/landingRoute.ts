/**
 * Where a page opened on no workspace of its own (`/`) lands: the place main kept for the signed-in
 * user (`settings:lastPlace`), or Instruments. Decided before the first workspace loads, so a
 * trader whose morning starts on Option chains does not wait for Instruments' chunk and grid to
 * load and then be taken away (0.5–0.8 s of a launch). The kept search text goes into the
 * workspace's search before the workspace mounts, so its first search is the trader's (not a
 * browse of every root, superseded a moment later by the kept text's). useWorkspacePlace takes a
 * user who signs in only later to their place.
 */
import type { RouteLocationRaw } from 'vue-router';
import { call } from '../shared/desk';
import { searchOfRoute } from './workspaceSearch';

export const DEFAULT_LANDING = '/instruments';

/** Main answers at once when it is well; a main that hangs must not hold the page on a blank screen. */
const LAST_PLACE_PATIENCE_MS = 1500;

/** Set once this page's first navigation went to the kept place: there is nothing left to restore. */
let keptPlaceApplied = false;

/** Whether the page landed on the place main kept (its search text filled in). */
export function landedOnKeptPlace(): boolean {
  return keptPlaceApplied;
}

/** `loadWorkspace` starts loading the chunks of the workspace a path opens (router.ts). */
export async function landingRoute(loadWorkspace: (path: string) => void = () => undefined): Promise<RouteLocationRaw> {
  // Every workspace a page lands on (Instruments, or the kept place: chains, ladders, lists,
  // corporate actions) shows a grid: AG Grid's chunk, the largest, starts loading now, beside
  // the kept place's question and the session's restore, rather than after them.
  void import('../shared/gridSetup');
  let patience: ReturnType<typeof setTimeout> | undefined;
  const impatient = new Promise<undefined>((resolve) => (patience = setTimeout(resolve, LAST_PLACE_PATIENCE_MS)));
  try {
    const place = (await Promise.race([call('settings:lastPlace'), impatient]))?.place;
    if (!place) return DEFAULT_LANDING;
    loadWorkspace(place.route);
    if (place.searchText) {
      const search = searchOfRoute(place.route);
      if (search && !search.keywords) search.keywords = place.searchText;
    }
    keptPlaceApplied = true;
    return place.route;
  } catch {
    // Not signed in yet, or main refused: the page opens as it always did.
    return DEFAULT_LANDING;
  } finally {
    clearTimeout(patience);
  }
}
