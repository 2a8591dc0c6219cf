/**
 * The review service's caller check on its own: a verified token is remembered (the RS256 check
 * is not repeated on every request) but never past its expiry.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCallerCheck } from '../../main/reviewService/auth/identity';
import { ReviewServiceError } from '../../main/reviewService/errors';
import { Team } from '../../main/reviewService/team';
import { ANALYST_A, writeTeamFile } from '../support/reviewService';
import { startTestIssuer, type TestIssuer } from '../support/testIssuer';

describe('the caller check', () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await startTestIssuer();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await issuer.close();
  });

  it('trusts a verified token until it expires, then refuses it', async () => {
    const check = createCallerCheck(Team.load(writeTeamFile()), { issuer: issuer.issuer });
    const token = await issuer.token(ANALYST_A.userKey, { expiresInSeconds: 60 });
    expect((await check(`Bearer ${token}`)).name).toBe('Clara Lindqvist');
    expect((await check(`Bearer ${token}`)).name).toBe('Clara Lindqvist');
    expect(issuer.jwksFetches()).toBe(1);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 70_000 });
    const refused = await check(`Bearer ${token}`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ReviewServiceError);
    expect(refused).toMatchObject({ status: 401, message: 'The bearer token has expired; sign in again.' });
  });
});
