import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../main/simulator/http/rateLimit';

describe('rate limits per session per service group', () => {
  const subject = { sessionId: 's1', appKey: 'app-1' };

  it('counts down Remaining, refuses with Retry-After at the limit, and starts again after the window', () => {
    let now = Date.UTC(2026, 2, 2, 10, 0, 0);
    const limiter = new RateLimiter({ sessionPerMinute: 2, instrumentSearchPerMinute: 100, appPerDay: 1000 }, () => now);
    expect(limiter.take(subject, 'ref', false).headers).toMatchObject({
      'x-ratelimit-session-limit': '2',
      'x-ratelimit-session-remaining': '1',
      'x-ratelimit-session-reset': '60',
      'x-ratelimit-appday-limit': '1000',
      'x-ratelimit-appday-remaining': '999',
      'x-ratelimit-appday-reset': String(14 * 3600),
    });
    now += 20_000;
    expect(limiter.take(subject, 'ref', false).retryAfter).toBeUndefined();
    const refused = limiter.take(subject, 'ref', false);
    expect(refused.retryAfter).toBe(40);
    expect(refused.headers['x-ratelimit-session-remaining']).toBe('0');
    // Another service group and another session have their own budgets.
    expect(limiter.take(subject, 'ca', false).retryAfter).toBeUndefined();
    expect(limiter.take({ ...subject, sessionId: 's2' }, 'ref', false).retryAfter).toBeUndefined();
    now += 40_000;
    expect(limiter.take(subject, 'ref', false).headers['x-ratelimit-session-remaining']).toBe('1');
  });

  it('gives instrument search its own RefDataInstrumentsMinute budget and counts AppDay across sessions', () => {
    const now = Date.UTC(2026, 2, 2, 23, 59, 30);
    const limiter = new RateLimiter({ sessionPerMinute: 100, instrumentSearchPerMinute: 1, appPerDay: 3 }, () => now);
    const search = limiter.take(subject, 'ref', true);
    expect(search.headers['x-ratelimit-refdatainstrumentsminute-remaining']).toBe('0');
    expect(limiter.take(subject, 'ref', false).headers['x-ratelimit-refdatainstrumentsminute-limit']).toBeUndefined();
    expect(limiter.take(subject, 'ref', true).retryAfter).toBe(60);
    const third = limiter.take({ ...subject, sessionId: 's2' }, 'ref', false);
    expect(third.headers['x-ratelimit-appday-remaining']).toBe('0');
    const overDay = limiter.take({ ...subject, sessionId: 's3' }, 'ref', false);
    expect(overDay.retryAfter).toBe(30);
  });
});
