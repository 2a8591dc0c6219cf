/**
 * Read functions over the identities: sign-in and user look-up. Used by the API routes and by
 * the simulator's authorization server (the applications are read in apps/appRecords.ts).
 */
import type Database from 'better-sqlite3';
import type { UserRole } from './demo';
import type { SimUser } from './userTypes';
import { verifyPassword } from './passwords';
import { statement } from '../statements';

interface UserRow {
  user_id: string;
  user_key: string;
  login: string | null;
  name: string;
  role: UserRole;
  password_salt: Buffer | null;
  password_hash: Buffer | null;
  client_id: string;
  client_key: string;
}

const USER_SELECT = `SELECT u.*, c.client_key FROM users u JOIN clients c ON c.client_id = u.client_id`;

function toUser(row: UserRow): SimUser {
  return {
    userId: row.user_id,
    userKey: row.user_key,
    ...(row.login ? { login: row.login } : {}),
    name: row.name,
    role: row.role,
    isAdmin: row.role === 'admin',
    clientId: row.client_id,
    clientKey: row.client_key,
  };
}

/** A scrypt hash of a password nobody has, so unknown logins cost the same time as wrong passwords. */
const DECOY = { salt: Buffer.alloc(16, 7), hash: Buffer.alloc(32, 0) };

/** The user signing in with `login` (case-insensitive) and `password`, or undefined. */
export function findUserByLogin(db: Database.Database, login: string, password: string): SimUser | undefined {
  const row = statement(db, `${USER_SELECT} WHERE u.login = ?`).get(login) as UserRow | undefined;
  const stored =
    row?.password_salt && row.password_hash
      ? { salt: row.password_salt, hash: row.password_hash }
      : undefined;
  const matches = verifyPassword(password, stored ?? DECOY);
  return row && stored && matches ? toUser(row) : undefined;
}

/** The user with id `userId` (the `sub` of a signed assertion), or undefined. */
export function findUserById(db: Database.Database, userId: string): SimUser | undefined {
  const row = statement(db, `${USER_SELECT} WHERE u.user_id = ?`).get(userId) as UserRow | undefined;
  return row ? toUser(row) : undefined;
}

/** The user with the opaque key `userKey`, or undefined. */
export function findUserByKey(db: Database.Database, userKey: string): SimUser | undefined {
  const row = statement(db, `${USER_SELECT} WHERE u.user_key = ?`).get(userKey) as UserRow | undefined;
  return row ? toUser(row) : undefined;
}
