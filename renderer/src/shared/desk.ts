/**
 * The only module that touches `window.desk`: `call(channel, arg, {signal})` for every channel of
 * the contract, unwrapping main's responses into values or a typed DeskCallError that views can
 * show in words; push events of main through `onDeskEvent`.
 */
import type { Desk, DeskErrorShape, DeskResponse } from '../../../contract/bridge';
import type { ArgOf, ChannelName, ResultOf } from '../../../contract/channels';
import type { PushEventName, PushEvents } from '../../../contract/events';
import { countInFlight, noteBridgeResponse } from './bridgeHealth';

/** A failed call to main, with the typed shape main sent. */
export class DeskCallError extends Error implements DeskErrorShape {
  readonly code: string;
  readonly status?: number;
  readonly fields?: Record<string, string[]>;
  readonly conflicts?: DeskErrorShape['conflicts'];

  constructor(shape: DeskErrorShape) {
    super(shape.message);
    this.name = 'DeskCallError';
    this.code = shape.code;
    if (shape.status !== undefined) this.status = shape.status;
    if (shape.fields !== undefined) this.fields = shape.fields;
    if (shape.conflicts !== undefined) this.conflicts = shape.conflicts;
  }
}

/** The bridge, or a clear failure when the page was opened without one. */
export function desk(): Desk {
  if (!window.desk) {
    throw new DeskCallError({
      code: 'NoBridge',
      message: 'RefDesk was opened without its bridge to the main process.',
    });
  }
  return window.desk;
}

/** Resolves a bridge call to its result, or throws DeskCallError; notes whether main answered. */
export async function unwrap<T>(pending: Promise<DeskResponse<T>>): Promise<T> {
  const response = await countInFlight(pending);
  noteBridgeResponse(response);
  if (response.ok) return response.result;
  throw new DeskCallError(response.error);
}

/** Per-call options of `call`. */
export interface DeskCallOptions {
  /** Aborting it cancels the call in main and the HTTP request to the service. */
  signal?: AbortSignal;
}

/** `call`'s arguments after the channel: the argument (optional where the channel takes none) and options. */
type CallArgs<C extends ChannelName> = undefined extends ArgOf<C>
  ? [arg?: ArgOf<C>, options?: DeskCallOptions]
  : [arg: ArgOf<C>, options?: DeskCallOptions];

let requestCounter = 0;

/**
 * Calls one channel of the contract and resolves with its result, or throws DeskCallError.
 * A call given a `signal` gets a request id, and aborting the signal tells main
 * (`desk.cancel`) to abort the work, down to the service request; a cancelled call rejects
 * with DeskCallError code `Cancelled`.
 */
export async function call<C extends ChannelName>(channel: C, ...[arg, options = {}]: CallArgs<C>): Promise<ResultOf<C>> {
  const { signal } = options;
  if (!signal) return unwrap(desk().invoke(channel, arg as ArgOf<C>));
  if (signal.aborted) throw cancelledError();
  const requestId = `r${++requestCounter}`;
  const onAbort = () => desk().cancel(requestId);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await unwrap(desk().invoke(channel, arg as ArgOf<C>, { requestId }));
    if (signal.aborted) throw cancelledError();
    return result;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** The error of a call that was cancelled (see `isCancelled`). */
export function cancelledError(): DeskCallError {
  return new DeskCallError({ code: 'Cancelled', message: 'The request was cancelled.' });
}

/** A failure as the words a view shows. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** True for the error of a call that was cancelled (superseded or abandoned): not worth showing. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DeskCallError && error.code === 'Cancelled';
}

/**
 * One call at a time, for a list or a detail a view reads: `start()` cancels the call still
 * running (in main and at the service) and hands out the new one's controller; `isCurrent`
 * tells a call that has settled whether a newer one took over (then the busy flag is not its
 * to clear); `cancel()` cancels whatever still runs.
 */
export interface SupersedingCalls {
  start(): AbortController;
  isCurrent(controller: AbortController): boolean;
  cancel(): void;
}

/** A new SupersedingCalls (one per list or detail). */
export function supersedingCalls(): SupersedingCalls {
  let current: AbortController | undefined;
  return {
    start() {
      current?.abort();
      current = new AbortController();
      return current;
    },
    isCurrent: (controller) => controller === current,
    cancel: () => current?.abort(),
  };
}

/** Subscribes to a push event of main; returns the unsubscribe function. */
export function onDeskEvent<E extends PushEventName>(
  event: E,
  listener: (payload: PushEvents[E]) => void,
): () => void {
  return desk().on(event, listener);
}
