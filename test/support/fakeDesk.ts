/**
 * Fake `window.desk`s for component tests, shaped as the real bridge is: one `invoke(channel,
 * arg, {requestId})`, `cancel` and `on`.
 *
 * - `installDesk(answers)`: each channel answers through its own `vi.fn` (`desk.channel(name)`
 *   to assert on it); a channel without an answer fails with `UnknownChannel`.
 * - `installRecordingDesk(handlers)`: every call is recorded with its argument and request id,
 *   answered by a handler the test gives or left pending until the test answers it;
 *   `desk.cancel` answers the pending call as main does.
 *
 * Both let the test push main's events (`emit('session:changed', …)`) to the page's listeners.
 */
import { vi, type Mock } from 'vitest';
import type { Desk, DeskResponse } from '../../contract/bridge';
import type { PushEventName, PushEvents } from '../../contract/events';

type Answer = (arg: never, options?: { requestId?: string }) => unknown;

/** Pushes one of main's events to the listeners the page subscribed with `desk.on`. */
export type EmitEvent = <E extends PushEventName>(event: E, payload: PushEvents[E]) => void;

export interface InstalledDesk {
  /** The mock answering `name`; asserting on it asserts on what the page sent. */
  channel(name: string): Mock;
  cancel: Mock;
  emit: EmitEvent;
}

/** `desk.on` for a fake, and the `emit` that reaches its listeners. */
function pushEvents(): { on: (event: string, listener: (payload: unknown) => void) => () => void; emit: EmitEvent } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on: (event, listener) => {
      const forEvent = listeners.get(event) ?? new Set();
      listeners.set(event, forEvent.add(listener));
      return () => forEvent.delete(listener);
    },
    emit: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
  };
}

function install(desk: object): void {
  Object.defineProperty(window, 'desk', { value: desk as Desk, configurable: true });
}

/**
 * Installs a desk whose channels answer with `answers[channel](arg)` (a DeskResponse or its
 * promise); its heartbeat is answered at once unless `heartbeat` says otherwise.
 */
export function installDesk(
  answers: Record<string, Answer>,
  options: { heartbeat?: () => Promise<DeskResponse<true>> } = {},
): InstalledDesk {
  const mocks = new Map(Object.entries(answers).map(([name, answer]) => [name, vi.fn(answer)]));
  const cancel = vi.fn();
  const events = pushEvents();
  install({
    invoke: (channel: string, arg: never, options?: { requestId?: string }) => {
      const mock = mocks.get(channel);
      if (!mock) return Promise.resolve({ ok: false, error: { code: 'UnknownChannel', message: channel } });
      // Called as the page called: no options argument when the page gave none.
      return Promise.resolve(options === undefined ? mock(arg) : mock(arg, options));
    },
    cancel,
    heartbeat: options.heartbeat ?? (() => Promise.resolve({ ok: true, result: true })),
    on: events.on,
  });
  return {
    emit: events.emit,
    channel: (name) => {
      const mock = mocks.get(name);
      if (!mock) throw new Error(`The fake desk answers no channel ${name}`);
      return mock;
    },
    cancel,
  };
}

/** A successful bridge answer. */
export const ok = <T>(result: T): DeskResponse<T> => ({ ok: true, result });

export interface RecordedCall {
  channel: string;
  arg: unknown;
  requestId: string | undefined;
  answer: (result: unknown) => void;
  fail: (code: string, message: string) => void;
}

export interface RecordingDesk {
  calls: RecordedCall[];
  cancelled: string[];
  callsOf: (channel: string) => RecordedCall[];
  emit: EmitEvent;
}

/**
 * Installs the recording desk. `handlers` maps `feature:verb` to a function returning the result
 * (a thrown error becomes a failed response); channels without a handler stay pending.
 */
export function installRecordingDesk(handlers: Record<string, (arg: unknown) => unknown>): RecordingDesk {
  const calls: RecordedCall[] = [];
  const cancelled: string[] = [];
  const events = pushEvents();
  install({
    invoke: (channel: string, arg: unknown, options?: { requestId?: string }) =>
      new Promise<DeskResponse<unknown>>((resolve) => {
        const call: RecordedCall = {
          channel,
          arg,
          requestId: options?.requestId,
          answer: (result) => resolve({ ok: true, result }),
          fail: (code, message) => resolve({ ok: false, error: { code, message } }),
        };
        calls.push(call);
        const handler = handlers[channel];
        if (!handler) return;
        try {
          call.answer(handler(arg));
        } catch (error) {
          call.fail('Failed', error instanceof Error ? error.message : String(error));
        }
      }),
    cancel: vi.fn((requestId: string) => {
      cancelled.push(requestId);
      calls.find((call) => call.requestId === requestId)?.fail('Cancelled', 'The request was cancelled.');
    }),
    heartbeat: () => Promise.resolve({ ok: true, result: true }),
    on: events.on,
  });
  return { calls, cancelled, callsOf: (name) => calls.filter((call) => call.channel === name), emit: events.emit };
}

/** Removes whichever fake is installed. */
export function removeFakeDesk(): void {
  Reflect.deleteProperty(window, 'desk');
}
