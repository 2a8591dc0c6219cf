/**
 * Keeps the status bar's word on main's reachability current while the trader is idle: when
 * main has not answered for a while, or did not answer last time, a cheap call (the session's
 * state, which main answers without the service) asks again.
 */
import { onScopeDispose } from 'vue';
import { call } from '../shared/desk';
import { lastShellAnswerAt, shellReachable } from '../shared/bridgeHealth';

/** How often the probe looks, and how long main may be silent before it asks. */
const PROBE_EVERY_MS = 5_000;
const QUIET_MS = 10_000;

/** Starts the probe for the lifetime of the calling scope (the app shell). */
export function useShellProbe(): void {
  let asking = false;
  const timer = setInterval(() => {
    if (asking || (shellReachable.value && Date.now() - lastShellAnswerAt.value < QUIET_MS)) return;
    asking = true;
    call('session:state')
      .catch(() => undefined)
      .finally(() => (asking = false));
  }, PROBE_EVERY_MS);
  onScopeDispose(() => clearInterval(timer));
}
