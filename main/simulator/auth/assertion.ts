/**
 * Verification of the signed-assertion ("personal JWT") grant of spec 5.2: an RS256 JWT whose
 * `x5t` names a certificate registered for the app, with `iss` = AppKey, `sub` = an existing
 * user, `aud` = the authorization server, `spurl` = the AppUrl, a short `exp`, never replayed.
 */
import { createHash } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { CertificateRegistry } from './certificateRegistry';
import type { AuthApp, AuthUsersAndApps, AuthUser } from './usersAndAppsPort';
import { OAuthError } from './oauthError';

/** Longest an assertion may live: the platform's samples use 3 s to 2 min. */
export const MAX_ASSERTION_LIFETIME_SECONDS = 300;
/** Allowed clock difference between the client and the simulator. */
const CLOCK_TOLERANCE_SECONDS = 30;

export interface AssertionCheck {
  assertion: string;
  app: AuthApp;
  /** Accepted `aud` values: the authorization server URL (spec) and its token endpoint. */
  audiences: string[];
  now: Date;
}

function refuse(description: string): OAuthError {
  return new OAuthError('invalid_grant', description);
}

export class AssertionVerifier {
  /** Assertions already used, by `jti` (or by their digest when they carry none), until they expire. */
  private usedCache: LRUCache<string, true> | undefined;
  // Made at first use: lru-cache allocates its `max` up front, 27 ms of every start for this one.
  private get used(): LRUCache<string, true> {
    return (this.usedCache ??= new LRUCache<string, true>({ max: 100_000 }));
  }

  constructor(
    private readonly certificates: CertificateRegistry,
    private readonly usersAndApps: AuthUsersAndApps,
  ) {}

  /** The user the assertion is for; throws an `invalid_grant` OAuthError naming the first failed rule. */
  async verify({ assertion, app, audiences, now }: AssertionCheck): Promise<AuthUser> {
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(assertion);
    } catch {
      throw refuse('The assertion is not a JWT.');
    }
    if (header.alg !== 'RS256')
      throw refuse(`The assertion must be signed with RS256 (got ${String(header.alg)}).`);
    if (typeof header.x5t !== 'string')
      throw refuse('The assertion header has no x5t certificate thumbprint.');
    const certificate = this.certificates.find(app.appKey, header.x5t);
    if (certificate === undefined)
      throw refuse('The x5t thumbprint names no certificate registered for this application.');
    if (now < certificate.validFrom || now > certificate.validTo)
      throw refuse('The certificate is not valid at this time.');

    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(assertion, certificate.publicKey, {
        algorithms: ['RS256'],
        issuer: app.appKey,
        audience: audiences,
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['iss', 'sub', 'aud', 'exp'],
      }));
    } catch (error) {
      throw refuse(describeJoseFailure(error));
    }

    const nowSeconds = now.getTime() / 1000;
    const exp = payload.exp as number;
    if (exp - nowSeconds > MAX_ASSERTION_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) {
      throw refuse(`The assertion expires too far ahead (at most ${MAX_ASSERTION_LIFETIME_SECONDS} s).`);
    }
    if (payload.spurl !== app.appUrl) throw refuse('The spurl claim is not the AppUrl of this application.');
    const user = typeof payload.sub === 'string' ? this.usersAndApps.findUserById(payload.sub) : undefined;
    if (user === undefined) throw refuse('The sub claim names no known user.');

    const replayKey =
      typeof payload.jti === 'string' ? `jti:${app.appKey}:${payload.jti}` : `jwt:${digest(assertion)}`;
    if (this.used.has(replayKey)) throw refuse('The assertion was already used.');
    const remainingMs = (exp + CLOCK_TOLERANCE_SECONDS - nowSeconds) * 1000;
    this.used.set(replayKey, true, { ttl: Math.max(1, Math.ceil(remainingMs)) });
    return user;
  }
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** jose's failure in the words a client developer needs. */
function describeJoseFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The assertion has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    const names: Record<string, string> = {
      iss: 'The iss claim must be the AppKey.',
      aud: 'The aud claim must be the authorization server URL.',
      sub: 'The assertion has no sub claim.',
      exp: 'The assertion has no exp claim.',
      nbf: 'The assertion is not valid yet.',
      iat: 'The assertion was issued in the future.',
    };
    return names[error.claim] ?? `The ${error.claim} claim is not valid.`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return 'The assertion signature does not verify against the certificate.';
  return 'The assertion could not be verified.';
}
