/**
 * The review database file (SQLite via better-sqlite3) under the user data folder: opened with
 * its schema migrated, and the audit table made append-only by triggers, so no code path (nor a
 * bug in one) can rewrite history. A file RefDesk cannot open is moved aside, never deleted.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

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
];

export interface OpenedReviewDatabase {
  db: Database.Database;
  /** Set when an existing file could not be used; says where it was kept. */
  problem?: string;
}

function openAndMigrate(file: string): Database.Database {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
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
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens (creating when missing) the review database in `dataDir`. A file that is not a usable
 * review database is renamed `review.sqlite.unreadable-<time>` and a fresh one started; the
 * answer says so, so the user can be told where their old state is.
 */
export function openReviewDatabase(dataDir: string, now: Date = new Date()): OpenedReviewDatabase {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, REVIEW_FILE_NAME);
  try {
    return { db: openAndMigrate(file) };
  } catch (error) {
    if (!existsSync(file)) throw error;
    const backup = `${file}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, backup);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, backup + suffix);
    }
    return {
      db: openAndMigrate(file),
      problem: `The review state file could not be used (${(error as Error).message}). It was kept as ${backup}; review state starts empty.`,
    };
  }
}
