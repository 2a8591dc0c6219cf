import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDesk, type DeskTransport } from '../../preload/bridge';
import type { DeskResponse } from '../../preload/contract';
import { DeskCallError, isCancelled, latestOnly } from '../../renderer/src/api/desk';
import { searchInstruments } from '../../renderer/src/api/instruments';

/** A bridge whose calls stay pending until answered, recording cancellations. */
function pendingBridge() {
  const answers = new Map<string, (response: DeskResponse<unknown>) => void>();
  const cancelled: string[] = [];
  const transport: DeskTransport = {
    invoke: (_channel, _arg, requestId) => new Promise((resolve) => answers.set(requestId ?? '', resolve)),
    cancel: (requestId) => {
      cancelled.push(requestId);
      answers.get(requestId)?.({ ok: false, error: { code: 'Cancelled', message: 'The request was cancelled.' } });
    },
    listen: () => undefined,
  };
  vi.stubGlobal('window', { desk: buildDesk(transport) });
  return { answers, cancelled };
}

describe('renderer api over the bridge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cancels the previous search in main when a new keystroke supersedes it', async () => {
    const { answers, cancelled } = pendingBridge();
    const search = latestOnly(searchInstruments);
    const first = search({ Keywords: 'n' }).catch((error: unknown) => error);
    const second = search({ Keywords: 'no' });
    expect(cancelled).toHaveLength(1);
    const firstError = await first;
    expect(isCancelled(firstError)).toBe(true);
    const [, answerSecond] = [...answers].find(([id]) => !cancelled.includes(id))!;
    answerSecond({ ok: true, result: { Data: [{ Symbol: 'NOKIA:xhel' }] } });
    expect(await second).toEqual({ Data: [{ Symbol: 'NOKIA:xhel' }] });
  });

  it('turns a failed call into a DeskCallError carrying the typed shape', async () => {
    const { answers } = pendingBridge();
    const pending = searchInstruments({ Keywords: 'x' });
    const [[, answer]] = [...answers];
    answer!({ ok: false, error: { code: 'InvalidArgument', message: 'Invalid argument', fields: { Keywords: ['Too long'] } } });
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeskCallError);
    expect(error).toMatchObject({ code: 'InvalidArgument', fields: { Keywords: ['Too long'] } });
  });

  it('does not start a call whose signal is already aborted', async () => {
    const { answers } = pendingBridge();
    const controller = new AbortController();
    controller.abort();
    await expect(searchInstruments({}, { signal: controller.signal })).rejects.toMatchObject({ code: 'Cancelled' });
    expect(answers.size).toBe(0);
  });
});
