/**
 * Authorization codes of the code flow: random, short-lived, bound to the client, the redirect
 * URI and the PKCE challenge (when the request had one), and redeemable once. A second redemption is an attack signal
 * (RFC 6749 section 4.1.2), so it also revokes the session issued from the first.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface AuthorizationGrant {
  appKey: string;
  redirectUri: string;
  userId: string;
  /** The S256 challenge of the authorization request; absent for a confidential client's request without PKCE. */
  codeChallenge?: string;
  /** The key of the login session the code was issued from (sessions started with it record it). */
  loginSession?: string;
}

interface StoredCode extends AuthorizationGrant {
  expiresAt: number;
  used: boolean;
  /** The session whose tokens the first redemption issued, if it succeeded. */
  session?: string;
}

export type RedeemResult =
  | { ok: true; grant: AuthorizationGrant; recordSession(sessionId: string): void }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused'; sessionToRevoke?: string };

function digest(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}

export class AuthorizationCodeStore {
  private readonly codes = new Map<string, StoredCode>();

  constructor(private readonly ttlSeconds: number) {}

  /** A fresh code for `grant`, valid for the store's lifetime from `now`. */
  issue(grant: AuthorizationGrant, now: Date): string {
    this.prune(now);
    const code = randomBytes(32).toString('base64url');
    this.codes.set(digest(code), { ...grant, expiresAt: now.getTime() + this.ttlSeconds * 1000, used: false });
    return code;
  }

  /**
   * Uses a code up: any attempt, even one that later fails its PKCE check, spends it, so a
   * code cannot be tried twice. The caller records the session its tokens start.
   */
  redeem(code: string, now: Date): RedeemResult {
    const stored = this.codes.get(digest(code));
    if (stored === undefined) return { ok: false, reason: 'unknown' };
    if (stored.used) return { ok: false, reason: 'reused', ...(stored.session ? { sessionToRevoke: stored.session } : {}) };
    if (stored.expiresAt <= now.getTime()) return { ok: false, reason: 'expired' };
    stored.used = true;
    return {
      ok: true,
      grant: {
        appKey: stored.appKey,
        redirectUri: stored.redirectUri,
        userId: stored.userId,
        ...(stored.codeChallenge !== undefined ? { codeChallenge: stored.codeChallenge } : {}),
        ...(stored.loginSession !== undefined ? { loginSession: stored.loginSession } : {}),
      },
      recordSession: (sessionId) => (stored.session = sessionId),
    };
  }

  /** Used codes are kept until they expire, so that reuse is still recognised. */
  private prune(now: Date): void {
    for (const [key, stored] of this.codes) if (stored.expiresAt <= now.getTime()) this.codes.delete(key);
  }
}
