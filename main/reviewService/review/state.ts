/**
 * The review state of one event as the service reasons about it, and how it is written on the
 * wire and in the database. One place decides the review status (four eyes) and the mapping
 * between snake_case rows and the PascalCase wire.
 */
import type {
  EventFacts,
  ReviewStatus,
  SharedEventReview,
  TeamAuditAction,
  TeamAuditEntry,
  TeamMember,
  TeamNote,
} from '../../../contract/wire/review';

/** A member named in a state: who reviewed, approved, is assigned, changed it last. */
export interface Person {
  userKey: string;
  name: string;
}

export interface Signature extends Person {
  at: Date;
}

/** The team's shared state of one event (version 0: nobody has touched it). */
export interface SharedState {
  eventId: string;
  version: number;
  flagged: boolean;
  /** The thread, oldest first, as the wire writes it (and the database keeps it). */
  notes: TeamNote[];
  assignee?: Person;
  eventType?: string;
  fourEyes: boolean;
  reviewed?: Signature & { eventVersion?: string };
  approved?: Signature;
  changed?: Signature;
}

/** The state of an event nobody has touched. */
export function untouched(eventId: string): SharedState {
  return { eventId, version: 0, flagged: false, notes: [], fourEyes: false };
}

/** Where the event stands, from who reviewed and approved it and whether four eyes apply. */
export function reviewStatusOf(state: SharedState): ReviewStatus {
  if (!state.reviewed) return 'NotReviewed';
  if (!state.fourEyes) return 'Reviewed';
  return state.approved ? 'Approved' : 'AwaitingApproval';
}

const member = (person: Person): TeamMember => ({ UserKey: person.userKey, Name: person.name });
const signature = (signed: Signature) => ({ By: member(signed), At: signed.at.toISOString() });

/** The shared state as the wire writes it (absent rather than empty). */
export function sharedWire(state: SharedState): SharedEventReview {
  return {
    EventId: state.eventId,
    Version: state.version,
    Flagged: state.flagged,
    ...(state.notes.length > 0 ? { Notes: state.notes } : {}),
    ...(state.assignee ? { Assignee: member(state.assignee) } : {}),
    FourEyes: state.fourEyes,
    ReviewStatus: reviewStatusOf(state),
    ...(state.reviewed
      ? {
          Reviewed: {
            ...signature(state.reviewed),
            ...(state.reviewed.eventVersion ? { EventUpdatedDateTime: state.reviewed.eventVersion } : {}),
          },
        }
      : {}),
    ...(state.approved ? { Approved: signature(state.approved) } : {}),
    ...(state.eventType ? { EventType: state.eventType } : {}),
    ...(state.changed ? { Changed: signature(state.changed) } : {}),
  };
}

/**
 * The columns of event_review but the team, in SharedRow's order, and the event's notes thread
 * (its own rows since migration 0005). For queries `FROM event_review` without an alias.
 */
export const SHARED_COLUMNS =
  'event_id, version, flagged, (SELECT coalesce(json_agg(review_note_wire(n) ORDER BY n.id), \'[]\') FROM event_note n ' +
  'WHERE n.team = event_review.team AND n.event_id = event_review.event_id) AS notes, assignee_key, assignee_name, event_type, four_eyes, reviewed_by_key, reviewed_by_name, ' +
  'reviewed_at, reviewed_event_version, approved_by_key, approved_by_name, approved_at, changed_by_key, changed_by_name, changed_at';

/** When a row was read as a JSON object (review_begin), its timestamps are ISO text. */
type Timestamp = Date | string;

/** A row of event_review (timestamps as pg returns them: Date, or text in JSON). */
export interface SharedRow {
  event_id: string;
  version: number;
  flagged: boolean;
  notes: TeamNote[];
  assignee_key: string | null;
  assignee_name: string | null;
  event_type: string | null;
  four_eyes: boolean;
  reviewed_by_key: string | null;
  reviewed_by_name: string | null;
  reviewed_at: Timestamp | null;
  reviewed_event_version: string | null;
  approved_by_key: string | null;
  approved_by_name: string | null;
  approved_at: Timestamp | null;
  changed_by_key: string;
  changed_by_name: string;
  changed_at: Timestamp;
}

function signed(key: string | null, name: string | null, at: Timestamp | null): Signature | undefined {
  return key && name && at ? { userKey: key, name, at: new Date(at) } : undefined;
}

export function stateFromRow(row: SharedRow): SharedState {
  const reviewed = signed(row.reviewed_by_key, row.reviewed_by_name, row.reviewed_at);
  const approved = signed(row.approved_by_key, row.approved_by_name, row.approved_at);
  return {
    eventId: row.event_id,
    version: row.version,
    flagged: row.flagged,
    notes: row.notes,
    ...(row.assignee_key && row.assignee_name
      ? { assignee: { userKey: row.assignee_key, name: row.assignee_name } }
      : {}),
    ...(row.event_type ? { eventType: row.event_type } : {}),
    fourEyes: row.four_eyes,
    ...(reviewed
      ? {
          reviewed: {
            ...reviewed,
            ...(row.reviewed_event_version ? { eventVersion: row.reviewed_event_version } : {}),
          },
        }
      : {}),
    ...(approved ? { approved } : {}),
    changed: { userKey: row.changed_by_key, name: row.changed_by_name, at: new Date(row.changed_at) },
  };
}

/** The state as a row of event_review for `team` (for jsonb_populate_recordset: ISO timestamps; the notes are rows of their own). */
export function rowFromState(team: string, state: SharedState): Record<string, unknown> {
  const changed = state.changed;
  if (!changed) throw new Error('A stored state always names its last change.');
  return {
    team,
    event_id: state.eventId,
    version: state.version,
    flagged: state.flagged,
    assignee_key: state.assignee?.userKey ?? null,
    assignee_name: state.assignee?.name ?? null,
    event_type: state.eventType ?? null,
    four_eyes: state.fourEyes,
    reviewed_by_key: state.reviewed?.userKey ?? null,
    reviewed_by_name: state.reviewed?.name ?? null,
    reviewed_at: state.reviewed?.at.toISOString() ?? null,
    reviewed_event_version: state.reviewed?.eventVersion ?? null,
    approved_by_key: state.approved?.userKey ?? null,
    approved_by_name: state.approved?.name ?? null,
    approved_at: state.approved?.at.toISOString() ?? null,
    changed_by_key: changed.userKey,
    changed_by_name: changed.name,
    changed_at: changed.at.toISOString(),
  };
}

/** A row of review_audit. */
export interface AuditRow {
  id: string;
  sequence: string;
  /** The entry's place in its change (absent for entries written before the log was sealed). */
  position: number | null;
  event_id: string;
  at: Date;
  actor_key: string;
  actor_name: string;
  action: TeamAuditAction;
  before: string;
  after: string;
  event_version: number | null;
  event_facts: EventFacts | null;
  /** HMAC-SHA256 chaining the entry to the one before (absent before the log was sealed). */
  mac: Buffer | null;
}

export function auditWire(row: AuditRow): TeamAuditEntry {
  return {
    Id: Number(row.id),
    Sequence: Number(row.sequence),
    EventId: row.event_id,
    At: row.at.toISOString(),
    By: { UserKey: row.actor_key, Name: row.actor_name },
    Action: row.action,
    Before: row.before,
    After: row.after,
    ...(row.event_version !== null ? { Version: row.event_version } : {}),
    ...(row.event_facts ? { Event: row.event_facts } : {}),
  };
}
