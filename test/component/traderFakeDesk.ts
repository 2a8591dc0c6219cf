/**
 * A fake `window.desk` for the trader workspaces' component tests: every call is recorded
 * with its argument and request id, and answered by a handler the test gives (or left
 * pending until the test answers it). `desk.cancel` answers the pending call as main does.
 */
import { vi } from 'vitest';
import type { Desk, DeskResponse } from '../../preload/contract';

type Handler = (arg: unknown) => unknown;

export interface RecordedCall {
  channel: string;
  arg: unknown;
  requestId: string | undefined;
  answer: (result: unknown) => void;
  fail: (code: string, message: string) => void;
}

export interface FakeDesk {
  calls: RecordedCall[];
  cancelled: string[];
  callsOf: (channel: string) => RecordedCall[];
}

/**
 * Installs the fake. `handlers` maps `domain:verb` to a function returning the result (a thrown
 * error becomes a failed response); channels without a handler stay pending.
 */
export function installFakeDesk(handlers: Record<string, Handler>): FakeDesk {
  const calls: RecordedCall[] = [];
  const cancelled: string[] = [];
  const channel = (name: string) => (arg: unknown, options?: { requestId?: string }) =>
    new Promise<DeskResponse<unknown>>((resolve) => {
      const call: RecordedCall = {
        channel: name,
        arg,
        requestId: options?.requestId,
        answer: (result) => resolve({ ok: true, result }),
        fail: (code, message) => resolve({ ok: false, error: { code, message } }),
      };
      calls.push(call);
      const handler = handlers[name];
      if (!handler) return;
      try {
        call.answer(handler(arg));
      } catch (error) {
        call.fail('Failed', error instanceof Error ? error.message : String(error));
      }
    });
  const names = [
    'ref:searchInstruments',
    'ref:instrumentDetails',
    'ref:instrumentsDetails',
    'ref:optionSpace',
    'ref:futuresSpace',
    'ref:tradingSchedule',
    'ref:countries',
    'ref:timeZones',
    'ref:currencyPairs',
  ];
  const ref = Object.fromEntries(names.map((name) => [name.split(':')[1], vi.fn(channel(name))]));
  const desk = {
    ref,
    cancel: vi.fn((requestId: string) => {
      cancelled.push(requestId);
      calls.find((call) => call.requestId === requestId)?.fail('Cancelled', 'The request was cancelled.');
    }),
    on: () => () => undefined,
  };
  Object.defineProperty(window, 'desk', { value: desk as unknown as Desk, configurable: true });
  return { calls, cancelled, callsOf: (name) => calls.filter((call) => call.channel === name) };
}

/** Removes the fake. */
export function removeFakeDesk(): void {
  Reflect.deleteProperty(window, 'desk');
}
