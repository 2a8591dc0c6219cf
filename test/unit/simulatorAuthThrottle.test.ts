import { describe, expect, it } from 'vitest';
import { describeLockout, LOGIN_NAME_POLICY, LoginThrottle, type ThrottleSubject } from '../../main/simulator/auth/loginThrottle';

const NOW = new Date('2026-03-02T10:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const demo: ThrottleSubject[] = [{ kind: 'loginName', value: 'demo' }];

describe('login throttle', () => {
  it('caps the growing lockout at 5 minutes', () => {
    const throttle = new LoginThrottle();
    let now = 0;
    let last;
    for (let failure = 1; failure <= 40; failure += 1) {
      last = throttle.recordFailure(demo, at(now));
      // The next attempt comes as soon as the lockout ends.
      now += last?.retryAfterMs ?? 0;
    }
    expect(last?.retryAfterMs).toBe(LOGIN_NAME_POLICY.maxLockoutMs);
    expect(describeLockout(last!)).toBe('Too many failed sign-ins for demo. Try again in 300 seconds.');
  });

  it('forgets failures after a quiet quarter of an hour, not before', () => {
    const throttle = new LoginThrottle();
    for (let failure = 1; failure <= 4; failure += 1) throttle.recordFailure(demo, NOW);
    expect(throttle.recordFailure(demo, at(14 * 60_000))).toMatchObject({ retryAfterMs: 1_000 });
    const again = new LoginThrottle();
    for (let failure = 1; failure <= 4; failure += 1) again.recordFailure(demo, NOW);
    expect(again.recordFailure(demo, at(15 * 60_000 + 1))).toBeUndefined();
  });

  it('keeps login names and addresses apart, and reports the longer lockout of the two', () => {
    const throttle = new LoginThrottle();
    const address: ThrottleSubject = { kind: 'clientAddress', value: '127.0.0.1' };
    for (let failure = 1; failure <= 5; failure += 1) throttle.recordFailure([{ kind: 'loginName', value: 'trader2' }, address], NOW);
    expect(throttle.lockout([{ kind: 'loginName', value: 'admin' }, address], NOW)).toBeUndefined();
    expect(throttle.lockout([{ kind: 'loginName', value: 'TRADER2' }, address], NOW)).toMatchObject({ subject: { kind: 'loginName' } });
  });
});
