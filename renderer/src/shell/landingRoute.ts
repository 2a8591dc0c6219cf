/**
 * Where a page opened on no workspace of its own (`/`) lands: the place main kept for the signed-in
 * user (`settings:lastPlace`), or Instruments. Decided before the first workspace loads, so a
 * trader whose morning starts on Option chains does not wait for Instruments' chunk and grid to
 * load and then be taken away (0.5–0.8 s of a launch); useWorkspacePlace still fills the kept
 * search text in, and takes a user who signs in only later to their place.
 */
import type { RouteLocationRaw } from 'vue-router';
import { watch } from 'vue';
import { shellReachable, shellResponding } from '../shared/bridgeHealth';
import { call } from '../shared/desk';

export const DEFAULT_LANDING = '/instruments';

/**
 * Main answers at once when it is well, and after its start when the page opened first (the web
 * shell serves the page while the simulator starts): the page waits while main's heartbeat
 * answers, up to a start's worth of time; a main that hangs (the heartbeat overdue) or is gone
 * must not hold the page on a blank screen.
 */
const LAST_PLACE_PATIENCE_MS = 15_000;

/** Resolves once main stops responding, or after `ms`; `stop` ends the watch. */
function impatience(ms: number): { given: Promise<undefined>; stop: () => void } {
  let giveUp: (value: undefined) => void = () => undefined;
  const given = new Promise<undefined>((resolve) => (giveUp = resolve));
  const timer = setTimeout(() => giveUp(undefined), ms);
  const unwatch = watch(
    [shellResponding, shellReachable],
    ([responding, reachable]) => {
      if (!responding || !reachable) giveUp(undefined);
    },
    { immediate: true },
  );
  return { given, stop: () => (clearTimeout(timer), unwatch()) };
}

export async function landingRoute(): Promise<RouteLocationRaw> {
  // Every workspace a page lands on (Instruments, or the kept place: chains, ladders, lists,
  // corporate actions) shows a grid: AG Grid's chunk, the largest, starts loading now, beside
  // the kept place's question and the session's restore, rather than after them.
  void import('../shared/gridSetup');
  const patience = impatience(LAST_PLACE_PATIENCE_MS);
  try {
    const answer = await Promise.race([call('settings:lastPlace'), patience.given]);
    return answer?.place?.route ?? DEFAULT_LANDING;
  } catch {
    // Not signed in yet, or main refused: the page opens as it always did.
    return DEFAULT_LANDING;
  } finally {
    patience.stop();
  }
}
