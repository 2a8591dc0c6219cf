/**
 * The identity a simulator keeps across its starts (the embedded one does: server.ts
 * `keepIdentity`), so that a client's stored session still works after a restart or on a new
 * day: the token-signing key with its certificate (tokens signed before verify after), the port
 * it listens on (its issuer is `http://127.0.0.1:<port>/auth`) and the sign-in sessions with
 * their refresh tokens (sessions.ts), so a stored refresh token is redeemed and rotation goes on.
 * The demo app and users need nothing kept: the universe holds them under fixed keys.
 *
 * One SQLite file, `identity.sqlite`, in the simulator's data folder: the folder readable by the
 * user only (0700), the file 0600. Every change is a transaction with `synchronous = FULL`, so a
 * process killed at any point (kill -9, a power cut) leaves the last acknowledged state, and two
 * processes sharing the folder see one truth. A file that is not a usable identity (damaged
 * pages, other tables, a key that does not load) is moved aside as
 * `identity.sqlite.unreadable-<time>`, never deleted; a new identity is made and `problem` says so.
 */
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { preparePrivateFileSync, preparePrivateFolderSync, unreadableCopyName } from '../../node/privateFiles';
import { IDENTITY_FILE_NAME } from './keptIdentityFile';
import { SESSION_TABLES } from './sessions';
import { SigningKey, type SigningKeyPems } from './signingKey';

/** The common name of the token-signing certificate. */
const SIGNING_CERTIFICATE_NAME = 'RefDesk simulator token signing';

/** Bump with a new entry when the schema changes. */
const migrations: string[] = [
  `CREATE TABLE signing_key (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     private_key TEXT NOT NULL,
     certificate TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE listening (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535)
   );
   ${SESSION_TABLES}`,
];

/** A simulator's kept identity, open for one run. */
export interface KeptIdentity {
  /** The database the session store keeps sessions and refresh tokens in. */
  db: Database.Database;
  signingKey: SigningKey;
  /** The port of the last run, which this one listens on again when it is free. */
  port: number | undefined;
  /** Records the port this run listens on. */
  keepPort(port: number): void;
  /** Set when the file could not be used: what was wrong and where it was kept. */
  problem?: string;
  close(): void;
}

/** Every table and index with its SQL, to compare a file with what the migrations build. */
function schemaOf(db: Database.Database): string {
  return db
    .prepare<[], { type: string; name: string; sql: string | null }>(
      "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )
    .all()
    .map((entry) => `${entry.type} ${entry.name}: ${entry.sql ?? ''}`)
    .join('\n');
}

/** What makes a file unusable as an identity (as opposed to a busy or unreadable folder, which is reported as it is). */
class IdentityUnusable extends Error {}

/** SQLite's result codes for a file whose content cannot be trusted. */
const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_NOTADB']);

function isUnusable(error: unknown): boolean {
  return error instanceof IdentityUnusable || DAMAGE_CODES.has((error as { code?: string } | undefined)?.code ?? '');
}

let builtSchema: string | undefined;
function expectedSchema(): string {
  if (builtSchema === undefined) {
    const db = new Database(':memory:');
    for (const migration of migrations) db.exec(migration);
    builtSchema = schemaOf(db);
    db.close();
  }
  return builtSchema;
}

function openAndMigrate(file: string): Database.Database {
  preparePrivateFileSync(file);
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) preparePrivateFileSync(file + suffix);
  const db = new Database(file);
  try {
    // Another process of the same data folder may be writing: wait for it rather than fail.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    // Each commit reaches the disk before the token it records is handed out.
    db.pragma('synchronous = FULL');
    const check = db.pragma('quick_check', { simple: true }) as string;
    if (check !== 'ok') throw new IdentityUnusable(`its pages are damaged (${check.split('\n').slice(0, 2).join('; ')})`);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > migrations.length) {
      throw new IdentityUnusable(`it was written by a newer RefDesk (schema ${version}, this one knows ${migrations.length})`);
    }
    for (let next = version; next < migrations.length; next += 1) {
      db.transaction(() => {
        db.exec(migrations[next] as string);
        db.pragma(`user_version = ${next + 1}`);
      }).immediate();
    }
    if (schemaOf(db) !== expectedSchema()) throw new IdentityUnusable('its tables are not those of a simulator identity');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function keptPems(db: Database.Database): SigningKeyPems | undefined {
  return db
    .prepare<[], SigningKeyPems>('SELECT private_key AS privateKey, certificate FROM signing_key WHERE id = 1')
    .get();
}

/**
 * The kept signing key, or a new one kept when there is none or its certificate is about to
 * expire. Made outside the transaction (it takes the thread pool a while); of two processes
 * making one at once, the first to write wins and the other takes its key.
 */
async function signingKeyOf(db: Database.Database, now: Date): Promise<SigningKey> {
  const kept = keptPems(db);
  if (kept) {
    try {
      if (SigningKey.isCurrent(kept, now)) return await SigningKey.fromPems(kept);
    } catch (error) {
      throw new IdentityUnusable(`its signing key does not load: ${(error as Error).message}`);
    }
  }
  const made = await SigningKey.generatePems(SIGNING_CERTIFICATE_NAME, now);
  const chosen = db.transaction(() => {
    const meanwhile = keptPems(db);
    if (meanwhile && SigningKey.isCurrent(meanwhile, now)) return meanwhile;
    db.prepare(
      `INSERT INTO signing_key (id, private_key, certificate, created_at) VALUES (1, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET private_key = excluded.private_key, certificate = excluded.certificate,
       created_at = excluded.created_at`,
    ).run(made.privateKey, made.certificate, now.toISOString());
    return made;
  }).immediate();
  return SigningKey.fromPems(chosen);
}

async function openIdentity(file: string, now: Date): Promise<Omit<KeptIdentity, 'problem'>> {
  const db = openAndMigrate(file);
  try {
    const signingKey = await signingKeyOf(db, now);
    const port = db.prepare<[], number>('SELECT port FROM listening WHERE id = 1').pluck().get();
    const keepPort = db.prepare<[number]>(
      'INSERT INTO listening (id, port) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET port = excluded.port',
    );
    return {
      db,
      signingKey,
      port,
      keepPort: (listening) => void keepPort.run(listening),
      close: () => db.close(),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens (making when missing) the identity kept in `dataDir`. A file that cannot be used is
 * moved aside and a new identity made; the answer's `problem` says what and where.
 */
export async function openKeptIdentity(dataDir: string, now: Date): Promise<KeptIdentity> {
  preparePrivateFolderSync(dataDir);
  const file = path.join(dataDir, IDENTITY_FILE_NAME);
  try {
    return await openIdentity(file, now);
  } catch (error) {
    if (!isUnusable(error) || !existsSync(file)) throw error;
    const backup = unreadableCopyName(file, now);
    renameSync(file, backup);
    for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, backup + suffix);
    return {
      ...(await openIdentity(file, now)),
      problem:
        `The simulator's identity file could not be used (${(error as Error).message}). It was kept as ${backup}; ` +
        'a new identity was made, so sessions kept from earlier runs end and RefDesk asks for the password once.',
    };
  }
}
