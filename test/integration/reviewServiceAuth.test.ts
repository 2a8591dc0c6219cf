/**
 * Who may use the review service: tokens checked against the issuer's published keys (forged,
 * expired, other-issuer and wrongly signed tokens refused with 401), team members only (403),
 * roles, identity never from the body, and bad input answered with a clear 4xx.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAuditEntry, TeamDescription, TeamReviewErrorBody } from '../../contract/wire/review';
import { startReviewService, type RunningReviewService } from '../../main/reviewService/server';
import { Team } from '../../main/reviewService/team';
import { postgresMissingReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { ANALYST_A, OUTSIDER, VIEWER, writeAuditKey, writeTeamFile } from '../support/reviewService';
import { forgedToken, startTestIssuer, type TestIssuer } from '../support/testIssuer';

const missing = postgresMissingReason();

describe.skipIf(missing)(
  `who may use the team review service${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let postgres: TestPostgres;
    let issuer: TestIssuer;
    let otherIssuer: TestIssuer;
    let service: RunningReviewService;
    let databaseUrl: string;

    const call = async (path: string, token: string | undefined, init: RequestInit = {}) => {
      const response = await fetch(`${service.info.url}${path}`, {
        ...init,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(init.headers as Record<string, string>),
        },
      });
      return {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as TeamReviewErrorBody,
      };
    };
    const act = (token: string, actions: unknown[]) =>
      call('/v1/reviews/actions', token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          IdempotencyKey: randomUUID(),
          Deadline: new Date(Date.now() + 30_000).toISOString(),
          Actions: actions,
        }),
      });

    const auditKey = writeAuditKey().key;

    beforeAll(async () => {
      postgres = await startTestPostgres();
      databaseUrl = postgres.url(await postgres.createDatabase());
      [issuer, otherIssuer] = await Promise.all([startTestIssuer(), startTestIssuer()]);
      service = await startReviewService({
        databaseUrl,
        team: Team.load(writeTeamFile()),
        issuer: issuer.issuer,
        platformUrl: issuer.platformUrl,
        auditKey,
      });
    }, 60_000);

    afterAll(async () => {
      await service?.close();
      await Promise.all([issuer?.close(), otherIssuer?.close()]);
      postgres?.remove();
    });

    it('answers a member with a valid token: who they are comes from the token', async () => {
      const answer = await call('/v1/team', await issuer.token(ANALYST_A.userKey));
      expect(answer.status).toBe(200);
      expect((answer.body as unknown as TeamDescription).Me).toEqual({
        UserKey: ANALYST_A.userKey,
        Name: 'Clara Lindqvist',
        Roles: ['Analyst', 'Approver'],
      });
    });

    it('refuses missing, forged, expired, other-issuer and wrongly signed tokens with 401', async () => {
      const cases: [string, string | undefined, RegExp][] = [
        ['no token', undefined, /send the platform access token/],
        ['not a JWT', 'not-a-token', /cannot be used/],
        [
          'forged with the real key id',
          await forgedToken(issuer.issuer, ANALYST_A.userKey, await keyIdOf(issuer)),
          /not signed by the authorization server/,
        ],
        [
          'forged with an unknown key',
          await forgedToken(issuer.issuer, ANALYST_A.userKey),
          /not signed by the authorization server/,
        ],
        ['expired', await issuer.token(ANALYST_A.userKey, { expiresInSeconds: -60 }), /has expired/],
        // At most 5 s of clock leeway, either way.
        ['expired 7 s ago', await issuer.token(ANALYST_A.userKey, { expiresInSeconds: -7 }), /has expired/],
        [
          'not valid for another 10 s',
          await issuer.token(ANALYST_A.userKey, { claims: { nbf: Math.floor(Date.now() / 1000) + 10 } }),
          /"nbf" claim is not acceptable/,
        ],
        [
          'issued 10 s in the future',
          await issuer.token(ANALYST_A.userKey, { claims: { iat: Math.floor(Date.now() / 1000) + 10 } }),
          /issued in the future/,
        ],
        [
          'issued to another application',
          await issuer.token(ANALYST_A.userKey, { claims: { aid: 'someone-elses-app' } }),
          /^The bearer token was issued to the application someone-elses-app, which is not accepted by the team Corporate actions, Copenhagen/,
        ],
        [
          'issued to no application',
          await issuer.token(ANALYST_A.userKey, { claims: { aid: undefined } }),
          /names no application \(no aid claim\), so it is not accepted by the team/,
        ],
        [
          'another issuer, its own keys',
          await otherIssuer.token(ANALYST_A.userKey),
          /not signed by the authorization server/,
        ],
        [
          'right keys, another issuer named',
          await issuer.token(ANALYST_A.userKey, { issuer: otherIssuer.issuer }),
          /issued by another authorization server/,
        ],
        ['HS256 with a guessed secret', await hs256Token(issuer.issuer), /not signed with RS256/],
        [
          'no user in it',
          await issuer.token(ANALYST_A.userKey, { claims: { uid: undefined } }),
          /"uid" claim/,
        ],
      ];
      for (const [name, token, message] of cases) {
        for (const path of ['/v1/team', '/v1/reviews?EventIds=E1', '/v1/events/stream']) {
          const answer = await call(path, token);
          expect(answer.status, `${name} on ${path}`).toBe(401);
          expect(answer.body.ErrorCode, name).toBe('Unauthorized');
          expect(answer.body.Message, name).toMatch(message);
          expect(answer.headers.get('www-authenticate'), name).toMatch(/^Bearer/);
        }
      }
      const refused = await act(await issuer.token(ANALYST_A.userKey, { expiresInSeconds: -60 }), [
        { Action: 'SetFlagged', EventId: 'AUTH-1', Version: 0, Flagged: true },
      ]);
      expect(refused.status).toBe(401);
    });

    it('allows clocks that differ by a few seconds', async () => {
      const now = Math.floor(Date.now() / 1000);
      for (const token of [
        await issuer.token(ANALYST_A.userKey, { expiresInSeconds: -2 }),
        await issuer.token(ANALYST_A.userKey, { claims: { iat: now + 2, nbf: now + 2 } }),
      ])
        expect((await call('/v1/team', token)).status).toBe(200);
    });

    it('answers 503 when the platform cannot say whether a sign-in is still valid', async () => {
      const cut = await startReviewService({
        databaseUrl,
        team: Team.load(writeTeamFile()),
        issuer: issuer.issuer,
        platformUrl: 'http://127.0.0.1:9/openapi',
        auditKey,
      });
      try {
        const response = await fetch(`${cut.info.url}/v1/team`, {
          headers: { authorization: `Bearer ${await issuer.token(ANALYST_A.userKey)}` },
        });
        expect(response.status).toBe(503);
        expect(((await response.json()) as TeamReviewErrorBody).Message).toMatch(
          /^Team review unavailable: the platform cannot confirm that your sign-in is still valid/,
        );
      } finally {
        await cut.close();
      }
    });

    it('refuses a valid token of someone outside the team with 403, everywhere', async () => {
      const token = await issuer.token(OUTSIDER.userKey);
      for (const answer of [
        await call('/v1/team', token),
        await call('/v1/audit', token),
        await call('/v1/events/stream', token),
        await act(token, [{ Action: 'SetRead', EventId: 'AUTH-2', Read: true }]),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({
          ErrorCode: 'NotTeamMember',
          Message: `User ${OUTSIDER.userKey} is not a member of the team Corporate actions, Copenhagen; ask the team's administrator to add you.`,
          UserKey: OUTSIDER.userKey,
          TeamName: 'Corporate actions, Copenhagen',
          Removed: false,
        });
      }
    });

    it('lets a viewer keep read marks but not change the shared state', async () => {
      const token = await issuer.token(VIEWER.userKey);
      expect((await act(token, [{ Action: 'SetRead', EventId: 'AUTH-3', Read: true }])).status).toBe(200);
      const flag = await act(token, [{ Action: 'SetFlagged', EventId: 'AUTH-3', Version: 0, Flagged: true }]);
      expect(flag.status).toBe(403);
      expect(flag.body.Message).toBe(
        'SetFlagged needs the Analyst role in the team; Amelia Ortiz does not have it.',
      );
    });

    it('never takes identity from the body, and records the token’s user', async () => {
      const token = await issuer.token(ANALYST_A.userKey);
      const spoofed = await act(token, [
        { Action: 'AddNote', EventId: 'AUTH-4', Note: 'x', By: { UserKey: VIEWER.userKey } },
      ]);
      expect(spoofed.status).toBe(400);
      expect(spoofed.body.ErrorCode).toBe('InvalidRequest');
      expect((await act(token, [{ Action: 'AddNote', EventId: 'AUTH-4', Note: 'Checked.' }])).status).toBe(
        200,
      );
      const audit = await call('/v1/audit?EventId=AUTH-4', token);
      expect((audit.body as unknown as { Data: TeamAuditEntry[] }).Data.map((entry) => entry.By)).toEqual([
        { UserKey: ANALYST_A.userKey, Name: 'Clara Lindqvist' },
      ]);
    });

    it('answers bad input with a clear 400 (never a 500)', async () => {
      const token = await issuer.token(ANALYST_A.userKey);
      const unparseable = await call('/v1/reviews/actions', token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"Actions": [',
      });
      expect(unparseable.status).toBe(400);
      const cases: [number, Promise<{ status: number; body: TeamReviewErrorBody }>, RegExp][] = [
        [400, act(token, []), /Send at least one action/],
        [
          400,
          act(token, [{ Action: 'SetFlagged', EventId: '../../etc', Version: 0, Flagged: true }]),
          /event id/,
        ],
        [
          400,
          act(token, [{ Action: 'SetFlagged', EventId: 'E1', Version: -1, Flagged: true }]),
          /never negative/,
        ],
        [
          400,
          call(`/v1/reviews?EventIds=${Array.from({ length: 201 }, (_, i) => `E${i}`).join(',')}`, token),
          /At most 200/,
        ],
        [400, call('/v1/reviews?Colour=red', token), /could not be used/],
        [
          400,
          call('/v1/reviews?EventIds=E1&Flagged=true', token),
          /EventIds, or filter the work queue, not both/,
        ],
        [400, call('/v1/audit?FromDateTime=yesterday', token), /end in Z/],
        [400, call('/v1/events/stream', token, { headers: { 'last-event-id': 'abc' } }), /Last-Event-ID/],
        [404, call('/v1/nothing-here', token), /No such resource/],
      ];
      for (const [status, pending, message] of cases) {
        const answer = await pending;
        expect(answer.status, message.source).toBe(status);
        expect(answer.body.Message).toMatch(message);
      }
    });

    it('answers 503 when the authorization server’s keys cannot be fetched', async () => {
      const blind = await startReviewService({
        databaseUrl,
        team: Team.load(writeTeamFile()),
        issuer: issuer.issuer,
        platformUrl: issuer.platformUrl,
        jwksUrl: 'http://127.0.0.1:9/nothing/jwks.json',
        auditKey,
      });
      try {
        const response = await fetch(`${blind.info.url}/v1/team`, {
          headers: { authorization: `Bearer ${await issuer.token(ANALYST_A.userKey)}` },
        });
        expect(response.status).toBe(503);
        expect(((await response.json()) as TeamReviewErrorBody).ErrorCode).toBe(
          'AuthorizationServerUnavailable',
        );
      } finally {
        await blind.close();
      }
    });
  },
);

/** The key id the issuer publishes. */
async function keyIdOf(issuer: TestIssuer): Promise<string> {
  const jwks = (await (await fetch(issuer.jwksUrl)).json()) as { keys: { kid: string }[] };
  return jwks.keys[0]!.kid;
}

/** An HMAC-signed token: a classic attempt to make a verifier use its public key as a shared secret. */
function hs256Token(iss: string): Promise<string> {
  return new SignJWT({ uid: ANALYST_A.userKey })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(iss)
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode('a guessed secret of thirty-two bytes!'));
}
