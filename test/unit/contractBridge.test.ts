import { describe, expect, it, vi } from 'vitest';
import { PendingCalls } from '../../main/core/ipc/pendingCalls';
import { buildDesk, type DeskTransport } from '../../preload/bridge';
import { channelNames } from '../../contract/channelNames';
import { type PushEventName } from '../../contract/events';
import { deliverEventBlock } from '../../preload/webEvents';

function fakeTransport() {
  let deliver: ((event: PushEventName, payload: unknown) => void) | undefined;
  const transport: DeskTransport = {
    invoke: vi.fn(async () => ({ ok: true as const, result: 'done' })),
    cancel: vi.fn(),
    heartbeat: vi.fn(async () => ({ ok: true as const, result: true as const })),
    listen: vi.fn((d) => (deliver = d)),
  };
  return { transport, push: (event: PushEventName, payload: unknown) => deliver?.(event, payload) };
}

describe('window.desk built from the contract', () => {
  it('has invoke, cancel, heartbeat and on only, is frozen, and forwards every listed channel', async () => {
    const { transport } = fakeTransport();
    const desk = buildDesk(transport);
    expect(Object.keys(desk).sort()).toEqual(['cancel', 'heartbeat', 'invoke', 'on']);
    expect(Object.isFrozen(desk)).toBe(true);
    for (const name of channelNames) await desk.invoke(name, undefined as never);
    expect(transport.invoke).toHaveBeenCalledTimes(channelNames.length);
  });

  it('refuses a channel the contract does not list without reaching main', async () => {
    const { transport } = fakeTransport();
    const desk = buildDesk(transport);
    expect(await desk.invoke('fs:readFile' as never, undefined as never)).toMatchObject({
      ok: false,
      error: { code: 'UnknownChannel' },
    });
    expect(transport.invoke).not.toHaveBeenCalled();
  });

  it('passes a request id so a superseded call can be cancelled by name', async () => {
    const { transport } = fakeTransport();
    const desk = buildDesk(transport);
    await desk.invoke('instruments:search', { Keywords: 'no' }, { requestId: 'r1' });
    await desk.invoke('reference:countries', undefined);
    expect(transport.invoke).toHaveBeenNthCalledWith(1, 'instruments:search', { Keywords: 'no' }, 'r1');
    expect(transport.invoke).toHaveBeenNthCalledWith(2, 'reference:countries', undefined, undefined);
    desk.cancel('r1');
    desk.cancel('x'.repeat(500));
    expect(transport.cancel).toHaveBeenCalledTimes(1);
  });

  it('delivers only listed push events, to subscribed listeners, until they unsubscribe', () => {
    const { transport, push } = fakeTransport();
    const desk = buildDesk(transport);
    const listener = vi.fn();
    const unsubscribe = desk.on('connection:status', listener);
    expect(() => desk.on('fs:changed' as PushEventName, vi.fn())).toThrow(TypeError);
    push('connection:status', { state: 'offline' });
    push('session:expiring', { expiresAt: 'x', secondsLeft: 5 });
    unsubscribe();
    push('connection:status', { state: 'online' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ state: 'offline' });
    expect(transport.listen).toHaveBeenCalledTimes(1);
  });

  it('parses server-sent event blocks of the web shell, ignoring unlisted events and bad data', () => {
    const delivered: unknown[] = [];
    const deliver = (event: string, payload: unknown) => delivered.push([event, payload]);
    deliverEventBlock('event: connection:status\ndata: {"state":"degraded"}', deliver);
    deliverEventBlock('event: evil:event\ndata: {}', deliver);
    deliverEventBlock('event: session:expiring\ndata: {not json', deliver);
    deliverEventBlock(': ping', deliver);
    expect(delivered).toEqual([['connection:status', { state: 'degraded' }]]);
  });
});

describe('pending calls in main (Electron cancellation)', () => {
  it('aborts the named call of the same window only', () => {
    const pending = new PendingCalls();
    const mine = pending.begin(1, 'search');
    const theirs = pending.begin(2, 'search');
    pending.cancel(2, 'other');
    pending.cancel(1, 'search');
    expect(mine.signal.aborted).toBe(true);
    expect(theirs.signal.aborted).toBe(false);
  });

  it('supersedes a call that reuses an id, and abandons every call of a closed window', () => {
    const pending = new PendingCalls();
    const first = pending.begin(1, 'search');
    const second = pending.begin(1, 'search');
    const unnamed = pending.begin(1, undefined);
    expect(first.signal.aborted).toBe(true);
    pending.cancelAll(1);
    expect(second.signal.aborted).toBe(true);
    expect(unnamed.signal.aborted).toBe(true);
    expect(pending.size).toBe(0);
  });

  it('forgets calls that answered', () => {
    const pending = new PendingCalls();
    pending.begin(1, 'a').end();
    pending.begin(1, undefined).end();
    expect(pending.size).toBe(0);
  });
});
