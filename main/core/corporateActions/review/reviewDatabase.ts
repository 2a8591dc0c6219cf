/**
 * The review database file (SQLite via better-sqlite3) under the user data folder, readable by
 * the user only: opened with its schema migrated, and the audit table made append-only by
 * triggers, so no code path (nor a bug in one) can rewrite history. At opening the file's pages
 * are checked (`PRAGMA quick_check`) and its schema compared with the one the migrations build;
 * a file that fails either is moved aside, never deleted, and a fresh one started. Damage found
 * later, while RefDesk runs, is reported in words (ReviewStoreDamagedError).
 */
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { preparePrivateFileSync, preparePrivateFolderSync, unreadableCopyName } from '../../dataFiles';

export const REVIEW_FILE_NAME = 'review.sqlite';

/** Bump with a new entry in `migrations` when the schema changes. */
const migrations: string[] = [
  `CREATE TABLE review_state (
     profile_id TEXT NOT NULL,
     user_id TEXT NOT NULL,
     event_id TEXT NOT NULL,
     read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
     flagged INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
     reviewed_at TEXT,
     reviewed_version TEXT,
     note TEXT NOT NULL DEFAULT '',
     changed_at TEXT NOT NULL,
     PRIMARY KEY (profile_id, user_id, event_id)
   ) WITHOUT ROWID;
   CREATE TABLE review_audit (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     profile_id TEXT NOT NULL,
     user_id TEXT NOT NULL,
     user_name TEXT NOT NULL,
     event_id TEXT NOT NULL,
     at TEXT NOT NULL,
     action TEXT NOT NULL,
     before TEXT NOT NULL,
     after TEXT NOT NULL
   );
   CREATE INDEX review_audit_by_event ON review_audit (profile_id, user_id, event_id, id);
   CREATE TRIGGER review_audit_no_update BEFORE UPDATE ON review_audit
     BEGIN SELECT RAISE(ABORT, 'The review audit log is append-only.'); END;
   CREATE TRIGGER review_audit_no_delete BEFORE DELETE ON review_audit
     BEGIN SELECT RAISE(ABORT, 'The review audit log is append-only.'); END;
   CREATE TABLE inbox_view (
     profile_id TEXT NOT NULL,
     user_id TEXT NOT NULL,
     name TEXT NOT NULL,
     definition TEXT NOT NULL,
     saved_at TEXT NOT NULL,
     PRIMARY KEY (profile_id, user_id, name)
   ) WITHOUT ROWID;`,
  // 2: the version of each state (one more per change of flag, note or review), so a change made
  // on a stale version (another window changed the event first) is refused instead of winning.
  `ALTER TABLE review_state ADD COLUMN version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0);`,
  // 3: notes as a thread: each note kept with its time (and author: the reviewer), none overwritten.
  // The note kept so far becomes the first, dated when it was last written.
  `CREATE TABLE review_note (
     profile_id TEXT NOT NULL,
     user_id TEXT NOT NULL,
     event_id TEXT NOT NULL,
     id INTEGER NOT NULL CHECK (id > 0),
     at TEXT NOT NULL,
     author_name TEXT NOT NULL,
     text TEXT NOT NULL,
     PRIMARY KEY (profile_id, user_id, event_id, id)
   ) WITHOUT ROWID;
   INSERT INTO review_note (profile_id, user_id, event_id, id, at, author_name, text)
     SELECT s.profile_id, s.user_id, s.event_id, 1,
       coalesce((SELECT a.at FROM review_audit a WHERE a.profile_id = s.profile_id AND a.user_id = s.user_id
         AND a.event_id = s.event_id AND a.action = 'note' ORDER BY a.id DESC LIMIT 1), s.changed_at),
       coalesce((SELECT a.user_name FROM review_audit a WHERE a.profile_id = s.profile_id AND a.user_id = s.user_id
         ORDER BY a.id DESC LIMIT 1), ''),
       s.note
     FROM review_state s WHERE s.note <> '';
   ALTER TABLE review_state DROP COLUMN note;
   CREATE TRIGGER review_note_no_update BEFORE UPDATE ON review_note
     BEGIN SELECT RAISE(ABORT, 'Notes are kept as written.'); END;
   CREATE TRIGGER review_note_no_delete BEFORE DELETE ON review_note
     BEGIN SELECT RAISE(ABORT, 'Notes are kept as written.'); END;`,
];

