/**
 * The service's reads: review states (named events or the work queue, with the caller's own
 * read marks), the audit log, and the change feed live streams replay from.
 */
import type pg from 'pg';
import type {
  AuditFeed,
  AuditQuery,
  ReadMarksFeed,
  ReadsQuery,
  ReviewChangeMessage,
  ReviewedEventSnapshot,
  ReviewsFeed,
  ReviewsQuery,
  TeamAuditEntry,
  TeamEventReview,
} from '../../../contract/wire/review';
import {
  auditWire,
  SHARED_COLUMNS,
  sharedWire,
  stateFromRow,
  untouched,
  type AuditRow,
  type SharedRow,
} from './state';
import type { FeedChange, FeedReview } from './threadCache';

type Queryable = pg.Pool | pg.PoolClient;

/** The caller's read marks of `eventIds` (events never marked are absent). */
export async function readMarks(
  db: Queryable,
  team: string,
  userKey: string,
  eventIds: string[],
): Promise<Map<string, boolean>> {
  const { rows } = await db.query<{ event_id: string; read: boolean }>(
    'SELECT event_id, read FROM event_read WHERE team = $1 AND user_key = $2 AND event_id = ANY($3)',
    [team, userKey, eventIds],
  );
  return new Map(rows.map((row) => [row.event_id, row.read]));
}

/** The states of the named events, in the order named (untouched events at version 0). */
export async function reviewsOf(
  db: Queryable,
  team: string,
  userKey: string,
  eventIds: string[],
): Promise<TeamEventReview[]> {
  const [{ rows }, reads] = await Promise.all([
    db.query<SharedRow>(`SELECT ${SHARED_COLUMNS} FROM event_review WHERE team = $1 AND event_id = ANY($2)`, [
      team,
      eventIds,
    ]),
    readMarks(db, team, userKey, eventIds),
  ]);
  const states = new Map(rows.map((row) => [row.event_id, stateFromRow(row)]));
  return eventIds.map((id) => ({
    ...sharedWire(states.get(id) ?? untouched(id)),
    Read: reads.get(id) ?? false,
  }));
}

const STATUS_CONDITION = {
  NotReviewed: 'reviewed_by_key IS NULL',
  Reviewed: 'reviewed_by_key IS NOT NULL AND NOT four_eyes',
  AwaitingApproval: 'reviewed_by_key IS NOT NULL AND four_eyes AND approved_by_key IS NULL',
  Approved: 'approved_by_key IS NOT NULL',
} as const;

