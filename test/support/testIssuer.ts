/**
 * A stand-in authorization server for the review service's tests and bench: an RS256 key pair
 * and a tiny HTTP server publishing its public key at `{issuer}/.well-known/jwks.json`, signing
 * tokens shaped like the platform's (header `kid` + `x5t`; claims `iss`, `uid` = UserKey,
 * `cid` = ClientKey, `aid` = AppKey, `exp`), like the simulator's authorization server does. It
 * also stands in for the platform's `GET /openapi/port/v1/users/me` (200 for its own tokens, 401
 * once revoked), which the service asks to learn of revocations.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';

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
  close(): Promise<void>;
}

/** Starts an issuer on a free 127.0.0.1 port. */
export async function startTestIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  let fetches = 0;
  let checks = 0;
  const revoked = new Set<string>();
  const server: Server = createServer((request, response) => {
    if (request.url === '/openapi/port/v1/users/me') {
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
    if (request.url?.endsWith('/.well-known/jwks.json')) {
      fetches++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [{ ...jwk, kid, use: 'sig', alg: 'RS256' }] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const issuer = `${origin}/auth`;
  return {
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    platformUrl: `${origin}/openapi`,
    revoke: (token) => revoked.add(token),
    platformChecks: () => checks,
    token: (userKey, options = {}) => signToken(privateKey, kid, userKey, { issuer, ...options }),
    jwksFetches: () => fetches,
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
