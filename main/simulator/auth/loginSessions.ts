/**
 * The authorization server's own login sessions: signing in on the login page starts one, kept
 * in a cookie, so that `/authorize?prompt=none` can sign the same user in again without the
 * page (silent re-authentication, e.g. a browser app renewing its implicit token from a hidden
 * iframe). A session lives a fixed time from the sign-in (`--login-session-ttl`), never
 * extended by use; `/logout` ends it. Session ids are kept by their SHA-256 only.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Default lifetime of a login session: a working day. */
export const DEFAULT_LOGIN_SESSION_TTL_SECONDS = 8 * 3600;
/**
 * The login session cookie, `SameSite=None; Secure`: the one a hidden iframe of an app on
 * another site can send (where the browser allows third-party cookies). Chromium accepts a
 * Secure cookie from http://127.0.0.1, a potentially trustworthy origin.
 */
export const LOGIN_SESSION_COOKIE = 'refdesk_auth_login';
/** The same session as `SameSite=Lax`, for a browser that refuses a Secure cookie over http. */
export const LOGIN_SESSION_LAX_COOKIE = 'refdesk_auth_login_lax';

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

interface LoginSession {
  userId: string;
  expiresAt: number;
}

function digest(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

export class LoginSessionStore {
  private readonly sessions = new Map<string, LoginSession>();

  constructor(readonly ttlSeconds: number) {}

  /** Starts a login session for `userId` at `now`: the cookie value. */
  start(userId: string, now: Date): string {
    this.prune(now);
    const sessionId = randomBytes(32).toString('base64url');
    this.sessions.set(digest(sessionId), { userId, expiresAt: now.getTime() + this.ttlSeconds * 1000 });
    return sessionId;
  }

  /** The user of a live login session, or undefined for a missing, malformed, unknown, ended or expired one. */
  userIdOf(sessionId: string | undefined, now: Date): string | undefined {
    if (sessionId === undefined || !SESSION_ID_PATTERN.test(sessionId)) return undefined;
    const session = this.sessions.get(digest(sessionId));
    return session !== undefined && session.expiresAt > now.getTime() ? session.userId : undefined;
  }

  /** Ends a login session (nothing happens for an unknown one). */
  end(sessionId: string | undefined): void {
    if (sessionId !== undefined && SESSION_ID_PATTERN.test(sessionId)) this.sessions.delete(digest(sessionId));
  }

  private prune(now: Date): void {
    for (const [key, session] of this.sessions) if (session.expiresAt <= now.getTime()) this.sessions.delete(key);
  }
}
