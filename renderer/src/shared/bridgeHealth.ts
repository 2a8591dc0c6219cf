/**
 * Whether RefDesk's main process answers the page: every call through the bridge says so as it
 * settles (the web shell's bridge answers `ShellUnreachable` when its process is gone), so the
 * status bar can say "Offline" however the page noticed.
 */
import { ref } from 'vue';
import type { DeskResponse } from '../../../contract/bridge';

/** False from the first call main did not answer until the next one it does. */
export const shellReachable = ref(true);
/** When main last answered a call (ms since the epoch). */
export const lastShellAnswerAt = ref(0);

/** The bridge's code of a call whose shell (main's process) could not be reached. */
export const SHELL_UNREACHABLE = 'ShellUnreachable';

/** Notes what one call's response says about main's reachability. */
export function noteBridgeResponse(response: DeskResponse<unknown>): void {
  if (!response.ok && response.error.code === SHELL_UNREACHABLE) {
    shellReachable.value = false;
    return;
  }
  shellReachable.value = true;
  lastShellAnswerAt.value = Date.now();
}