export interface OpenedReviewDatabase {
  db: Database.Database;
  /** Set when an existing file could not be used; says where it was kept. */
  problem?: string;
}

/** Every table, index and trigger with its SQL, as `type name: sql` lines in name order. */
function schemaOf(db: Database.Database): string {
  return db
    .prepare<[], { type: string; name: string; sql: string | null }>(
      "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )
    .all()
    .map((entry) => `${entry.type} ${entry.name}: ${entry.sql ?? ''}`)
    .join('\n');
}

/** The schema the migrations build, read from an in-memory database (so it can never drift from them). */
const expectedSchema = (() => {
  let built: string | undefined;
  return () => {
    if (built === undefined) {
      const db = new Database(':memory:');
      for (const migration of migrations) db.exec(migration);
      built = schemaOf(db);
      db.close();
    }
    return built;
  };
})();

function openAndMigrate(file: string): Database.Database {
  preparePrivateFileSync(file);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) preparePrivateFileSync(file + suffix);
  }
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    const check = db.pragma('quick_check', { simple: true }) as string;
    if (check !== 'ok')
      throw new Error(`its pages are damaged (${check.split('\n').slice(0, 2).join('; ')})`);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > migrations.length) {
      throw new Error(
        `it was written by a newer RefDesk (schema ${version}, this one knows ${migrations.length})`,
      );
    }
    for (let next = version; next < migrations.length; next += 1) {
      db.transaction(() => {
        db.exec(migrations[next] as string);
        db.pragma(`user_version = ${next + 1}`);
      })();
    }
    if (schemaOf(db) !== expectedSchema())
      throw new Error('its tables are not the ones RefDesk keeps review state in');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens (creating when missing) the review database in `dataDir`. A file that is not a usable
 * review database (damaged pages, a missing or changed table, not a database at all) is renamed
 * `review.sqlite.unreadable-<time>` and a fresh one started; the answer says so, so the user can
 * be told where their old state is.
 */
export function openReviewDatabase(dataDir: string, now: Date = new Date()): OpenedReviewDatabase {
  preparePrivateFolderSync(dataDir);
  const file = path.join(dataDir, REVIEW_FILE_NAME);
  try {
    return { db: openAndMigrate(file) };
  } catch (error) {
    if (!existsSync(file)) throw error;
    const backup = unreadableCopyName(file, now);
    renameSync(file, backup);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, backup + suffix);
    }
    return {
      db: openAndMigrate(file),
      problem: `The review state file could not be used (${describe(error)}). It was kept as ${backup}; review state starts empty.`,
    };
  }
}

/** SQLite's words for a damaged file, which SqliteError's message already is. */
function describe(error: unknown): string {
  const message = (error as Error).message;
  return DAMAGE_CODES.has((error as { code?: string }).code ?? '') ? `it is damaged: ${message}` : message;
}

/** SQLite's result codes for a file whose content cannot be trusted. */
const DAMAGE_CODES = new Set([
  'SQLITE_CORRUPT',
  'SQLITE_CORRUPT_INDEX',
  'SQLITE_CORRUPT_SEQUENCE',
  'SQLITE_CORRUPT_VTAB',
  'SQLITE_NOTADB',
]);

/** The review file turned out damaged while RefDesk runs: nothing more can be kept in it. */
export class ReviewStoreDamagedError extends Error {
  constructor(file: string, cause: unknown) {
    super(
      `The review state file ${file} is damaged (${(cause as Error).message}), so your change was not kept. ` +
        'Restart RefDesk: it keeps the damaged file aside as review.sqlite.unreadable-<time> and starts a fresh one.',
      { cause },
    );
    this.name = 'ReviewStoreDamagedError';
  }
}

/** True for an error of SQLite that means the file is damaged (or not a database). */
export function isDamage(error: unknown): boolean {
  return DAMAGE_CODES.has((error as { code?: string } | undefined)?.code ?? '');
}
