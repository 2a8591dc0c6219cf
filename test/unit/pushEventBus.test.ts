import { describe, expect, it, vi } from 'vitest';
import { PushEventBus } from '../../main/core/events';

describe('PushEventBus', () => {
  it('gives a late subscriber the current connection state at once, but not past moments', () => {
    const bus = new PushEventBus();
    bus.emit('connection:status', { state: 'offline', detail: 'unreachable' });
    bus.emit('connection:status', { state: 'online' });
    bus.emit('session:expiring', { expiresAt: '2026-11-21T12:00:00Z', secondsLeft: 30 });
    const late = vi.fn();
    bus.subscribe(late);
    expect(late.mock.calls).toEqual([['connection:status', { state: 'online' }]]);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = new PushEventBus();
    const listener = vi.fn();
    const unsubscribe = bus.subscribe(listener);
    bus.emit('session:expiring', { expiresAt: '2026-11-21T12:00:00Z', secondsLeft: 30 });
    unsubscribe();
    bus.emit('connection:status', { state: 'degraded' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses a payload that does not match the contract, before any renderer sees it', () => {
    const bus = new PushEventBus();
    const listener = vi.fn();
    bus.subscribe(listener);
    expect(() => bus.emit('connection:status', { state: 'sleeping' } as never)).toThrow();
    expect(() => bus.emit('session:changed', { signedIn: true, profileId: 'embedded', token: 'x' } as never)).toThrow();
    expect(listener).not.toHaveBeenCalled();
  });
});
