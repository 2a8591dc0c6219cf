/**
 * Access tokens as the platform issues them (platform-facts section 3): RS256 JWTs whose header
 * names the signing key (`kid`) and its certificate (`x5t`), with the platform's claim names.
 * The key is this run's SigningKey, published at `{auth_url}/.well-known/jwks.json`. `jose` does
 * the signing and the checking of signature, algorithm, issuer and expiry.
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { SIGNING_ALGORITHM, type SigningKey } from './signingKey';

/** The claims the simulator puts in (and reads back from) an access token. */
export interface AccessTokenClaims {
  /** Issuer: the authorization server URL. */
  iss: string;
  /** The OAuth application: registration number of the app the user signed in to. */
  oaa: string;
  /** AppKey of the application the token was issued to. */
  aid: string;
  /** UserKey of the signed-in user (how the simulator finds the user again). */
  uid: string;
  /** ClientKey of the user's own client. */
  cid: string;
  /** Whether the user is an administrator ("True"/"False", as the platform writes it). */
  isa: 'True' | 'False';
  /** Token id, unique per token. */
  tid: string;
  /** Session id: shared by every token of one sign-in, refreshed or not; revocation ends it. */
  sid: string;
  /** The application data group: which of the service's endpoints the token may call. */
  dgi: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  iat: number;
  /** The user's UserId (RFC 9068's subject; RefDesk's client keys its local state by it). */
  sub: string;
  /** The user's display name, so a client can say who is signed in without another call. */
  name?: string;
}

export interface TokenSubject {
  userId: string;
  userKey: string;
  clientKey: string;
  isAdmin: boolean;
  appKey: string;
  /** The app's registration number (`oaa`). */
  appNumber: number;
  sessionId: string;
  name?: string;
}

/**
 * The simulator grants every approved application the same data group: all of the endpoints it
 * serves (reference data, corporate actions, the application directory).
 */
export const SIMULATOR_DATA_GROUP_ID = '1';

/** The claims every token of this server carries; a token missing one is not one of ours. */
const REQUIRED_CLAIMS = ['exp', 'oaa', 'aid', 'uid', 'cid', 'isa', 'tid', 'sid', 'dgi'];

export class AccessTokenIssuer {
  constructor(
    private readonly key: SigningKey,
    readonly ttlSeconds: number,
  ) {}

  /** Signs an access token for `subject`, issued by `issuer` at `now`. */
  async issue(subject: TokenSubject, issuer: string, now: Date): Promise<{ accessToken: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + this.ttlSeconds) * 1000);
    const accessToken = await new SignJWT({
      oaa: String(subject.appNumber),
      aid: subject.appKey,
      uid: subject.userKey,
      cid: subject.clientKey,
      isa: subject.isAdmin ? 'True' : 'False',
      tid: randomUUID(),
      sid: subject.sessionId,
      dgi: SIMULATOR_DATA_GROUP_ID,
      ...(subject.name ? { name: subject.name } : {}),
    })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: 'JWT', kid: this.key.keyId, x5t: this.key.certificateThumbprint })
      .setIssuer(issuer)
      .setSubject(subject.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key.privateKey);
    return { accessToken, expiresAt };
  }

  /**
   * The claims of a token this run signed, checked at `now`; rejects (with a jose error) a
   * token that is malformed, forged, signed with another algorithm, expired or from another issuer.
   */
  async verify(token: string, issuer: string, now: Date): Promise<AccessTokenClaims> {
    return this.verifyKnown(token, issuer, now) ?? (await this.verifySignature(token, issuer, now));
  }

  /**
   * The claims of a token whose signature this run has already verified, checked for expiry at
   * `now` (a jose JWTExpired error when expired); undefined when the token is not known yet.
   * The RS256 check costs more than serving most requests and a token's signature never
   * changes, so known tokens are checked without it, and without waiting. Callers still check
   * that the token's session is active.
   */
  verifyKnown(token: string, issuer: string, now: Date): AccessTokenClaims | undefined {
    const known = this.verified.get(token);
    if (!known || known.iss !== issuer) return undefined;
    if (known.exp * 1000 <= now.getTime()) throw new errors.JWTExpired('"exp" claim timestamp check failed', { ...known }, 'exp', 'check_failed');
    return known;
  }

  /**
   * The claims of a token this run signed for `issuer`, expired or not (revoking an expired
   * token still ends its session); undefined for anything else.
   */
  async claimsOfOwnToken(token: string, issuer: string, now: Date): Promise<AccessTokenClaims | undefined> {
    try {
      return await this.verify(token, issuer, now);
    } catch (error) {
      // jose checks the signature, then the issuer, before the expiry: an expired token's
      // claims are those of a genuine token of this issuer.
      if (error instanceof errors.JWTExpired && error.payload.iss === issuer) return error.payload as unknown as AccessTokenClaims;
      return undefined;
    }
  }

  private async verifySignature(token: string, issuer: string, now: Date): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify(token, this.key.publicKey, {
      algorithms: [SIGNING_ALGORITHM],
      issuer,
      currentDate: now,
      requiredClaims: REQUIRED_CLAIMS,
    });
    const claims = payload as unknown as AccessTokenClaims;
    this.verified.set(token, claims);
    return claims;
  }

  /** Tokens whose signature this run has verified (bounded; evicted least recently used). */
  private readonly verified = new LRUCache<string, AccessTokenClaims>({ max: 10_000 });
}
