import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionTimers, sessionSchedule } from '../../main/core/session/sessionTimers';

const MINUTE = 60_000;

describe('session schedule', () => {
  it('warns two minutes before a 20-minute token expires and refreshes before warning', () => {
    const schedule = sessionSchedule(0, 20 * MINUTE, true);
    expect(schedule).toEqual({ warnAt: 18 * MINUTE, refreshAt: 20 * MINUTE - 150_000, expireAt: 20 * MINUTE });
  });

  it('has no refresh for a session without a refresh token', () => {
    expect(sessionSchedule(0, 20 * MINUTE, false).refreshAt).toBeUndefined();
  });

  it('keeps the order refresh < warning < expiry for short lifetimes', () => {
    for (const seconds of [6, 20, 90, 600]) {
      const { refreshAt, warnAt, expireAt } = sessionSchedule(1_000, 1_000 + seconds * 1000, true);
      expect(refreshAt).toBeLessThan(warnAt);
      expect(warnAt).toBeLessThan(expireAt);
      expect(refreshAt).toBeGreaterThan(1_000);
    }
  });
});

describe('session timers', () => {
  afterEach(() => vi.useRealTimers());

  it('fires refresh, warning and expiry at their times, and nothing after clear()', () => {
    vi.useFakeTimers({ now: 0 });
    const fired: string[] = [];
    const timers = new SessionTimers(Date.now);
    const handlers = { refresh: () => fired.push('refresh'), warn: () => fired.push('warn'), expire: () => fired.push('expire') };
    timers.schedule(sessionSchedule(0, 60_000, true), handlers);
    vi.advanceTimersByTime(29_999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['refresh']);
    vi.advanceTimersByTime(20_000);
    expect(fired).toEqual(['refresh', 'warn']);
    vi.advanceTimersByTime(10_000);
    expect(fired).toEqual(['refresh', 'warn', 'expire']);

    timers.schedule(sessionSchedule(Date.now(), Date.now() + 60_000, false), handlers);
    timers.clear();
    vi.advanceTimersByTime(120_000);
    expect(fired).toHaveLength(3);
  });

  it('waits correctly past the 24.8-day limit of Node timers', () => {
    vi.useFakeTimers({ now: 0 });
    const fired: string[] = [];
    const timers = new SessionTimers(Date.now);
    const thirtyDays = 30 * 24 * 60 * MINUTE;
    timers.schedule({ warnAt: thirtyDays, expireAt: thirtyDays + 1 }, { refresh: () => {}, warn: () => fired.push('warn'), expire: () => fired.push('expire') });
    vi.advanceTimersByTime(thirtyDays - 1);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(2);
    expect(fired).toEqual(['warn', 'expire']);
  });
});
