/**
 * Access tokens: RS256 JWTs with the platform's claim names, signed by a key pair the simulator
 * generates on every start (so tokens of an earlier run are refused). `jose` does the signing
 * and the checking of signature, algorithm and expiry.
 */
import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, errors, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { LRUCache } from 'lru-cache';

/** The claims the simulator puts in (and reads back from) an access token. */
export interface AccessTokenClaims {
  /** Issuer: the authorization server URL. */
  iss: string;
  /** The user id (standard claim, how the simulator finds the user again). */
  sub: string;
  /** UserKey of the signed-in user. */
  uid: string;
  /** ClientKey of the user's client. */
  cid: string;
  /** AppKey of the application the token was issued to. */
  aid: string;
  /** Session id: shared by every token of one sign-in, refreshed or not. */
  sid: string;
  /** Token id, unique per token. */
  tid: string;
  /** Whether the user is an administrator ("True"/"False", as the platform writes it). */
  isa: 'True' | 'False';
  /** Expiry, seconds since the epoch. */
  exp: number;
  iat: number;
}

export interface TokenSubject {
  userId: string;
  userKey: string;
  clientKey: string;
  isAdmin: boolean;
  appKey: string;
  sessionId: string;
  name?: string;
}

const ALGORITHM = 'RS256';

export class AccessTokenIssuer {
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    /** `kid` of the signing key (its RFC 7638 JWK thumbprint). */
    readonly keyId: string,
    readonly ttlSeconds: number,
  ) {}

  /** A fresh signing key pair for this run. */
  static async create(ttlSeconds: number): Promise<AccessTokenIssuer> {
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM);
    const keyId = await calculateJwkThumbprint(await exportJWK(publicKey));
    return new AccessTokenIssuer(privateKey, publicKey, keyId, ttlSeconds);
  }

  /** Signs an access token for `subject`, issued by `issuer` at `now`. */
  async issue(subject: TokenSubject, issuer: string, now: Date): Promise<{ accessToken: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + this.ttlSeconds) * 1000);
    const accessToken = await new SignJWT({
      uid: subject.userKey,
      cid: subject.clientKey,
      aid: subject.appKey,
      sid: subject.sessionId,
      tid: randomUUID(),
      isa: subject.isAdmin ? 'True' : 'False',
      ...(subject.name ? { name: subject.name } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: this.keyId })
      .setIssuer(issuer)
      .setSubject(subject.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.privateKey);
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

  private async verifySignature(token: string, issuer: string, now: Date): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify(token, this.publicKey, {
      algorithms: [ALGORITHM],
      issuer,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'uid', 'cid', 'aid', 'sid'],
    });
    const claims = payload as unknown as AccessTokenClaims;
    this.verified.set(token, claims);
    return claims;
  }

  /** Tokens whose signature this run has verified (bounded; evicted least recently used). */
  private readonly verified = new LRUCache<string, AccessTokenClaims>({ max: 10_000 });
}
