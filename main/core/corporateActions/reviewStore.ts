/**
 * Back-office review state per connection profile and user: read, flagged, reviewed (with the
 * event version seen), a note, and an append-only audit log of every change. Every input is
 * parsed again here, so a caller other than IPC cannot store what IPC would refuse.
 */
import path from 'node:path';
import type Database from 'better-sqlite3';
import { isDamage, openReviewDatabase, REVIEW_FILE_NAME, ReviewStoreDamagedError } from './reviewDatabase';
import {
  auditArgSchema,
  reviewStatesArgSchema,
  setFlaggedArgSchema,
  setNoteArgSchema,
  setReadArgSchema,
  setReviewedArgSchema,
  type EventReviewState,
  type ReviewAction,
  type ReviewAuditEntry,
  type Reviewer,
} from '../../../contract/corporateActions';
import { parseReviewInput as parse, reviewerSchema } from './reviewInput';
import { SavedViews } from './savedViews';

interface StateRow {
  event_id: string;
  read: number;
  flagged: number;
  reviewed_at: string | null;
  reviewed_version: string | null;
  note: string;
  changed_at: string;
}

interface AuditRow {
  id: number;
  profile_id: string;
  user_id: string;
  user_name: string;
  event_id: string;
  at: string;
  action: ReviewAction;
  before: string;
  after: string;
}

function toState(row: StateRow): EventReviewState {
  return {
    eventId: row.event_id,
    read: row.read === 1,
    flagged: row.flagged === 1,
    ...(row.reviewed_at ? { reviewedAt: row.reviewed_at } : {}),
    ...(row.reviewed_version ? { reviewedVersion: row.reviewed_version } : {}),
    note: row.note,
    changedAt: row.changed_at,
  };
}

export class ReviewStore {
  /** The reviewer's saved inbox views (same file, same isolation, same damage reporting). */
  readonly views: Pick<SavedViews, 'list' | 'save' | 'delete'>;
  private damage: ReviewStoreDamagedError | undefined;

  private constructor(
    private readonly db: Database.Database,
    private readonly file: string,
    /** Set when an unusable file was moved aside at opening. */
    private readonly openingProblem: string | undefined,
    private readonly clock: () => Date,
  ) {
    const views = new SavedViews(db, clock);
    this.views = {
      list: (reviewer) => this.guarded(() => views.list(reviewer)),
      save: (reviewer, arg) => this.guarded(() => views.save(reviewer, arg)),
      delete: (reviewer, arg) => this.guarded(() => views.delete(reviewer, arg)),
    };
  }

  /** Opens the store in `dataDir` (see openReviewDatabase for what happens to a broken file). */
  static open(dataDir: string, clock: () => Date = () => new Date()): ReviewStore {
    const { db, problem } = openReviewDatabase(dataDir, clock());
    return new ReviewStore(db, path.join(dataDir, REVIEW_FILE_NAME), problem, clock);
  }

  /** What is wrong with the store, in words: a file moved aside at opening, or damage found since. */
  get problem(): string | undefined {
    return this.damage?.message ?? this.openingProblem;
  }

  close(): void {
    this.db.close();
  }

