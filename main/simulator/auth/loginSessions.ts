/**
 * The authorization server's own login sessions: signing in on the login page starts one, kept
 * in a cookie, so that `/authorize?prompt=none` can sign the same user in again without the
 * page (silent re-authentication, e.g. a browser app renewing its implicit token from a hidden
 * iframe). A session lives a fixed time from the last sign-in on the page
 * (`--login-session-ttl`), never extended by use; `/logout` ends it.
 *
 * Consent is per application: a session remembers the applications (client_ids) the user
 * signed in to on the login page, and `prompt=none` issues silently to those only. Without
 * that, one sign-in anywhere would let any registered application, a stranger's included, get
 * a token for the user with a single navigation.
 *
 * Each sign-in on the page gives the browser a new cookie value (no session fixation), while
 * the session keeps its own `key`, which the token sessions started from it record, so that
 * signing out with a token of any of them (`/logout?id_token_hint=`) ends it. Cookie values are
 * kept by their SHA-256 only.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

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

/** A live login session as `/authorize` reads it. */
export interface LoginSession {
  /** Stable for the session's life (the cookie value changes at each sign-in). */
  readonly key: string;
  readonly userId: string;
  /** The applications the user signed in to on the login page during this session. */
  readonly clientIds: ReadonlySet<string>;
}

interface StoredLoginSession {
  key: string;
  userId: string;
  clientIds: Set<string>;
  expiresAt: number;
  /** Digest of the cookie value that names the session now. */
  cookieDigest: string;
}

function digest(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

export class LoginSessionStore {
  private readonly byCookie = new Map<string, StoredLoginSession>();
  private readonly byKey = new Map<string, StoredLoginSession>();

  constructor(readonly ttlSeconds: number) {}

  /**
   * Records a sign-in of `userId` to `clientId` on the login page at `now`, the browser holding
   * `currentCookie`: the same user's live session gains the application and a new cookie value
   * (and lives `ttlSeconds` from now), any other starts afresh. Returns the new cookie value and
   * the session's key.
   */
  signedIn(currentCookie: string | undefined, userId: string, clientId: string, now: Date): { cookie: string; key: string } {
    this.prune(now);
    const current = this.stored(currentCookie, now);
    if (current !== undefined) this.byCookie.delete(current.cookieDigest);
    const carried = current?.userId === userId ? current : undefined;
    if (current !== undefined && carried === undefined) this.byKey.delete(current.key);
    const cookie = randomBytes(32).toString('base64url');
    const session: StoredLoginSession = carried ?? { key: randomUUID(), userId, clientIds: new Set(), expiresAt: 0, cookieDigest: '' };
    session.clientIds.add(clientId);
    session.expiresAt = now.getTime() + this.ttlSeconds * 1000;
    session.cookieDigest = digest(cookie);
    this.byCookie.set(session.cookieDigest, session);
    this.byKey.set(session.key, session);
    return { cookie, key: session.key };
  }

  /** The live session a cookie value names, or undefined for a missing, malformed, unknown, ended or expired one. */
  sessionOf(cookie: string | undefined, now: Date): LoginSession | undefined {
    return this.stored(cookie, now);
  }

  /** Ends the session a cookie value names (nothing happens for an unknown one). */
  end(cookie: string | undefined): void {
    if (cookie === undefined || !SESSION_ID_PATTERN.test(cookie)) return;
    const session = this.byCookie.get(digest(cookie));
    if (session !== undefined) this.remove(session);
  }

  /** Ends the session with this key (a token session's record of where it was signed in). */
  endByKey(key: string): void {
    const session = this.byKey.get(key);
    if (session !== undefined) this.remove(session);
  }

  private stored(cookie: string | undefined, now: Date): StoredLoginSession | undefined {
    if (cookie === undefined || !SESSION_ID_PATTERN.test(cookie)) return undefined;
    const session = this.byCookie.get(digest(cookie));
    return session !== undefined && session.expiresAt > now.getTime() ? session : undefined;
  }

  private remove(session: StoredLoginSession): void {
    this.byCookie.delete(session.cookieDigest);
    this.byKey.delete(session.key);
  }

  private prune(now: Date): void {
    for (const session of this.byKey.values()) if (session.expiresAt <= now.getTime()) this.remove(session);
  }
}
