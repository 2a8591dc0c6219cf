/**
 * The versions of events as this desk read them (event-versions.sqlite in the data folder,
 * readable by the user only): each event's comparable terms per UpdatedDateTime, per profile
 * and user. A reviewer marks an event reviewed at the version they read, so that version is
 * here when the event later changes, and "changed since reviewed" can say what changed, field by
 * field. Reading the same version again costs an index lookup; only new versions are written,
 * and each event keeps its latest few. A file that cannot be opened is moved aside and a fresh
 * one started: it holds copies of what the service answered, nothing of the user's own.
 */
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CorporateActionEvent } from '../../../contract/wire/types';
import { preparePrivateFileSync, preparePrivateFolderSync, unreadableCopyName } from '../dataFiles';
import { eventTerms } from './eventFields';

export const EVENT_VERSIONS_FILE_NAME = 'event-versions.sqlite';
/** Versions kept per event: the reviewed one is rarely more than a few changes back. */
export const VERSIONS_PER_EVENT = 6;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS event_version (
  profile_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  updated TEXT NOT NULL,
  terms TEXT NOT NULL,
  kept_at TEXT NOT NULL,
  PRIMARY KEY (profile_id, user_id, event_id, updated)
) WITHOUT ROWID;`;

/** Who read the versions: versions are kept per profile and user. */
export interface VersionOwner {
  profileId: string;
  userId: string;
}

/** An UpdatedDateTime as one instant (the service may write the same time with other fractional digits). */
function versionKey(updated: string): string {
  const time = Date.parse(updated);
  return Number.isNaN(time) ? updated : new Date(time).toISOString();
}

export class EventVersions {
  private constructor(
    private readonly db: Database.Database,
    private readonly clock: () => Date,
    /** Set when an unreadable file was moved aside at opening. */
    readonly problem: string | undefined,
  ) {}

  /** Opens (or creates) the file in `dataDir`. */
  static open(dataDir: string, clock: () => Date = () => new Date()): EventVersions {
    preparePrivateFolderSync(dataDir);
    const file = path.join(dataDir, EVENT_VERSIONS_FILE_NAME);
    const openFile = () => {
      preparePrivateFileSync(file);
      const db = new Database(file);
      db.pragma('journal_mode = WAL');
      if (db.pragma('quick_check', { simple: true }) !== 'ok') throw new Error('quick_check failed');
      db.exec(SCHEMA);
      return db;
    };
    try {
      return new EventVersions(openFile(), clock, undefined);
    } catch {
      const aside = unreadableCopyName(file, clock());
      if (existsSync(file)) renameSync(file, aside);
      for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
      return new EventVersions(openFile(), clock, `The event versions file could not be read; it was kept as ${path.basename(aside)}.`);
    }
  }

  /** Keeps the version of each event that carries an UpdatedDateTime (already kept ones cost nothing). */
  keep(owner: VersionOwner, events: readonly CorporateActionEvent[]): void {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO event_version (profile_id, user_id, event_id, updated, terms, kept_at) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const prune = this.db.prepare(
      `DELETE FROM event_version WHERE profile_id = ? AND user_id = ? AND event_id = ? AND updated NOT IN (
         SELECT updated FROM event_version WHERE profile_id = ? AND user_id = ? AND event_id = ? ORDER BY updated DESC LIMIT ?)`,
    );
    const keptAt = this.clock().toISOString();
    this.db.transaction(() => {
      for (const event of events) {
        if (!event.UpdatedDateTime || !event.EventId) continue;
        const added = insert.run(
          owner.profileId, owner.userId, event.EventId, versionKey(event.UpdatedDateTime), JSON.stringify(eventTerms(event)), keptAt,
        );
        if (added.changes > 0) {
          prune.run(owner.profileId, owner.userId, event.EventId, owner.profileId, owner.userId, event.EventId, VERSIONS_PER_EVENT);
        }
      }
    })();
  }

  /** The terms of `eventId` at version `updated`, when this desk read that version. */
  terms(owner: VersionOwner, eventId: string, updated: string): Record<string, string> | undefined {
    const row = this.db
      .prepare<unknown[], { terms: string }>(
        'SELECT terms FROM event_version WHERE profile_id = ? AND user_id = ? AND event_id = ? AND updated = ?',
      )
      .get(owner.profileId, owner.userId, eventId, versionKey(updated));
    return row ? (JSON.parse(row.terms) as Record<string, string>) : undefined;
  }

  close(): void {
    this.db.close();
  }
}
