/**
 * Review state on this computer (the default store): per connection profile and user, read,
 * flagged, reviewed (with the event version seen), a thread of notes (each with its time, none
 * overwritten), the version of each state, and an append-only audit log of every change. Input arrives typed: the IPC dispatcher parsed it with
 * the channel's schema (reviewBackend.ts). A change made on a stale version (another window
 * changed the event first) is refused as a conflict. Assignment and approval need a second
 * person, so they belong to the team store: one computer's file keeps each user's state apart.
 */
import path from 'node:path';
import type Database from 'better-sqlite3';
import { isDamage, openReviewDatabase, REVIEW_FILE_NAME, ReviewStoreDamagedError } from './reviewDatabase';
import type {
  AddNoteArg,
  AuditArg,
  ReviewAuditEntry,
  Reviewer,
  ReviewStatesArg,
  SetFlaggedArg,
  SetReadArg,
  SetReviewedArg,
} from '../../../../contract/corporateActions';
import type { AuditVerificationView, EventReviewState, ReviewNote } from '../../../../contract/review';
import type { ReviewBackend } from './reviewBackend';
import { describeConflicts, ReviewConflictError, ReviewRefusedError } from './reviewErrors';
import {
  applyChange,
  isShared,
  localConflict,
  NOT_REVIEWED,
  REVIEWED,
  reviewedText,
  toNote,
  toState,
  untouchedState,
  type AuditRow,
  type Change,
  type NoteRow,
  type StateRow,
} from './localReviewRows';
import { SavedViews } from '../savedViews';

/** What only a team can do, in words. */
const TEAM_ONLY =
  'needs the team review service (Settings → Review store): on this computer there is no second analyst.';

