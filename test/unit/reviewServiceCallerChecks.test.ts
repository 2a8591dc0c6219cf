/**
 * The review service's checks of a caller that are decided without a network: how often the
 * platform is asked whether a token is still honoured and what the service concludes from its
 * answers (revocation.ts), and the per-member rate limits (memberLimits.ts), on a fake clock.
 */
import { describe, expect, it } from 'vitest';
import { createRevocationCheck } from '../../main/reviewService/auth/revocation';
import { ReviewServiceError } from '../../main/reviewService/errors';
import { MemberRateLimits } from '../../main/reviewService/http/memberLimits';
import type { PlatformAnswer, PlatformClient } from '../../main/reviewService/platform/platformClient';

/** A platform whose next answers the test sets, counting the questions. */
function fakePlatform() {
  const state = { answer: { reached: true, status: 200, body: {} } as PlatformAnswer, asked: 0 };
  const client: PlatformClient = {
    baseUrl: 'https://platform.example/openapi',
    get: async (path) => {
      expect(path).toBe('/port/v1/users/me');
      state.asked++;
      return state.answer;
    },
    close: async () => {},
  };
  return { state, client };
}

const refusalOf = (pending: Promise<unknown>) =>
  pending.then(
    () => undefined,
    (error: ReviewServiceError) => ({ status: error.status, message: error.message }),
  );

describe('asking the platform whether a token is still honoured', () => {
  it('asks at most once every 25 s per token, and only once for requests that come together', async () => {
    const { state, client } = fakePlatform();
    let now = 0;
    const check = createRevocationCheck(
      client,
      () => {},
      () => now,
    );
    await Promise.all([check.confirm('a'), check.confirm('a'), check.confirm('a')]);
    expect(state.asked).toBe(1);
    now = 24_999;
    await check.confirm('a');
    expect(state.asked).toBe(1);
    await check.confirm('b');
    expect(state.asked).toBe(2);
    now = 25_000;
    await check.confirm('a');
    expect(state.asked).toBe(3);
  });

  it('refuses a token for good once the platform answers 401; 403 still counts as honoured', async () => {
    const { state, client } = fakePlatform();
    let now = 0;
    const check = createRevocationCheck(
      client,
      () => {},
      () => now,
    );
    state.answer = { reached: true, status: 403, body: undefined };
    await check.confirm('a');
    now = 30_000;
    state.answer = { reached: true, status: 401, body: undefined };
    expect(await refusalOf(check.confirm('a', new Date(3_600_000)))).toEqual({
      status: 401,
      message: 'The platform no longer accepts this sign-in (it was revoked or ended): sign in again.',
    });
    state.answer = { reached: true, status: 200, body: {} };
    now = 90_000;
    expect((await refusalOf(check.confirm('a')))?.status).toBe(401);
    expect(state.asked).toBe(2);
  });

  it('waits for the platform on a token’s first use, but not on later confirmations (unless told to)', async () => {
    const { state, client } = fakePlatform();
    let now = 0;
    const check = createRevocationCheck(
      client,
      () => {},
      () => now,
    );
    state.answer = { reached: true, status: 401, body: undefined };
    // Never seen: refused before it gets in.
    expect((await refusalOf(check.confirm('revoked-before')))?.status).toBe(401);
    state.answer = { reached: true, status: 200, body: {} };
    await check.confirm('a');
    now = 26_000;
    state.answer = { reached: true, status: 401, body: undefined };
    // Confirmed 26 s ago: let through while the platform is asked; refused from its answer on.
    expect(await refusalOf(check.confirm('a'))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await refusalOf(check.confirm('a')))?.status).toBe(401);
    // A stream's periodic check waits for the answer.
    state.answer = { reached: true, status: 200, body: {} };
    await check.confirm('b');
    now = 52_000;
    state.answer = { reached: true, status: 401, body: undefined };
    expect((await refusalOf(check.confirm('b', undefined, { waitForPlatform: true })))?.status).toBe(401);
  });

  it('says "expired" (which a desk cures by renewing) for a 401 in the token’s last seconds', async () => {
    const { state, client } = fakePlatform();
    const check = createRevocationCheck(
      client,
      () => {},
      () => 100_000,
    );
    state.answer = { reached: true, status: 401, body: undefined };
    expect((await refusalOf(check.confirm('a', new Date(103_000))))?.message).toBe(
      'The bearer token has expired; sign in again.',
    );
  });

  it('trusts a confirmation up to 30 s old while the platform cannot answer, then answers 503, and logs once', async () => {
    const { state, client } = fakePlatform();
    const lines: string[] = [];
    let now = 0;
    const check = createRevocationCheck(
      client,
      (line) => lines.push(line),
      () => now,
    );
    await check.confirm('a');
    state.answer = { reached: false, reason: 'connect ECONNREFUSED' };
    now = 26_000;
    await check.confirm('a');
    now = 30_000;
    const refused = await refusalOf(check.confirm('a'));
    expect(refused?.status).toBe(503);
    expect(refused?.message).toMatch(
      /^Team review unavailable: the platform cannot confirm that your sign-in is still valid \(connect ECONNREFUSED\)/,
    );
    expect((await refusalOf(check.confirm('never-seen')))?.status).toBe(503);
    state.answer = { reached: true, status: 502, body: undefined };
    expect((await refusalOf(check.confirm('a')))?.message).toMatch(/it answered 502/);
    state.answer = { reached: true, status: 200, body: {} };
    await check.confirm('a');
    expect(lines).toEqual([
      expect.stringMatching(/^the platform cannot confirm sign-ins \(connect ECONNREFUSED\)/),
      'the platform answers again: sign-ins are confirmed again',
    ]);
  });
});

describe('limits per member', () => {
  const clara = { userKey: 'clara', name: 'Clara Lindqvist', roles: new Set(['Analyst' as const]) };
  const jonas = { userKey: 'jonas', name: 'Jonas Berger', roles: new Set(['Analyst' as const]) };

  it('allows a burst of twice the rate, then the rate, each member on their own', () => {
    let now = 0;
    const limits = new MemberRateLimits(
      { requestsPerSecond: 5, actionsPerSecond: 100, streams: 4 },
      () => now,
    );
    for (let count = 0; count < 10; count++) limits.request(clara);
    expect(() => limits.request(clara)).toThrow(
      /^Too many requests from Clara Lindqvist: at most 5 a second/,
    );
    limits.request(jonas);
    now = 200;
    limits.request(clara);
    expect(() => limits.request(clara)).toThrow(ReviewServiceError);
    try {
      limits.request(clara);
    } catch (error) {
      expect((error as ReviewServiceError).status).toBe(429);
      expect((error as ReviewServiceError).details.retryAfterSeconds).toBe(1);
    }
  });

  it('counts each action of a bulk call, allowing two full bulks at once', () => {
    let now = 0;
    const limits = new MemberRateLimits(
      { requestsPerSecond: 5, actionsPerSecond: 100, streams: 4 },
      () => now,
    );
    limits.reviewActions(clara, 1000);
    limits.reviewActions(clara, 1000);
    expect(() => limits.reviewActions(clara, 1)).toThrow(
      /^Too many review actions from Clara Lindqvist: at most 100 a second on this replica \(2000 at once\)/,
    );
    now = 10_000;
    limits.reviewActions(clara, 1000);
  });
});
