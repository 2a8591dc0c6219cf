/**
 * The book's identities and application directory (SQLite) seen through the authorization
 * server's directory port.
 */
import type Database from 'better-sqlite3';
import { findApp, findUserById, findUserByLogin } from '../data/book/directory';
import type { AppRecord } from '../data/book/directoryTypes';
import { statement } from '../data/book/statements';
import type { AuthApp, AuthDirectory } from './directoryPort';

/** Only an approved, active application obtains tokens. */
function toAuthApp(app: AppRecord, registrationNumber: number): AuthApp {
  return {
    appKey: app.appKey,
    registrationNumber,
    name: app.name,
    appUrl: app.appUrl,
    redirectUris: app.redirectUris.map((redirect) => redirect.uri),
    secrets: app.secrets.map(({ secret, validFrom, validUntil }) => ({ secret, validFrom, validUntil })),
    canSignIn: app.status === 'OK' && app.isActive,
    allowedFlows: app.allowedFlows,
  };
}

/** The directory port over the universe's database. */
export function bookDirectory(db: Database.Database): AuthDirectory {
  return {
    findApp: (appKey) => {
      const app = findApp(db, appKey);
      return app && toAuthApp(app, statement(db, 'SELECT seq FROM apps WHERE app_key = ?').pluck().get(appKey) as number);
    },
    findUserByLogin: (login, password) => findUserByLogin(db, login, password),
    findUserById: (userId) => findUserById(db, userId),
  };
}
