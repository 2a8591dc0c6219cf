/**
 * A stand-in authorization server and platform for the review service's tests and bench: an
 * RS256 key pair and a tiny HTTP server publishing its public key at
 * `{issuer}/.well-known/jwks.json`, signing tokens shaped like the platform's (header `kid` +
 * `x5t`; claims `iss`, `uid` = UserKey, `cid` = ClientKey, `exp`), like the simulator's
 * authorization server does; and at `{platformUrl}/ca/v2/events/{EventId}` the corporate action
 * events a test publishes (the review service reads an event's facts there when it is marked
 * reviewed), for a token it signed.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { EventFacts } from '../../contract/wire/review';

export interface TestIssuer {
  /** The issuer URL (`iss`); the JWKS is at `{issuer}/.well-known/jwks.json`. */
  issuer: string;
  jwksUrl: string;
  /** Signs a platform-style access token for `userKey` (default lifetime 20 minutes). */
  token(
    userKey: string,
    options?: { expiresInSeconds?: number; issuer?: string; claims?: Record<string, unknown> },
  ): Promise<string>;
  /** How many times the JWKS was fetched. */
  jwksFetches(): number;
  /** The stand-in platform's base URL (ends in /openapi), for the review service's `--platform-url`. */
  platformUrl: string;
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
  let reads = 0;
  const events = new Map<string, string>();
  let issuer = '';
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '';
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
      jwtVerify(token, publicKey, { issuer }).then(
        () => {
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
    token: (userKey, options = {}) => signToken(privateKey, kid, userKey, { issuer, ...options }),
    jwksFetches: () => fetches,
    platformUrl: `${origin}/openapi`,
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
  return new SignJWT({ uid: userKey, cid: `client-of-${userKey}`, isa: 'False', ...options.claims })
    .setProtectedHeader({
      alg: 'RS256',
      typ: 'JWT',
      kid,
      x5t: createHash('sha1').update(kid).digest('base64url'),
    })
    .setIssuer(options.issuer)
    .setSubject(userKey)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 1200))
    .sign(key);
}
