/**
 * Sign-in sessions and their refresh tokens. Every grant starts a session (the access token's
 * `sid`); a refresh token continues it. Refresh tokens rotate on every use, and presenting one
 * that was already rotated means it leaked: the whole session (its "family" of tokens, access
 * tokens included) is revoked (OAuth 2.0 Security BCP, section 4.14).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export interface Session {
  id: string;
  userId: string;
  appKey: string;
  /** The app's registration number (the tokens' `oaa`). */
  appNumber: number;
  /** Started by an authenticated (confidential) client: refreshing then requires its secret too. */
  confidential: boolean;
  /** The key of the login session the user signed in through, where there was one (not assertions). */
  loginSession?: string;
  revoked: boolean;
  /** When the user signed in (ms): the platform's `LastLoginTime` of `/port/v1/users/me`. */
  startedAt: number;
  /** When the last token issued in this session expires; the session is forgotten after it. */
  endsAt: number;
}

interface StoredRefreshToken {
  sessionId: string;
  expiresAt: number;
  rotated: boolean;
}

export type RotateResult =
  | { ok: true; session: Session }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'other_client' | 'secret_required' };

function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  /** Refresh tokens by their SHA-256: a memory dump does not hand out usable tokens. */
  private readonly refreshTokens = new Map<string, StoredRefreshToken>();

  constructor(private readonly refreshTokenTtlSeconds: number) {}

  /**
   * Starts a session for `userId` signed in through `appKey`, remembered at least until
   * `firstTokenExpiresAt`, when the token about to be issued in it expires. The token is signed
   * after the session starts (asynchronously): a session remembered only until `now` would be
   * forgotten by a sign-in starting meanwhile, and its token refused as of an ended session.
   */
  start(
    owner: {
      userId: string;
      appKey: string;
      appNumber: number;
      confidential: boolean;
      loginSession?: string;
    },
    now: Date,
    firstTokenExpiresAt: Date,
  ): Session {
    this.prune(now);
    const session: Session = {
      id: randomUUID(),
      ...owner,
      revoked: false,
      startedAt: now.getTime(),
      endsAt: Math.max(now.getTime(), firstTokenExpiresAt.getTime()),
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Whether tokens of `sessionId` are still honoured (known, not revoked). */
  isActive(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    return session !== undefined && !session.revoked;
  }

  /** The session `sessionId` while it is remembered (revoked or not). */
  get(sessionId: string): Session | undefined {
    return this.sessions.get(sessionId);
  }

  /** The session a refresh token was issued in (spent or not), or undefined for an unknown token. */
  sessionOfRefreshToken(refreshToken: string): Session | undefined {
    const stored = this.refreshTokens.get(digest(refreshToken));
    return stored && this.sessions.get(stored.sessionId);
  }

  /** Revokes a session and with it every token issued in it. */
  revoke(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (session) session.revoked = true;
  }

  /** Records that a token of the session is valid until `expiresAt`. */
  extend(session: Session, expiresAt: Date): void {
    session.endsAt = Math.max(session.endsAt, expiresAt.getTime());
  }

  /** A new refresh token for the session and its lifetime in seconds. */
  issueRefreshToken(session: Session, now: Date): { refreshToken: string; expiresIn: number } {
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = now.getTime() + this.refreshTokenTtlSeconds * 1000;
    this.refreshTokens.set(digest(refreshToken), { sessionId: session.id, expiresAt, rotated: false });
    this.extend(session, new Date(expiresAt));
    return { refreshToken, expiresIn: this.refreshTokenTtlSeconds };
  }

  /**
   * Spends a refresh token presented by `client`. A token of another client, or of a
   * confidential session presented without the client's secret, is refused without being
   * spent; a token already spent revokes its session.
   */
  rotate(refreshToken: string, client: { appKey: string; confidential: boolean }, now: Date): RotateResult {
    const stored = this.refreshTokens.get(digest(refreshToken));
    const session = stored && this.sessions.get(stored.sessionId);
    if (stored === undefined || session === undefined) return { ok: false, reason: 'unknown' };
    if (session.appKey !== client.appKey) return { ok: false, reason: 'other_client' };
    if (session.confidential && !client.confidential) return { ok: false, reason: 'secret_required' };
    if (stored.rotated) {
      session.revoked = true;
      return { ok: false, reason: 'reused' };
    }
    if (session.revoked) return { ok: false, reason: 'revoked' };
    if (stored.expiresAt <= now.getTime()) return { ok: false, reason: 'expired' };
    stored.rotated = true;
    return { ok: true, session };
  }

  /** Forgets sessions whose every token has expired, and their refresh tokens. */
  private prune(now: Date): void {
    const time = now.getTime();
    for (const [id, session] of this.sessions) if (session.endsAt < time) this.sessions.delete(id);
    for (const [key, stored] of this.refreshTokens) {
      if (stored.expiresAt < time && !this.sessions.has(stored.sessionId)) this.refreshTokens.delete(key);
    }
  }
}
