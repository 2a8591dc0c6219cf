/**
 * The dispatcher of a shell that serves its page before the services behind it have started
 * (the web shell listens while the desk starts: main/app/webShellStart.ts). A call that arrives
 * meanwhile waits for the services and is then dispatched as any other; if they fail to start,
 * it is answered with the bridge's error shape instead. Push events need no services: the bus is
 * the caller's from the first moment, so the page hears the simulator's progress while it waits.
 */
import type { DeskErrorShape, DeskResponse } from '../../../contract/bridge';
import type { PushEventBus } from '../events';
import type { IpcDispatch, IpcSender } from './dispatcher';

/** Builds a shell's dispatcher given how that shell recognises its own renderer (Desk.createDispatcher). */
export type DispatcherFactory = (isTrustedSender: (url: string) => boolean) => IpcDispatch;

/** What a call waiting for the services is answered when they could not start. */
export const START_FAILED: DeskErrorShape = {
  code: 'StartFailed',
  message: 'RefDesk could not start (its terminal or log says why). Start RefDesk again.',
};

const CANCELLED: DeskErrorShape = { code: 'Cancelled', message: 'The request was cancelled.' };

/** Settles with `pending`'s outcome, or with 'aborted' as soon as `signal` aborts. */
function unlessAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise<T | 'aborted'>((resolve, reject) => {
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A dispatcher factory for a shell whose services are still starting: `ready` resolves with the
 * real factory once they have started (or rejects when they could not), `events` is the bus the
 * services will emit on.
 */
export function deferredDispatcher(ready: Promise<DispatcherFactory>, events: PushEventBus): DispatcherFactory {
  return (isTrustedSender) => {
    const dispatching = ready.then((create) => create(isTrustedSender));
    // Each call hears the failure in its answer; the shell's owner reports it (runWebShell).
    dispatching.catch(() => undefined);
    const dispatch = async (
      channel: string,
      rawArg: unknown,
      sender: IpcSender,
      signal: AbortSignal = new AbortController().signal,
    ): Promise<DeskResponse<unknown>> => {
      let started: IpcDispatch | 'aborted';
      try {
        // A page closed while the services start must not leave its calls to run once they have.
        started = await unlessAborted(dispatching, signal);
      } catch {
        return { ok: false, error: START_FAILED };
      }
      if (started === 'aborted') return { ok: false, error: CANCELLED };
      return started(channel, rawArg, sender, signal);
    };
    return Object.assign(dispatch, { isTrustedSender, events });
  };
}
