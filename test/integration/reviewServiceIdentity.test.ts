/**
 * The review service's caller check on its own: the authorization server's keys are fetched when
 * it is made (a failure said in the log); a verified token is remembered (the RS256 check is not
 * repeated on every request) but never past its expiry.
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

  it('fetches the keys when it is made, so the first caller does not wait for them', async () => {
    const before = issuer.jwksFetches();
    const check = createCallerCheck(Team.load(writeTeamFile()), { issuer: issuer.issuer });
    await vi.waitFor(() => expect(issuer.jwksFetches()).toBe(before + 1));
    const token = await issuer.token(ANALYST_A.userKey, { expiresInSeconds: 60 });
    expect((await check(`Bearer ${token}`)).name).toBe('Clara Lindqvist');
    expect(issuer.jwksFetches()).toBe(before + 1);
  });

  it('says in its log when the keys cannot be fetched at start, and refuses callers as unavailable meanwhile', async () => {
    const lines: string[] = [];
    const jwksUrl = 'http://127.0.0.1:1/.well-known/jwks.json';
    const check = createCallerCheck(Team.load(writeTeamFile()), { issuer: issuer.issuer, jwksUrl, log: (line) => lines.push(line) });
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toContain(`The authorization server's keys (${jwksUrl}) cannot be fetched yet`);
    const token = await issuer.token(ANALYST_A.userKey, { expiresInSeconds: 60 });
    await expect(check(`Bearer ${token}`)).rejects.toMatchObject({ status: 503 });
  });

  it('trusts a verified token until it expires, then refuses it', async () => {
    const before = issuer.jwksFetches();
    const check = createCallerCheck(Team.load(writeTeamFile()), { issuer: issuer.issuer });
    const token = await issuer.token(ANALYST_A.userKey, { expiresInSeconds: 60 });
    expect((await check(`Bearer ${token}`)).name).toBe('Clara Lindqvist');
    expect((await check(`Bearer ${token}`)).name).toBe('Clara Lindqvist');
    expect(issuer.jwksFetches()).toBe(before + 1);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 70_000 });
    const refused = await check(`Bearer ${token}`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ReviewServiceError);
    expect(refused).toMatchObject({ status: 401, message: 'The bearer token has expired; sign in again.' });
  });
});
