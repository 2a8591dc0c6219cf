/**
 * The universe's identities and applications (SQLite) seen through the authorization
 * server's port for them (usersAndAppsPort.ts).
 */
import type Database from 'better-sqlite3';
import { findUserById, findUserByLogin } from '../data/accounts/users';
import { findApp } from '../data/apps/appRecords';
import type { AppRecord } from '../data/apps/appTypes';
import { statement } from '../data/statements';
import type { AuthApp, AuthUsersAndApps } from './usersAndAppsPort';

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

/** The users-and-apps port over the universe's database. */
export function universeUsersAndApps(db: Database.Database): AuthUsersAndApps {
  return {
    findApp: (appKey) => {
      const app = findApp(db, appKey);
      return (
        app &&
        toAuthApp(app, statement(db, 'SELECT seq FROM apps WHERE app_key = ?').pluck().get(appKey) as number)
      );
    },
    findUserByLogin: (login, password) => findUserByLogin(db, login, password),
    findUserById: (userId) => findUserById(db, userId),
  };
}
