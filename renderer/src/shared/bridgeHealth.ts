/**
 * Whether RefDesk's main process answers the page: gone (`shellReachable` false: the web shell's
 * bridge answers `ShellUnreachable` when its process has ended) or hanging (`shellResponding`
 * false: the heartbeat, useShellHeartbeat.ts, has waited too long for an answer, e.g. main was
 * stopped or is stuck in long work). Every call through the bridge says so as it settles, and
 * the calls still waiting are counted, so the status bar and the views can say what they wait on.
 */
import { ref } from 'vue';
import type { DeskResponse } from '../../../contract/bridge';

/** False from the first call main did not answer until the next one it does. */
export const shellReachable = ref(true);
/** False while the heartbeat has waited too long for main; true again as soon as main answers. */
export const shellResponding = ref(true);
/** When main last answered a call (ms since the epoch). */
export const lastShellAnswerAt = ref(0);
/** Calls sent to main and not answered yet (the heartbeat not counted). */
export const callsInFlight = ref(0);

/** The bridge's code of a call whose shell (main's process) could not be reached. */
export const SHELL_UNREACHABLE = 'ShellUnreachable';

/** The bridge's code of a call the page itself cancelled: main did not answer it. */
const CANCELLED = 'Cancelled';

/** Notes what one call's (or heartbeat's) response says about main's reachability. */
export function noteBridgeResponse(response: DeskResponse<unknown>): void {
  // A call the page gave up on (a superseded search) was answered by the page, not by main.
  if (!response.ok && response.error.code === CANCELLED) return;
  if (!response.ok && response.error.code === SHELL_UNREACHABLE) {
    shellReachable.value = false;
    return;
  }
  shellReachable.value = true;
  shellResponding.value = true;
  lastShellAnswerAt.value = Date.now();
}

/** Counts a call in flight until `pending` settles. */
export async function countInFlight<T>(pending: Promise<T>): Promise<T> {
  callsInFlight.value += 1;
  try {
    return await pending;
  } finally {
    callsInFlight.value -= 1;
  }
}