export class LocalReviewStore implements ReviewBackend {
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
  static open(dataDir: string, clock: () => Date = () => new Date()): LocalReviewStore {
    const { db, problem } = openReviewDatabase(dataDir, clock());
    return new LocalReviewStore(db, path.join(dataDir, REVIEW_FILE_NAME), problem, clock);
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
  states(who: Reviewer, { eventIds }: ReviewStatesArg): EventReviewState[] {
    if (eventIds.length === 0) return [];
    const placeholders = eventIds.map(() => '?').join(',');
    return this.guarded(() => {
      const rows = this.db
        .prepare<unknown[], StateRow>(
          `SELECT * FROM review_state WHERE profile_id = ? AND user_id = ? AND event_id IN (${placeholders})`,
        )
        .all(who.profileId, who.userId, ...eventIds);
      const notes = this.notesOf(who, `AND event_id IN (${placeholders})`, eventIds);
      return rows.map((row) => toState(row, who, notes.get(row.event_id)));
    });
  }

  /** Every state this reviewer keeps here (for copying it to a team). */
  allStates(who: Reviewer): EventReviewState[] {
    return this.guarded(() => {
      const notes = this.notesOf(who, '', []);
      return this.db
        .prepare<unknown[], StateRow>(
          'SELECT * FROM review_state WHERE profile_id = ? AND user_id = ? ORDER BY event_id',
        )
        .all(who.profileId, who.userId)
        .map((row) => toState(row, who, notes.get(row.event_id)));
    });
  }

  /** The reviewer's notes by event, oldest first (`where` narrows the events). */
  private notesOf(who: Reviewer, where: string, values: unknown[]): Map<string, ReviewNote[]> {
    const byEvent = new Map<string, ReviewNote[]>();
    const rows = this.db
      .prepare<unknown[], NoteRow>(
        `SELECT event_id, id, at, author_name, text FROM review_note WHERE profile_id = ? AND user_id = ? ${where} ORDER BY event_id, id`,
      )
      .all(who.profileId, who.userId, ...values);
    for (const row of rows) {
      const list = byEvent.get(row.event_id) ?? [];
      list.push(toNote(row, who));
      byEvent.set(row.event_id, list);
    }
    return byEvent;
  }

  /** Marks an event read or unread (no version: read marks are the reviewer's own). */
  setRead(reviewer: Reviewer, { eventId, read }: SetReadArg): EventReviewState {
    return this.changeOne(reviewer, eventId, undefined, (state) => [
      { action: read ? 'read' : 'unread', field: 'read', before: state.read, after: read },
    ]);
  }

  /** Flags or unflags an event. */
  setFlagged(reviewer: Reviewer, { eventId, flagged, version }: SetFlaggedArg): EventReviewState {
    return this.changeOne(reviewer, eventId, version, (state) => [
      { action: flagged ? 'flagged' : 'unflagged', field: 'flagged', before: state.flagged, after: flagged },
    ]);
  }

  /**
   * Marks events reviewed (remembering the UpdatedDateTime seen, and marking them read) or not
   * reviewed, all in one transaction: one stale version refuses them all.
   */
  setReviewed(who: Reviewer, { events, reviewed }: SetReviewedArg): EventReviewState[] {
    return this.guarded(() =>
      this.db.transaction(() => {
        this.refuseStale(who, events);
        return events.map(({ eventId, updatedDateTime }) =>
          this.change(who, eventId, (state) => {
            const before = reviewedText(state);
            if (!reviewed) return [{ action: 'unreviewed', field: 'reviewed', before, after: NOT_REVIEWED }];
            const after = updatedDateTime ?? REVIEWED;
            const changes: Change[] = [
              { action: 'reviewed', field: 'reviewed', before, after, version: updatedDateTime },
            ];
            if (!state.read) changes.push({ action: 'read', field: 'read', before: false, after: true });
            return changes;
          }),
        );
      })(),
    );
  }

  /** Adds a note to the event's thread (no version: it overwrites nothing). */
  addNote(reviewer: Reviewer, { eventId, note }: AddNoteArg): EventReviewState {
    return this.changeOne(reviewer, eventId, undefined, () => [
      { action: 'note', field: 'note', before: '', after: note },
    ]);
  }

  /** A log on this computer is the reviewer's own: there is no key outside it to verify it against. */
  auditVerification(): AuditVerificationView {
    return { kind: 'local' };
  }

  assign(): EventReviewState {
    throw new ReviewRefusedError('TeamReviewOnly', `Assigning an event ${TEAM_ONLY}`);
  }

  approve(): EventReviewState {
    throw new ReviewRefusedError('TeamReviewOnly', `Approving a review (four eyes) ${TEAM_ONLY}`);
  }

  /** The reviewer's audit entries, newest first (one event's, or all; only the read marks with `readMarks`). */
  audit(who: Reviewer, options: AuditArg = {}): ReviewAuditEntry[] {
    const limit = options.limit ?? 500;
    const reads = options.readMarks ? ` AND action IN ('read', 'unread')` : '';
    const rows = this.guarded(() =>
      options.eventId
        ? this.db
            .prepare<unknown[], AuditRow>(
              `SELECT * FROM review_audit WHERE profile_id = ? AND user_id = ? AND event_id = ?${reads} ORDER BY id DESC LIMIT ?`,
            )
            .all(who.profileId, who.userId, options.eventId, limit)
        : this.db
            .prepare<unknown[], AuditRow>(
              `SELECT * FROM review_audit WHERE profile_id = ? AND user_id = ?${reads} ORDER BY id DESC LIMIT ?`,
            )
            .all(who.profileId, who.userId, limit),
    );
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

  /** One event's change in its own transaction, refused when `version` (if any) is stale. */
  private changeOne(
    who: Reviewer,
    eventId: string,
    version: number | undefined,
    plan: (state: EventReviewState) => Change[],
  ): EventReviewState {
    return this.guarded(() =>
      this.db.transaction(() => {
        if (version !== undefined) this.refuseStale(who, [{ eventId, version }]);
        return this.change(who, eventId, plan);
      })(),
    );
  }

  private readRow(who: Reviewer, eventId: string): EventReviewState | undefined {
    const row = this.db
      .prepare<unknown[], StateRow>(
        'SELECT * FROM review_state WHERE profile_id = ? AND user_id = ? AND event_id = ?',
      )
      .get(who.profileId, who.userId, eventId);
    return row ? toState(row, who, this.notesOf(who, 'AND event_id = ?', [eventId]).get(eventId)) : undefined;
  }

  /** A ReviewConflictError when any event's state is no longer at the version the reviewer saw. */
  private refuseStale(who: Reviewer, events: { eventId: string; version: number }[]): void {
    const conflicts = events.flatMap(({ eventId, version }) => {
      const current = this.readRow(who, eventId) ?? untouchedState(eventId);
      if (current.version === version) return [];
      const newest = this.db
        .prepare<unknown[], AuditRow>(
          `SELECT * FROM review_audit WHERE profile_id = ? AND user_id = ? AND event_id = ?
             AND action NOT IN ('read', 'unread') ORDER BY id DESC LIMIT ?`,
        )
        .all(who.profileId, who.userId, eventId, Math.max(1, Math.min(50, current.version - version)));
      return [localConflict(current, version, newest)];
    });
    if (conflicts.length > 0) throw new ReviewConflictError(describeConflicts(conflicts), conflicts);
  }

  /** Applies the changes `plan` computes from the current state, with one audit entry per change (inside a transaction). */
  private change(
    who: Reviewer,
    eventId: string,
    plan: (state: EventReviewState) => Change[],
  ): EventReviewState {
    const at = this.clock().toISOString();
    const state = this.readRow(who, eventId) ?? untouchedState(eventId);
    const changes = plan(state).filter((change) => change.before !== change.after);
    if (changes.length === 0) return state;
    const next: EventReviewState = { ...state, changedAt: at };
    if (changes.some(isShared)) {
      next.version = state.version + 1;
      next.changedBy = { name: who.name, userId: who.userId };
    }
    for (const change of changes) applyChange(next, change, at, who);
    this.db
      .prepare(
        `INSERT INTO review_state (profile_id, user_id, event_id, read, flagged, reviewed_at, reviewed_version, changed_at, version)
         VALUES (@profileId, @userId, @eventId, @read, @flagged, @reviewedAt, @reviewedVersion, @changedAt, @version)
         ON CONFLICT (profile_id, user_id, event_id) DO UPDATE SET read = excluded.read, flagged = excluded.flagged,
           reviewed_at = excluded.reviewed_at, reviewed_version = excluded.reviewed_version,
           changed_at = excluded.changed_at, version = excluded.version`,
      )
      .run({
        profileId: who.profileId,
        userId: who.userId,
        eventId,
        read: next.read ? 1 : 0,
        flagged: next.flagged ? 1 : 0,
        reviewedAt: next.reviewedAt ?? null,
        reviewedVersion: next.reviewedVersion ?? null,
        changedAt: at,
        version: next.version,
      });
    if (changes.some((change) => change.field === 'note')) {
      const added = next.notes.at(-1)!;
      this.db
        .prepare(
          'INSERT INTO review_note (profile_id, user_id, event_id, id, at, author_name, text) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(who.profileId, who.userId, eventId, added.id, added.at, who.name, added.text);
    }
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
  }
}
