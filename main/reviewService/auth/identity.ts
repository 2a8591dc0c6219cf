/**
 * Who is calling: the bearer token's signature is checked against the authorization server's
 * published keys (JWKS, fetched and cached by jose), RS256 only, from the configured issuer,
 * unexpired and not issued in the future (5 s of clock leeway at most), issued to an
 * application the team accepts (`aid`, team.json `appKeys`); the user key comes from the token's
 * claims (one small mapping function), the display name and roles from the team configuration.
 * Nothing about the caller is taken from the request body. Whether the platform still honours
 * the token (revocation) is asked separately (revocation.ts), after these cheaper checks.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import { notTeamMember, ReviewServiceError } from '../errors';
import type { Member, Team } from '../team';

/** What the service takes from a verified access token. */
export interface TokenIdentity {
  /** The platform's UserKey of the signed-in user. */
  userKey: string;
  /** The platform's ClientKey of the user's client, when the token carries it. */
  clientKey?: string;
  /** The AppKey of the application the token was issued to (`aid`), when it carries one. */
  appKey?: string;
  /** When the token stops being valid (live streams end then). */
  expiresAt: Date;
}

/** The caller of a request: a team member, their token (to ask the platform with) and when it expires. */
export interface Caller extends Member {
  token: string;
  /** The application the token was issued to (one the team accepts). */
  appKey: string;
  tokenExpiresAt: Date;
}

/**
 * The claim mapping: the platform's access tokens carry the UserKey in `uid` and the ClientKey
 * in `cid` (platform-facts.md section 3). A token without `uid` names nobody.
 */
export function identityFromClaims(claims: JWTPayload): TokenIdentity {
  const { uid, cid, aid, exp } = claims;
  if (typeof uid !== 'string' || uid === '')
    throw unauthorized('The bearer token names no user (no uid claim).');
  return {
    userKey: uid,
    ...(typeof cid === 'string' && cid !== '' ? { clientKey: cid } : {}),
    ...(typeof aid === 'string' && aid !== '' ? { appKey: aid } : {}),
    expiresAt: new Date((exp ?? 0) * 1000),
  };
}

export interface TokenVerifierOptions {
  /** The authorization server's URL, exactly as tokens carry it in `iss`. */
  issuer: string;
  /** Where its keys are published; default `{issuer}/.well-known/jwks.json`. */
  jwksUrl?: string;
  /** Where a failed fetch of the keys at start is said (the service's log). */
  log?: (line: string) => void;
}

/** The JWKS URL used when none is configured. */
export function defaultJwksUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/jwks.json`;
}

/** Small leeway for clocks of the authorization server and the service that differ a little (exp, nbf, iat). */
export const CLOCK_TOLERANCE_SECONDS = 5;
/**
 * How long a verified signature is trusted without checking it again: never past the token's
 * expiry, and no longer than the keys themselves are cached (a key withdrawn from the JWKS is
 * noticed within this time either way).
 */
const VERIFIED_FOR_MS = 5 * 60_000;

/** Builds the check every API request goes through: Authorization header → team member, or a 401/403/503. */
export function createCallerCheck(
  team: Team,
  options: TokenVerifierOptions,
): (authorization: string | undefined) => Promise<Caller> {
  const jwksUrl = options.jwksUrl ?? defaultJwksUrl(options.issuer);
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 3000 });
  // Fetched at start, so the first desk to connect does not wait for them (nor a slow
  // authorization server make its first connection look like a dead replica); a failure here
  // is only said: each request fetches them again until they come.
  keys.reload().catch((error: unknown) =>
    options.log?.(
      `The authorization server's keys (${jwksUrl}) cannot be fetched yet: ${(error as Error).message}. Requests fetch them again.`,
    ),
  );
  // The RS256 check costs more than most requests; a token's signature never changes.
  const verified = new LRUCache<string, JWTPayload>({
    max: 10_000,
    ttl: VERIFIED_FOR_MS,
    ttlAutopurge: false,
  });
  return async (authorization) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token)
      throw unauthorized('Sign in: send the platform access token as "Authorization: Bearer <token>".');
    let claims = verified.get(token);
    if (claims && (claims.exp ?? 0) * 1000 <= Date.now() - CLOCK_TOLERANCE_SECONDS * 1000) {
      verified.delete(token);
      throw unauthorized('The bearer token has expired; sign in again.');
    }
    if (!claims) {
      try {
        ({ payload: claims } = await jwtVerify(token, keys, {
          issuer: options.issuer,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'uid'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (error) {
        throw tokenRefused(error);
      }
      // jose checks iat only with maxTokenAge; a token from the future is a clock (or a forger) to refuse.
      if (typeof claims.iat === 'number' && claims.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS)
        throw unauthorized('The bearer token is issued in the future (its "iat"): check the clocks, then sign in again.');
      verified.set(token, claims);
    }
    const identity = identityFromClaims(claims);
    if (!identity.appKey || !team.acceptsApplication(identity.appKey)) {
      throw unauthorized(
        identity.appKey
          ? `The bearer token was issued to the application ${identity.appKey}, which is not accepted by the team ${team.name}: sign in with an application the team accepts.`
          : `The bearer token names no application (no aid claim), so it is not accepted by the team ${team.name}.`,
      );
    }
    const member = team.member(identity.userKey);
    if (!member) {
      throw notTeamMember(identity.userKey, team.name);
    }
    return { ...member, token, appKey: identity.appKey, tokenExpiresAt: identity.expiresAt };
  };
}

function unauthorized(message: string): ReviewServiceError {
  return new ReviewServiceError(401, 'Unauthorized', message);
}

/** Why a token was refused, in words a client developer can act on (503 when the keys cannot be fetched). */
function tokenRefused(error: unknown): ReviewServiceError {
  if (error instanceof ReviewServiceError) return error;
  if (error instanceof errors.JWTExpired) return unauthorized('The bearer token has expired; sign in again.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss')
      return unauthorized('The bearer token was issued by another authorization server than this team uses.');
    return unauthorized(`The bearer token's "${error.claim}" claim is not acceptable: ${error.message}.`);
  }
  if (
    error instanceof errors.JWKSTimeout ||
    !(error instanceof errors.JOSEError) ||
    /Expected 200 OK/.test(error.message)
  ) {
    return new ReviewServiceError(
      503,
      'AuthorizationServerUnavailable',
      `The authorization server's keys cannot be fetched, so the token cannot be checked: ${(error as Error).message}`,
    );
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return unauthorized('The bearer token is not signed with RS256.');
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) {
    return unauthorized(
      'The bearer token is not signed by the authorization server (no matching key or a bad signature).',
    );
  }
  return unauthorized(`The bearer token cannot be used: ${error.message}`);
}
