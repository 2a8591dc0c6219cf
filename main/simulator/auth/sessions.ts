/**
 * Sign-in sessions and their refresh tokens. Every grant starts a session (the access token's
 * `sid`); a refresh token continues it. Refresh tokens rotate on every use, and presenting one
 * that was already rotated means it leaked: the whole session (its "family" of tokens, access
 * tokens included) is revoked (OAuth 2.0 Security BCP, section 4.14).
 *
 * They live in SQLite: in memory for a simulator that starts afresh each run, or in the
 * identity file of one that keeps its identity (identityStore.ts), where a client's stored
 * refresh token is still redeemable after a restart. The database is the one truth: each
 * operation reads it and each change is one statement or transaction, so two processes sharing
 * the file (or a process killed between two requests) never disagree on whether a token was spent.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

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

export type RotateResult =
  | { ok: true; session: Session }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'other_client' | 'secret_required' };

/** The tables of sessions and refresh tokens (refresh tokens by their SHA-256: a copy of the file hands out no usable token). */
export const SESSION_TABLES = `
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    app_key TEXT NOT NULL,
    app_number INTEGER NOT NULL,
    confidential INTEGER NOT NULL CHECK (confidential IN (0, 1)),
    login_session TEXT,
    revoked INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1)),
    started_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE refresh_tokens (
    digest TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    rotated INTEGER NOT NULL DEFAULT 0 CHECK (rotated IN (0, 1))
  ) WITHOUT ROWID;
  CREATE INDEX refresh_tokens_by_session ON refresh_tokens (session_id);`;

interface SessionRow {
  id: string;
  user_id: string;
  app_key: string;
  app_number: number;
  confidential: number;
  login_session: string | null;
  revoked: number;
  started_at: number;
  ends_at: number;
}

interface RefreshTokenRow {
  session_id: string;
  expires_at: number;
  rotated: number;
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function sessionOf(row: SessionRow): Session {
  return {
    id: row.id,
    userId: row.user_id,
    appKey: row.app_key,
    appNumber: row.app_number,
    confidential: row.confidential === 1,
    ...(row.login_session !== null ? { loginSession: row.login_session } : {}),
    revoked: row.revoked === 1,
    startedAt: row.started_at,
    endsAt: row.ends_at,
  };
}

/** The store's statements, prepared once. */
function prepareStatements(db: Database.Database) {
  const prepare = <P extends unknown[], R = unknown>(sql: string) => db.prepare<P, R>(sql);
  return {
    insertSession: prepare<[string, string, string, number, number, string | null, number, number]>(
      'INSERT INTO sessions (id, user_id, app_key, app_number, confidential, login_session, started_at, ends_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    session: prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?'),
    revoked: prepare<[string], number>('SELECT revoked FROM sessions WHERE id = ?').pluck(),
    revoke: prepare<[string]>('UPDATE sessions SET revoked = 1 WHERE id = ?'),
    extend: prepare<[number, string]>('UPDATE sessions SET ends_at = MAX(ends_at, ?) WHERE id = ?'),
    refreshToken: prepare<[string], RefreshTokenRow>(
      'SELECT session_id, expires_at, rotated FROM refresh_tokens WHERE digest = ?',
    ),
    insertRefreshToken: prepare<[string, string, number]>(
      'INSERT INTO refresh_tokens (digest, session_id, expires_at) VALUES (?, ?, ?)',
    ),
    spend: prepare<[string]>('UPDATE refresh_tokens SET rotated = 1 WHERE digest = ? AND rotated = 0'),
    pruneSessions: prepare<[number]>('DELETE FROM sessions WHERE ends_at < ?'),
    pruneRefreshTokens: prepare<[number]>(
      'DELETE FROM refresh_tokens WHERE expires_at < ? AND session_id NOT IN (SELECT id FROM sessions)',
    ),
  };
}

export class SessionStore {
  private readonly db: Database.Database;
  private readonly statements: ReturnType<typeof prepareStatements>;

  /**
   * Sessions in `db` (whose SESSION_TABLES exist), or in a database of their own in memory when
   * none is given.
   */
  constructor(
    private readonly refreshTokenTtlSeconds: number,
    db?: Database.Database,
  ) {
    if (db === undefined) {
      this.db = new Database(':memory:');
      this.db.exec(SESSION_TABLES);
    } else {
      this.db = db;
    }
    this.statements = prepareStatements(this.db);
  }

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
    this.statements.insertSession.run(
      session.id,
      session.userId,
      session.appKey,
      session.appNumber,
      session.confidential ? 1 : 0,
      session.loginSession ?? null,
      session.startedAt,
      session.endsAt,
    );
    return session;
  }

  /** Whether tokens of `sessionId` are still honoured (known, not revoked). */
  isActive(sessionId: string): boolean {
    return this.statements.revoked.get(sessionId) === 0;
  }

  /** The session `sessionId` while it is remembered (revoked or not). */
  get(sessionId: string): Session | undefined {
    const row = this.statements.session.get(sessionId);
    return row && sessionOf(row);
  }

  /** The session a refresh token was issued in (spent or not), or undefined for an unknown token. */
  sessionOfRefreshToken(refreshToken: string): Session | undefined {
    const stored = this.statements.refreshToken.get(digest(refreshToken));
    return stored && this.get(stored.session_id);
  }

  /** Revokes a session and with it every token issued in it. */
  revoke(sessionId: string): void {
    this.statements.revoke.run(sessionId);
  }

  /** Records that a token of the session is valid until `expiresAt`. */
  extend(session: Session, expiresAt: Date): void {
    session.endsAt = Math.max(session.endsAt, expiresAt.getTime());
    this.statements.extend.run(session.endsAt, session.id);
  }

  /** A new refresh token for the session and its lifetime in seconds. */
  issueRefreshToken(session: Session, now: Date): { refreshToken: string; expiresIn: number } {
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = now.getTime() + this.refreshTokenTtlSeconds * 1000;
    this.db.transaction(() => {
      this.statements.insertRefreshToken.run(digest(refreshToken), session.id, expiresAt);
      this.extend(session, new Date(expiresAt));
    })();
    return { refreshToken, expiresIn: this.refreshTokenTtlSeconds };
  }

  /**
   * Spends a refresh token presented by `client`. A token of another client, or of a
   * confidential session presented without the client's secret, is refused without being
   * spent; a token already spent revokes its session. One transaction: of two requests with the
   * same token (in this process or another), one spends it and the other finds it spent.
   */
  rotate(refreshToken: string, client: { appKey: string; confidential: boolean }, now: Date): RotateResult {
    const key = digest(refreshToken);
    return this.db.transaction((): RotateResult => {
      const stored = this.statements.refreshToken.get(key);
      const session = stored && this.get(stored.session_id);
      if (stored === undefined || session === undefined) return { ok: false, reason: 'unknown' };
      if (session.appKey !== client.appKey) return { ok: false, reason: 'other_client' };
      if (session.confidential && !client.confidential) return { ok: false, reason: 'secret_required' };
      if (stored.rotated === 1) {
        this.revoke(session.id);
        return { ok: false, reason: 'reused' };
      }
      if (session.revoked) return { ok: false, reason: 'revoked' };
      if (stored.expires_at <= now.getTime()) return { ok: false, reason: 'expired' };
      this.statements.spend.run(key);
      return { ok: true, session };
    }).immediate();
  }

  /** Forgets sessions whose every token has expired, and their refresh tokens. */
  private prune(now: Date): void {
    const time = now.getTime();
    this.db.transaction(() => {
      this.statements.pruneSessions.run(time);
      this.statements.pruneRefreshTokens.run(time);
    })();
  }
}
