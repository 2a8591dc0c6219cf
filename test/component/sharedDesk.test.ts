import { afterEach, describe, expect, it } from 'vitest';
import { call, DeskCallError, isCancelled, supersedingCalls } from '../../renderer/src/shared/desk';
import { installDesk, installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

describe('call() over the bridge', () => {
  afterEach(removeFakeDesk);

  it('cancels the previous search in main when a new keystroke supersedes it', async () => {
    const desk = installRecordingDesk({});
    const searches = supersedingCalls();
    const search = (Keywords: string) => call('instruments:search', { Keywords }, { signal: searches.start().signal });
    const first = search('n').catch((error: unknown) => error);
    const second = search('no');
    const [firstCall, secondCall] = desk.callsOf('instruments:search');
    expect(desk.calls.map((recorded) => recorded.channel)).toEqual(['instruments:search', 'instruments:search']);
    expect(desk.cancelled).toEqual([firstCall?.requestId]);
    expect(isCancelled(await first)).toBe(true);
    secondCall?.answer({ Data: [{ Symbol: 'NOKIA:xhel' }] });
    expect(await second).toEqual({ Data: [{ Symbol: 'NOKIA:xhel' }] });
  });

  it('turns a failed call into a DeskCallError carrying the typed shape', async () => {
    installDesk({
      'instruments:search': () => ({
        ok: false,
        error: { code: 'InvalidArgument', message: 'Invalid argument', fields: { Keywords: ['Too long'] } },
      }),
    });
    const error = await call('instruments:search', { Keywords: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeskCallError);
    expect(error).toMatchObject({ code: 'InvalidArgument', fields: { Keywords: ['Too long'] } });
  });

  it('does not start a call whose signal is already aborted', async () => {
    const desk = installRecordingDesk({});
    const controller = new AbortController();
    controller.abort();
    await expect(call('instruments:search', {}, { signal: controller.signal })).rejects.toMatchObject({
      code: 'Cancelled',
    });
    expect(desk.calls).toHaveLength(0);
  });
});