/** The team's touched events matching the filters, most recently changed first. */
export async function workQueue(
  db: Queryable,
  team: string,
  userKey: string,
  query: ReviewsQuery,
): Promise<ReviewsFeed> {
  const values: unknown[] = [team];
  const conditions = ['team = $1'];
  if (query.ReviewStatus) conditions.push(STATUS_CONDITION[query.ReviewStatus]);
  if (query.Flagged !== undefined) conditions.push(`flagged = $${values.push(query.Flagged)}`);
  if (query.AssignedTo)
    conditions.push(`assignee_key = $${values.push(query.AssignedTo === 'me' ? userKey : query.AssignedTo)}`);
  const limit = `LIMIT $${values.push(query.$top ?? 100)} OFFSET $${values.push(query.$skip ?? 0)}`;
  const { rows } = await db.query<SharedRow & { total: string }>(
    `SELECT ${SHARED_COLUMNS}, count(*) OVER () AS total FROM event_review WHERE ${conditions.join(' AND ')}
     ORDER BY changed_at DESC, event_id ${limit}`,
    values,
  );
  const reads = await readMarks(
    db,
    team,
    userKey,
    rows.map((row) => row.event_id),
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : await countOf(
        db,
        `SELECT count(*) FROM event_review WHERE ${conditions.join(' AND ')}`,
        values.slice(0, -2),
      );
  return {
    __count: total,
    Data: rows.map((row) => ({ ...sharedWire(stateFromRow(row)), Read: reads.get(row.event_id) ?? false })),
  };
}

const AUDIT_COLUMNS =
  'id, sequence, position, event_id, at, actor_key, actor_name, action, before, after, event_version, event_facts, mac';

/** The team's audit log, newest first (shared entries only: read marks are personal and not in it). */
export async function auditFeed(db: Queryable, team: string, query: AuditQuery): Promise<AuditFeed> {
  const values: unknown[] = [team];
  const conditions = ['team = $1'];
  if (query.EventId) conditions.push(`event_id = $${values.push(query.EventId)}`);
  if (query.UserKey) conditions.push(`actor_key = $${values.push(query.UserKey)}`);
  if (query.Action) conditions.push(`action = $${values.push(query.Action)}`);
  if (query.FromDateTime) conditions.push(`at >= $${values.push(query.FromDateTime)}`);
  if (query.ToDateTime) conditions.push(`at < $${values.push(query.ToDateTime)}`);
  const where = conditions.join(' AND ');
  const filterValues = [...values];
  const { rows } = await db.query<AuditRow>(
    `SELECT ${AUDIT_COLUMNS} FROM review_audit WHERE ${where} ORDER BY id DESC LIMIT $${values.push(query.$top ?? 500)} OFFSET $${values.push(query.$skip ?? 0)}`,
    values,
  );
  return {
    __count: await countOf(db, `SELECT count(*) FROM review_audit WHERE ${where}`, filterValues),
    Data: rows.map(auditWire),
  };
}

/** The audit columns of the subquery `recent` (the recordset beside it has an event_id too). */
const RECENT_AUDIT_COLUMNS = AUDIT_COLUMNS.split(', ')
  .map((column) => `recent.${column}`)
  .join(', ');

/** For each stale event, the shared changes after the version the caller saw (at most 50, oldest first). */
export async function auditOfEvents(
  db: Queryable,
  team: string,
  stale: { eventId: string; yourVersion: number }[],
): Promise<Map<string, TeamAuditEntry[]>> {
  // Per event, its newest entries through the (team, event_id, id) index: joined set-wise, the
  // planner (which cannot count the recordset's rows) scanned the whole log for each conflict.
  const { rows } = await db.query<AuditRow>(
    `SELECT ${RECENT_AUDIT_COLUMNS} FROM jsonb_to_recordset($2::jsonb) AS s(event_id text, version integer)
     CROSS JOIN LATERAL (
       SELECT a.* FROM review_audit a WHERE a.team = $1 AND a.event_id = s.event_id AND a.event_version > s.version
       ORDER BY a.id DESC LIMIT 50) recent
     ORDER BY recent.id`,
    [team, JSON.stringify(stale.map((entry) => ({ event_id: entry.eventId, version: entry.yourVersion })))],
  );
  const byEvent = new Map<string, TeamAuditEntry[]>();
  for (const row of rows) {
    const list = byEvent.get(row.event_id) ?? [];
    list.push(auditWire(row));
    byEvent.set(row.event_id, list);
  }
  return byEvent;
}

/** The caller's own read marks, most recently marked first (nobody else's: they are personal). */
export async function readMarksOf(
  db: Queryable,
  team: string,
  userKey: string,
  query: ReadsQuery,
): Promise<ReadMarksFeed> {
  const values: unknown[] = [team, userKey];
  const conditions = ['team = $1', 'user_key = $2'];
  if (query.EventId) conditions.push(`event_id = $${values.push(query.EventId)}`);
  const where = conditions.join(' AND ');
  const { rows } = await db.query<{ event_id: string; read: boolean; changed_at: Date; total: string }>(
    `SELECT event_id, read, changed_at, count(*) OVER () AS total FROM event_read WHERE ${where}
     ORDER BY changed_at DESC, event_id LIMIT $${values.push(query.$top ?? 500)} OFFSET $${values.push(query.$skip ?? 0)}`,
    values,
  );
  return {
    __count: rows[0]
      ? Number(rows[0].total)
      : await countOf(db, `SELECT count(*) FROM event_read WHERE ${where}`, values.slice(0, -2)),
    Data: rows.map((row) => ({ EventId: row.event_id, Read: row.read, At: row.changed_at.toISOString() })),
  };
}

/** The event as the platform had it when it was last reviewed; undefined when it is not reviewed (or was before the service kept it). */
export async function reviewedEventOf(
  db: Queryable,
  team: string,
  eventId: string,
): Promise<ReviewedEventSnapshot | undefined> {
  const { rows } = await db.query<{
    reviewed_by_key: string;
    reviewed_by_name: string;
    reviewed_at: Date;
    reviewed_event_version: string | null;
    event: ReviewedEventSnapshot['Event'];
  }>(
    `SELECT r.reviewed_by_key, r.reviewed_by_name, r.reviewed_at, r.reviewed_event_version, s.event
     FROM event_review r JOIN event_review_snapshot s ON s.team = r.team AND s.event_id = r.event_id
     WHERE r.team = $1 AND r.event_id = $2 AND r.reviewed_by_key IS NOT NULL`,
    [team, eventId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    EventId: eventId,
    Reviewed: {
      By: { UserKey: row.reviewed_by_key, Name: row.reviewed_by_name },
      At: row.reviewed_at.toISOString(),
      ...(row.reviewed_event_version ? { EventUpdatedDateTime: row.reviewed_event_version } : {}),
    },
    Event: row.event,
  };
}

/** A committed change as the change feed keeps it: the message, and whose read marks it carries. */
export interface StoredChange {
  message: ReviewChangeMessage;
  actorKey: string;
}

/** The team's changes after `sequence`, oldest first, at most `limit`, as stored (threadCache.ts puts their threads back). */
export async function changesAfter(
  db: Queryable,
  team: string,
  sequence: number,
  limit: number,
): Promise<FeedChange[]> {
  const { rows } = await db.query<{
    sequence: string;
    at: Date;
    actor_key: string;
    actor_name: string;
    reviews: FeedReview[];
    reads: NonNullable<ReviewChangeMessage['Read']>;
  }>({
    // Every replica reads here after each committed group: a named statement is parsed and
    // planned once per connection instead of on every read.
    name: 'review_changes_after',
    text: `SELECT sequence, at, actor_key, actor_name, reviews, reads FROM review_change
     WHERE team = $1 AND sequence > $2 ORDER BY sequence LIMIT $3`,
    values: [team, sequence, limit],
  });
  return rows.map((row) => ({
    actorKey: row.actor_key,
    message: {
      Sequence: Number(row.sequence),
      At: row.at.toISOString(),
      By: { UserKey: row.actor_key, Name: row.actor_name },
      Reviews: row.reviews,
      ...(row.reads.length > 0 ? { Read: row.reads } : {}),
    },
  }));
}

/** The number of the team's newest change (0 before the first). */
export async function latestSequence(db: Queryable, team: string): Promise<number> {
  const { rows } = await db.query<{ last_sequence: string }>(
    'SELECT last_sequence FROM review_sequence WHERE team = $1',
    [team],
  );
  return rows[0] ? Number(rows[0].last_sequence) : 0;
}

async function countOf(db: Queryable, text: string, values: unknown[]): Promise<number> {
  const { rows } = await db.query<{ count: string }>(text, values);
  return Number(rows[0]?.count ?? 0);
}
