/**
 * The local review file's rows and what they mean: a state row as the desk shows it, the
 * changes an action plans (one audit entry each), and what a refused stale change tells the
 * reviewer (the audit entries written since the version they saw).
 */
import type {
  EventReviewState,
  ReviewAuditAction,
  ReviewConflictView,
  ReviewNote,
} from '../../../../contract/review';

export interface StateRow {
  event_id: string;
  read: number;
  flagged: number;
  reviewed_at: string | null;
  reviewed_version: string | null;
  changed_at: string;
  version: number;
}

export interface AuditRow {
  id: number;
  profile_id: string;
  user_id: string;
  user_name: string;
  event_id: string;
  at: string;
  action: ReviewAuditAction;
  before: string;
  after: string;
}

/** A row of review_note. */
export interface NoteRow {
  event_id: string;
  id: number;
  at: string;
  author_name: string;
  text: string;
}

/** A note row as the desk shows it (the local store's notes are all the reviewer's own). */
export function toNote(row: NoteRow, reviewer: { name: string; userId: string }): ReviewNote {
  return {
    id: row.id,
    by: { name: row.author_name || reviewer.name, userId: reviewer.userId },
    at: row.at,
    text: row.text,
  };
}

/** A state row as the desk shows it, with its notes; the reviewer is the only person a local state names. */
export function toState(
  row: StateRow,
  reviewer: { name: string; userId: string },
  notes: ReviewNote[] = [],
): EventReviewState {
  const who = { name: reviewer.name, userId: reviewer.userId };
  return {
    eventId: row.event_id,
    read: row.read === 1,
    flagged: row.flagged === 1,
    ...(row.reviewed_at ? { reviewedAt: row.reviewed_at, reviewedBy: who } : {}),
    ...(row.reviewed_version ? { reviewedVersion: row.reviewed_version } : {}),
    notes,
    changedAt: row.changed_at,
    version: row.version,
    progress: row.reviewed_at ? 'Reviewed' : 'NotReviewed',
    fourEyes: false,
    ...(row.version > 0 ? { changedBy: who } : {}),
  };
}

/** The state of an event this reviewer never touched. */
export function untouchedState(eventId: string): EventReviewState {
  return {
    eventId,
    read: false,
    flagged: false,
    notes: [],
    version: 0,
    progress: 'NotReviewed',
    fourEyes: false,
  };
}

/** One field an action changes, with its audit entry. */
export interface Change {
  action: ReviewAuditAction;
  field: 'read' | 'flagged' | 'reviewed' | 'note';
  before: string | boolean;
  after: string | boolean;
  /** For `reviewed`: the event's UpdatedDateTime the reviewer saw. */
  version?: string | undefined;
}

/** Read marks are the reviewer's own; every other change moves the state's version on. */
export const isShared = (change: Change) => change.field !== 'read';

export const NOT_REVIEWED = 'not reviewed';
export const REVIEWED = 'reviewed';

/** How the audit log writes a reviewed state: the version seen, "reviewed" without one, or "not reviewed". */
export function reviewedText(state: EventReviewState): string {
  if (!state.reviewedAt) return NOT_REVIEWED;
  return state.reviewedVersion ?? REVIEWED;
}

/** Applies one change to `state` (a copy the caller owns). */
export function applyChange(
  state: EventReviewState,
  change: Change,
  at: string,
  reviewer: { name: string; userId: string },
): void {
  switch (change.field) {
    case 'read':
      state.read = change.after === true;
      break;
    case 'flagged':
      state.flagged = change.after === true;
      break;
    case 'note':
      state.notes = [
        ...state.notes,
        {
          id: (state.notes.at(-1)?.id ?? 0) + 1,
          by: { name: reviewer.name, userId: reviewer.userId },
          at,
          text: String(change.after),
        },
      ];
      break;
    case 'reviewed':
      delete state.reviewedAt;
      delete state.reviewedVersion;
      delete state.reviewedBy;
      state.progress = 'NotReviewed';
      if (change.action === 'reviewed') {
        state.reviewedAt = at;
        state.reviewedBy = { name: reviewer.name, userId: reviewer.userId };
        state.progress = 'Reviewed';
        if (change.version) state.reviewedVersion = change.version;
      }
      break;
  }
}

/**
 * The conflict of a change based on version `yourVersion` of an event now at `current`: the
 * shared changes since are the newest `current.version - yourVersion` shared audit entries
 * (each version step writes exactly one), oldest first.
 */
export function localConflict(
  current: EventReviewState,
  yourVersion: number,
  newestSharedEntries: AuditRow[],
): ReviewConflictView {
  const since = newestSharedEntries.slice(0, Math.max(0, current.version - yourVersion)).reverse();
  return {
    eventId: current.eventId,
    yourVersion,
    current,
    changesSince: since.map((entry) => ({
      by: { name: entry.user_name, userId: entry.user_id },
      at: entry.at,
      action: entry.action,
      before: entry.before,
      after: entry.after,
    })),
  };
}
