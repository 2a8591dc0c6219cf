/**
 * A stand-in authorization server and platform for the review service's tests and bench: an
 * RS256 key pair and a tiny HTTP server publishing its public key at
 * `{issuer}/.well-known/jwks.json`, signing tokens shaped like the platform's (header `kid` +
 * `x5t`; claims `iss`, `uid` = UserKey, `cid` = ClientKey, `aid` = AppKey, `exp`), like the
 * simulator's authorization server does. It also stands in for the platform, for a token it
 * signed: `GET /openapi/port/v1/users/me` (200, or 401 once revoked), which the service asks to
 * learn of revocations, and `GET /openapi/ca/v2/events/{EventId}`, the corporate action events a
 * test publishes (the service reads an event's facts there when it is marked reviewed).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { EventFacts } from '../../contract/wire/review';

/** The AppKey the stand-in issuer's tokens are issued to (`aid`), accepted by writeTeamFile's team. */
export const TEST_APP_KEY = 'refdesk-test-desk';

export interface TestIssuer {
  /** The issuer URL (`iss`); the JWKS is at `{issuer}/.well-known/jwks.json`. */
  issuer: string;
  jwksUrl: string;
  /** The stand-in platform's API base (ends in /openapi), for `--platform-url`. */
  platformUrl: string;
  /** Revokes `token`: the stand-in platform answers 401 for it from now on. */
  revoke(token: string): void;
  /** How many times the stand-in platform was asked about a token. */
  platformChecks(): number;
  /** Signs a platform-style access token for `userKey` (default lifetime 20 minutes). */
  token(
    userKey: string,
    options?: { expiresInSeconds?: number; issuer?: string; claims?: Record<string, unknown> },
  ): Promise<string>;
  /** How many times the JWKS was fetched. */
  jwksFetches(): number;
  /**
   * Publishes (or replaces) an event on the stand-in platform: `facts` as the platform writes
   * them (EventType.Code, CorporateActionType, Electable, UpdatedDateTime) plus any other fields.
   */
  publishEvent(eventId: string, facts: EventFacts, fields?: Record<string, unknown>): void;
  /** How many event reads the stand-in platform answered. */
  eventReads(): number;
  close(): Promise<void>;
}

/** An event body as the platform writes it, with the given facts. */
export function platformEvent(eventId: string, facts: EventFacts, fields: Record<string, unknown> = {}) {
  return {
    EventId: eventId,
    EventType: { Code: facts.EventType, Name: facts.EventType },
    ...(facts.CorporateActionType ? { CorporateActionType: facts.CorporateActionType } : {}),
    ...(facts.Electable ? { Electable: facts.Electable } : {}),
    UpdatedDateTime: facts.UpdatedDateTime ?? '2026-11-02T08:00:00.000Z',
    EventState: 'Approved',
    EventStatus: 'Active',
    Holdings: [{ AccountId: 'reader-own-account', Amount: 1000 }],
    ...fields,
  };
}

/** Starts an issuer on a free 127.0.0.1 port. */
export async function startTestIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  let fetches = 0;
  let checks = 0;
  let reads = 0;
  const revoked = new Set<string>();
  const events = new Map<string, string>();
  let issuer = '';
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/openapi/port/v1/users/me') {
      checks++;
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      // Generous about clocks: what the tests time is the review service's own leeway, not this.
      jwtVerify(token, publicKey, { issuer, clockTolerance: 60 }).then(
        ({ payload }) => {
          if (revoked.has(token)) return response.writeHead(401).end();
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ UserKey: payload.uid }));
        },
        () => response.writeHead(401).end(),
      );
      return;
    }
    if (url.endsWith('/.well-known/jwks.json')) {
      fetches++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [{ ...jwk, kid, use: 'sig', alg: 'RS256' }] }));
      return;
    }
    const event = /^\/openapi\/ca\/v2\/events\/([^/?]+)/.exec(url);
    if (event) {
      reads++;
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      jwtVerify(token, publicKey, { issuer, clockTolerance: 60 }).then(
        () => {
          if (revoked.has(token)) return response.writeHead(401).end();
          const body = events.get(decodeURIComponent(event[1]!));
          if (!body)
            response
              .writeHead(404, { 'content-type': 'application/json' })
              .end('{"ErrorCode":"NotFound","Message":"No such event."}');
          else response.writeHead(200, { 'content-type': 'application/json' }).end(body);
        },
        () => response.writeHead(401).end(),
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  issuer = `${origin}/auth`;
  return {
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    platformUrl: `${origin}/openapi`,
    revoke: (token) => revoked.add(token),
    platformChecks: () => checks,
    token: (userKey, options = {}) => signToken(privateKey, kid, userKey, { issuer, ...options }),
    jwksFetches: () => fetches,
    publishEvent: (eventId, facts, fields) =>
      events.set(eventId, JSON.stringify(platformEvent(eventId, facts, fields))),
    eventReads: () => reads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A token signed by a key nobody published (a forgery), claiming to come from `issuer`. */
export async function forgedToken(issuer: string, userKey: string, kid?: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return signToken(privateKey, kid ?? 'forged-key', userKey, { issuer });
}

async function signToken(
  key: CryptoKey,
  kid: string,
  userKey: string,
  options: { issuer: string; expiresInSeconds?: number; claims?: Record<string, unknown> },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return (
    new SignJWT({
      uid: userKey,
      cid: `client-of-${userKey}`,
      aid: TEST_APP_KEY,
      isa: 'False',
      ...options.claims,
    })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        kid,
        x5t: createHash('sha1').update(kid).digest('base64url'),
      })
      .setIssuer(options.issuer)
      .setSubject(userKey)
      // An `iat` among the claims wins (a token from a clock ahead of ours).
      .setIssuedAt(typeof options.claims?.iat === 'number' ? options.claims.iat : now)
      .setExpirationTime(now + (options.expiresInSeconds ?? 1200))
      .sign(key)
  );
}
