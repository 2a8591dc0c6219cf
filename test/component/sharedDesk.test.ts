import { afterEach, describe, expect, it } from 'vitest';
import type { Desk, DeskResponse } from '../../contract/bridge';
import { call, DeskCallError, isCancelled, supersedingCalls } from '../../renderer/src/shared/desk';

/** A `window.desk` whose calls stay pending until answered, recording channels and cancellations. */
function pendingBridge() {
  const answers = new Map<string, (response: DeskResponse<unknown>) => void>();
  const channels: string[] = [];
  const cancelled: string[] = [];
  let anonymous = 0;
  const desk = {
    invoke: (channel: string, _arg: unknown, options?: { requestId?: string }) => {
      channels.push(channel);
      return new Promise((resolve) => answers.set(options?.requestId ?? `anonymous-${++anonymous}`, resolve));
    },
    cancel: (requestId: string) => {
      cancelled.push(requestId);
      answers.get(requestId)?.({
        ok: false,
        error: { code: 'Cancelled', message: 'The request was cancelled.' },
      });
    },
    on: () => () => undefined,
  };
  Object.defineProperty(window, 'desk', { value: desk as unknown as Desk, configurable: true });
  return { answers, channels, cancelled };
}

describe('renderer api over the bridge', () => {
  afterEach(() => Reflect.deleteProperty(window, 'desk'));

  it('cancels the previous search in main when a new keystroke supersedes it', async () => {
    const { answers, channels, cancelled } = pendingBridge();
    const searches = supersedingCalls();
    const search = (Keywords: string) => call('instruments:search', { Keywords }, { signal: searches.start().signal });
    const first = search('n').catch((error: unknown) => error);
    const second = search('no');
    expect(channels).toEqual(['instruments:search', 'instruments:search']);
    expect(cancelled).toHaveLength(1);
    const firstError = await first;
    expect(isCancelled(firstError)).toBe(true);
    const [, answerSecond] = [...answers].find(([id]) => !cancelled.includes(id))!;
    answerSecond({ ok: true, result: { Data: [{ Symbol: 'NOKIA:xhel' }] } });
    expect(await second).toEqual({ Data: [{ Symbol: 'NOKIA:xhel' }] });
  });

  it('turns a failed call into a DeskCallError carrying the typed shape', async () => {
    const { answers } = pendingBridge();
    const pending = call('instruments:search', { Keywords: 'x' });
    const [answer] = [...answers.values()];
    answer!({
      ok: false,
      error: { code: 'InvalidArgument', message: 'Invalid argument', fields: { Keywords: ['Too long'] } },
    });
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeskCallError);
    expect(error).toMatchObject({ code: 'InvalidArgument', fields: { Keywords: ['Too long'] } });
  });

  it('does not start a call whose signal is already aborted', async () => {
    const { answers } = pendingBridge();
    const controller = new AbortController();
    controller.abort();
    await expect(call('instruments:search', {}, { signal: controller.signal })).rejects.toMatchObject({
      code: 'Cancelled',
    });
    expect(answers.size).toBe(0);
  });
});
