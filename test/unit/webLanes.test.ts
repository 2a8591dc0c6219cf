import { describe, expect, it } from 'vitest';
import { createLanes, isPriorityChannel, ORDINARY_LANES } from '../../preload/webLanes';

const never = () => new AbortController().signal;

describe('the web shell page’s lanes for bridge calls', () => {
  it('leaves a sign-in and the heartbeat room beside the push stream and the ordinary calls', () => {
    // Chromium's six connections per host: the push stream, the ordinary calls, the sign-in's wait, one more.
    expect(1 + ORDINARY_LANES + 2).toBeLessThanOrEqual(6);
    expect(isPriorityChannel('session:signIn')).toBe(true);
    expect(isPriorityChannel('session:waitForSignIn')).toBe(true);
    expect(isPriorityChannel('corporateActions:events')).toBe(false);
  });

  it('lets `limit` calls go at once and the next ones in order as lanes free up', async () => {
    const lanes = createLanes(2);
    const started: string[] = [];
    const take = (name: string) => lanes.acquire(never()).then((release) => (started.push(name), release!));
    const first = await take('a');
    const second = await take('b');
    const third = take('c');
    const fourth = take('d');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    first();
    (await third)();
    expect(started).toEqual(['a', 'b', 'c']);
    second();
    await fourth;
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops a call cancelled while it waits, and a release given twice frees one lane', async () => {
    const lanes = createLanes(1);
    const held = (await lanes.acquire(never()))!;
    const cancelling = new AbortController();
    const cancelled = lanes.acquire(cancelling.signal);
    const next = lanes.acquire(never());
    cancelling.abort();
    expect(await cancelled).toBeUndefined();
    held();
    held();
    const nextRelease = await next;
    expect(nextRelease).toBeTypeOf('function');
    let extra = false;
    void lanes.acquire(never()).then(() => (extra = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The double release did not open a second lane.
    expect(extra).toBe(false);
  });
});
