/**
 * The desk a shell serves before it has started: the window or page loads and asks while the
 * embedded simulator opens its universe (about a second on a new day), rather than after it, and
 * each call waits until the shell has wired the started desk (its sign-in window), as calls
 * already wait for a sign-in. The push events' bus exists from the start, so the simulator's
 * progress reaches a page that is already open.
 */
import { PushEventBus } from '../core/events';
import type { IpcDispatch } from '../core/ipc/dispatcher';
import type { Desk } from './desk';

export interface DeskToCome {
  /** The bus to give startDesk, so events reach the shell from its first moment. */
  readonly events: PushEventBus;
  /** A dispatcher for the shell now; its calls go to the desk once wired. */
  dispatcher(isTrustedSender: (url: string) => boolean): IpcDispatch;
  /** The desk started and wired to the shell: the waiting calls go on. */
  wire(desk: Desk): void;
  /** The desk did not start: the waiting calls are never answered (the process ends). */
  fail(error: unknown): void;
}

export function deskToCome(): DeskToCome {
  const events = new PushEventBus();
  let wire: (desk: Desk) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const wired = new Promise<Desk>((resolve, reject) => ((wire = resolve), (fail = reject)));
  // The shell reports a desk that failed to start; no call is answered then.
  wired.catch(() => undefined);
  return {
    events,
    dispatcher(isTrustedSender) {
      const ready = wired.then((desk) => desk.createDispatcher(isTrustedSender));
      ready.catch(() => undefined);
      const dispatch = async (...call: Parameters<IpcDispatch>) => (await ready)(...call);
      return Object.assign(dispatch, { isTrustedSender, events });
    },
    wire: (desk) => wire(desk),
    fail: (error) => fail(error),
  };
}
