/**
 * The web shell's start order: the shell listens first and the desk (keychain, local stores,
 * embedded simulator) starts behind it. The page, the heartbeat and push events need no desk;
 * bridge calls made meanwhile wait for it (core/ipc/deferredDispatcher.ts). So Chromium's loading
 * of the page (0.45 s of its CPU: scripts, evaluation, mount) runs on one core while main starts
 * the desk on the other, instead of after it (issue 28).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { PushEventBus } from '../core/events';
import { deferredDispatcher } from '../core/ipc/deferredDispatcher';
import { popupSignIn } from '../core/session/interactiveSignIn';
import { startWebShell, type RunningWebShell, type WebShellOptions } from '../web/server';
import type { Desk } from './desk';
import type { EarlyUniverseRoll } from './earlyUniverseRoll';

/** How long a start that must generate its universe first waits for the page to have loaded. */
const PAGE_PATIENCE_MS = 3000;

export interface WebShellBeforeDesk {
  /** The shell, listening: its page may be opened now. */
  shell: RunningWebShell;
  /**
   * The desk once started, signing in through this shell's popups. When it could not start, the
   * calls that waited for it are answered `StartFailed`, the shell is closed, and this rejects.
   */
  desk: Promise<Desk>;
}

/**
 * Starts the web shell, then `startDesk` with the push-event bus the shell already serves.
 * Rejects only when the shell itself cannot start (the desk is then never started).
 */
export async function startWebShellBeforeDesk(
  startDesk: (events: PushEventBus, shell: RunningWebShell) => Promise<Desk>,
  shellOptions: Omit<WebShellOptions, 'dispatch'>,
): Promise<WebShellBeforeDesk> {
  const events = new PushEventBus();
  let deskStarted: (desk: Promise<Desk>) => void = () => undefined;
  const started = new Promise<Desk>((resolve) => (deskStarted = resolve));
  const shell = await startWebShell({
    ...shellOptions,
    dispatch: deferredDispatcher(
      started.then((desk) => desk.createDispatcher),
      events,
    ),
  });
  const desk = startDesk(events, shell).then((ready) => {
    // The renderer opens login pages in a popup that returns to this shell's callback page; set
    // before any call reaches the desk, so a sign-in asked meanwhile uses it too.
    ready.services.session.useInteractiveSignIn(popupSignIn(shell.origin));
    return ready;
  });
  deskStarted(desk);
  return {
    shell,
    desk: desk.catch(async (error: unknown) => {
      // The calls that waited have their answers (deferredDispatcher) before the shell closes.
      await shell.close();
      throw error;
    }),
  };
}

/**
 * The early roll as the desk should wait for it. A universe that is not cached is generated on
 * main's thread (seconds at the default scale, up to a minute at the large), when the shell can
 * answer nothing: the simulator starts it once the page has loaded (which then says "Starting the
 * simulator…", with the generation's progress), or after PAGE_PATIENCE_MS when no page comes.
 * A cached universe is opened (or rolled, in its worker) without waiting for anything.
 */
export function pageBeforeGeneration(early: EarlyUniverseRoll, pageConnected: Promise<void>): EarlyUniverseRoll {
  return {
    ...early,
    result: early.generationDue.then(async (due) => {
      if (due) await Promise.race([pageConnected, delay(PAGE_PATIENCE_MS)]);
      return early.result;
    }),
  };
}
