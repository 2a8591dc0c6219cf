/**
 * The page's heartbeat over the bridge: a beat (`desk.heartbeat()`, which main answers as soon
 * as its event loop runs) shortly after the last one was answered. A beat unanswered for
 * OVERDUE_MS means main hangs (stopped, or stuck in long work): `shellResponding` turns false,
 * so the status bar says "Not responding" within three seconds of main's last answer, and true
 * again, by itself, when the beat is answered. A beat the bridge cannot deliver (the web shell's
 * process is gone) makes the status bar say "Offline" within a second, idle or not.
 */
import { onScopeDispose } from 'vue';
import type { DeskResponse } from '../../../contract/bridge';
import { desk, messageOf } from '../shared/desk';
import { noteBridgeResponse, SHELL_UNREACHABLE, shellResponding } from '../shared/bridgeHealth';

/** The pause between an answered beat and the next one. */
const BEAT_EVERY_MS = 750;
/** How long a beat may wait for main before main counts as not responding. */
const OVERDUE_MS = 2_000;

/** Beats for the lifetime of the calling scope (the app shell). */
export function useShellHeartbeat(): void {
  let stopped = false;
  let next: ReturnType<typeof setTimeout> | undefined;

  const beat = async () => {
    const overdue = setTimeout(() => (shellResponding.value = false), OVERDUE_MS);
    let response: DeskResponse<true>;
    try {
      response = await desk().heartbeat();
    } catch (error) {
      response = { ok: false, error: { code: SHELL_UNREACHABLE, message: messageOf(error) } };
    } finally {
      clearTimeout(overdue);
    }
    if (stopped) return;
    noteBridgeResponse(response);
    next = setTimeout(() => void beat(), BEAT_EVERY_MS);
  };

  void beat();
  onScopeDispose(() => {
    stopped = true;
    clearTimeout(next);
  });
}