  /** Runs a database operation; SQLite finding the file damaged becomes a ReviewStoreDamagedError (and the store's problem). */
  private guarded<T>(run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (!isDamage(error)) throw error;
      this.damage = new ReviewStoreDamagedError(this.file, error);
      throw this.damage;
    }
  }

  /** The states of the given events; events never touched are absent. */
  states(reviewer: Reviewer, arg: unknown): EventReviewState[] {
    return this.guarded(() => this.readStates(reviewer, arg));
  }

  private readStates(reviewer: Reviewer, arg: unknown): EventReviewState[] {
    const who = parse(reviewerSchema, reviewer);
    const { eventIds } = parse(reviewStatesArgSchema, arg);
    if (eventIds.length === 0) return [];
    const placeholders = eventIds.map(() => '?').join(',');
    const rows = this.db
      .prepare<unknown[], StateRow>(
        `SELECT * FROM review_state WHERE profile_id = ? AND user_id = ? AND event_id IN (${placeholders})`,
      )
      .all(who.profileId, who.userId, ...eventIds);
    return rows.map(toState);
  }

  /** Marks an event read or unread. */
  setRead(reviewer: Reviewer, arg: unknown): EventReviewState {
    const { eventId, read } = parse(setReadArgSchema, arg);
    return this.change(reviewer, eventId, (state) => [
      { action: read ? 'read' : 'unread', field: 'read', before: state.read, after: read },
    ]);
  }

  /** Flags or unflags an event. */
  setFlagged(reviewer: Reviewer, arg: unknown): EventReviewState {
    const { eventId, flagged } = parse(setFlaggedArgSchema, arg);
    return this.change(reviewer, eventId, (state) => [
      { action: flagged ? 'flagged' : 'unflagged', field: 'flagged', before: state.flagged, after: flagged },
    ]);
  }

  /**
   * Marks events reviewed (remembering the UpdatedDateTime seen, and marking them read) or not
   * reviewed, all in one transaction.
   */
  setReviewed(reviewer: Reviewer, arg: unknown): EventReviewState[] {
    const { events, reviewed } = parse(setReviewedArgSchema, arg);
    return this.guarded(() =>
      this.db.transaction(() =>
        events.map(({ eventId, updatedDateTime }) =>
          this.change(reviewer, eventId, (state) => {
            const before = reviewedText(state);
            if (!reviewed) return [{ action: 'unreviewed', field: 'reviewed', before, after: NOT_REVIEWED }];
            const changes: Change[] = [
              {
                action: 'reviewed',
                field: 'reviewed',
                before,
                after: updatedDateTime ?? REVIEWED,
                version: updatedDateTime,
              },
            ];
            if (!state.read) changes.push({ action: 'read', field: 'read', before: false, after: true });
            return changes;
          }),
        ),
      )(),
    );
  }

  /** Keeps a note on an event (an empty note removes it). */
  setNote(reviewer: Reviewer, arg: unknown): EventReviewState {
    const { eventId, note } = parse(setNoteArgSchema, arg);
    return this.change(reviewer, eventId, (state) => [
      { action: 'note', field: 'note', before: state.note, after: note },
    ]);
  }

  /** The reviewer's audit entries, newest first (one event's, or all). */
  audit(reviewer: Reviewer, arg?: unknown): ReviewAuditEntry[] {
    return this.guarded(() => this.readAudit(reviewer, arg));
  }

  private readAudit(reviewer: Reviewer, arg?: unknown): ReviewAuditEntry[] {
    const who = parse(reviewerSchema, reviewer);
    const options = parse(auditArgSchema, arg) ?? {};
    const limit = options.limit ?? 500;
    const rows = options.eventId
      ? this.db
          .prepare<unknown[], AuditRow>(
            'SELECT * FROM review_audit WHERE profile_id = ? AND user_id = ? AND event_id = ? ORDER BY id DESC LIMIT ?',
          )
          .all(who.profileId, who.userId, options.eventId, limit)
      : this.db
          .prepare<unknown[], AuditRow>(
            'SELECT * FROM review_audit WHERE profile_id = ? AND user_id = ? ORDER BY id DESC LIMIT ?',
          )
          .all(who.profileId, who.userId, limit);
    return rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      at: row.at,
      actor: { name: row.user_name, userId: row.user_id },
      profileId: row.profile_id,
      action: row.action,
      before: row.before,
      after: row.after,
    }));
  }

  /** Applies the changes `plan` computes from the current state, with one audit entry per change. */
  private change(
    reviewer: Reviewer,
    eventId: string,
    plan: (state: EventReviewState) => Change[],
  ): EventReviewState {
    const who = parse(reviewerSchema, reviewer);
    return this.guarded(() =>
      this.db.transaction(() => {
        const row = this.db
          .prepare<unknown[], StateRow>(
            'SELECT * FROM review_state WHERE profile_id = ? AND user_id = ? AND event_id = ?',
          )
          .get(who.profileId, who.userId, eventId);
        const at = this.clock().toISOString();
        const state: EventReviewState = row
          ? toState(row)
          : { eventId, read: false, flagged: false, note: '', changedAt: at };
        const changes = plan(state).filter((change) => change.before !== change.after);
        if (changes.length === 0) return state;
        const next: EventReviewState = { ...state, changedAt: at };
        for (const change of changes) applyChange(next, change, at);
        this.db
          .prepare(
            `INSERT INTO review_state (profile_id, user_id, event_id, read, flagged, reviewed_at, reviewed_version, note, changed_at)
           VALUES (@profileId, @userId, @eventId, @read, @flagged, @reviewedAt, @reviewedVersion, @note, @changedAt)
           ON CONFLICT (profile_id, user_id, event_id) DO UPDATE SET read = excluded.read, flagged = excluded.flagged,
             reviewed_at = excluded.reviewed_at, reviewed_version = excluded.reviewed_version, note = excluded.note,
             changed_at = excluded.changed_at`,
          )
          .run({
            profileId: who.profileId,
            userId: who.userId,
            eventId,
            read: next.read ? 1 : 0,
            flagged: next.flagged ? 1 : 0,
            reviewedAt: next.reviewedAt ?? null,
            reviewedVersion: next.reviewedVersion ?? null,
            note: next.note,
            changedAt: at,
          });
        const insertAudit = this.db.prepare(
          `INSERT INTO review_audit (profile_id, user_id, user_name, event_id, at, action, before, after)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        for (const change of changes) {
          insertAudit.run(
            who.profileId,
            who.userId,
            who.name,
            eventId,
            at,
            change.action,
            String(change.before),
            String(change.after),
          );
        }
        return next;
      })(),
    );
  }
}

interface Change {
  action: ReviewAction;
  field: 'read' | 'flagged' | 'reviewed' | 'note';
  before: string | boolean;
  after: string | boolean;
  /** For `reviewed`: the event's UpdatedDateTime the reviewer saw. */
  version?: string | undefined;
}

const NOT_REVIEWED = 'not reviewed';
const REVIEWED = 'reviewed';

/** How the audit log writes a reviewed state: the version seen, "reviewed" without one, or "not reviewed". */
function reviewedText(state: EventReviewState): string {
  if (!state.reviewedAt) return NOT_REVIEWED;
  return state.reviewedVersion ?? REVIEWED;
}

function applyChange(state: EventReviewState, change: Change, at: string): void {
  switch (change.field) {
    case 'read':
      state.read = change.after === true;
      break;
    case 'flagged':
      state.flagged = change.after === true;
      break;
    case 'note':
      state.note = String(change.after);
      break;
    case 'reviewed':
      delete state.reviewedAt;
      delete state.reviewedVersion;
      if (change.action === 'reviewed') {
        state.reviewedAt = at;
        if (change.version) state.reviewedVersion = change.version;
      }
      break;
  }
}
