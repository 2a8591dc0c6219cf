/**
 * Applies review actions in one transaction each call: lock the events' rows, refuse stale
 * versions with a 409 naming who changed what and when, plan every action, then write the new
 * states, the read marks, the change (numbered in commit order) and its audit entries, and
 * NOTIFY the replicas. Nothing is written unless everything is.
 */
import type pg from 'pg';
import type { ReviewAction, ReviewActionsResult, ReviewConflict } from '../../../contract/wire/review';
import { inTransaction } from '../database/pool';
import { ReviewServiceError } from '../errors';
import type { Member, Team } from '../team';
import { planAction, type AuditDraft } from './plan';
import { auditOfEvents, clockAndReadMarks } from './queries';
import {
  rowFromState,
  SHARED_COLUMNS,
  sharedWire,
  stateFromRow,
  untouched,
  type SharedRow,
  type SharedState,
} from './state';

/** The channel every replica LISTENs on; the payload names the team and the change's sequence. */
export const CHANGE_CHANNEL = 'refdesk_team_review';

/** Applies `actions` by `actor` for `team`; answers the states after them. */
export async function applyActions(
  pool: pg.Pool,
  team: Team,
  actor: Member,
  actions: ReviewAction[],
): Promise<ReviewActionsResult> {
  return inTransaction(pool, async (client) => {
    const eventIds = actions.map((action) => action.EventId);
    const { at, reads } = await clockAndReadMarks(client, team.id, actor.userKey, eventIds);
    // Locked in one order, so two bulk changes never deadlock each other.
    const { rows } = await client.query<SharedRow>(
      `SELECT ${SHARED_COLUMNS} FROM event_review WHERE team = $1 AND event_id = ANY($2) ORDER BY event_id FOR UPDATE`,
      [team.id, [...eventIds].sort()],
    );
    const current = new Map(rows.map((row) => [row.event_id, stateFromRow(row)]));
    await refuseStale(client, team, actor, actions, current, reads);

    const changedStates: SharedState[] = [];
    const created: SharedState[] = [];
    const readChanges: { EventId: string; Read: boolean }[] = [];
    const audit: (AuditDraft & { eventId: string; version?: number })[] = [];
    for (const action of actions) {
      const before = current.get(action.EventId) ?? untouched(action.EventId);
      const plan = planAction(team, actor, action, before, reads.get(action.EventId) ?? false, at);
      if (plan.shared) {
        (before.version === 0 ? created : changedStates).push(plan.shared);
        current.set(action.EventId, plan.shared);
      }
      if (plan.read !== undefined) {
        readChanges.push({ EventId: action.EventId, Read: plan.read });
        reads.set(action.EventId, plan.read);
      }
      for (const draft of plan.audit) {
        audit.push({
          ...draft,
          eventId: action.EventId,
          ...(draft.personal ? {} : { version: plan.shared?.version }),
        });
      }
    }
    const data = eventIds.map((id) => ({
      ...sharedWire(current.get(id) ?? untouched(id)),
      Read: reads.get(id) ?? false,
    }));
    if (audit.length === 0) return { Data: data };

    const sequence = await writeChange(client, team, actor, at, {
      created,
      changed: changedStates,
      reads: readChanges,
      audit: audit.map((entry) => ({
        event_id: entry.eventId,
        action: entry.action,
        before: entry.before,
        after: entry.after,
        event_version: entry.version ?? null,
        event_facts: entry.event ?? null,
      })),
    });
    return { Sequence: sequence, Data: data };
  });
}

interface ChangeRows {
  created: SharedState[];
  changed: SharedState[];
  reads: { EventId: string; Read: boolean }[];
  audit: Record<string, unknown>[];
}

const UPDATED_COLUMNS = SHARED_COLUMNS.split(', ')
  .filter((column) => column !== 'event_id')
  .map((column) => `${column} = n.${column}`)
  .join(', ');

/**
 * Writes one change in one statement (one round trip): new states by INSERT (a concurrent
 * creator of the same row makes it fail and the transaction run again), changed ones by UPDATE
 * of the version seen, the read marks, the next number of the team's change feed, the change,
 * its audit entries and the NOTIFY to the replicas (delivered at commit). The counter's row lock
 * is taken here, at the end, and held only until the commit that follows.
 */
async function writeChange(
  client: pg.PoolClient,
  team: Team,
  actor: Member,
  at: Date,
  rows: ChangeRows,
): Promise<number> {
  const columns = `team, ${SHARED_COLUMNS}`;
  const { rows: written } = await client.query<{ sequence: string; updated: string }>(
    `WITH created AS (
       INSERT INTO event_review (${columns})
       SELECT ${columns} FROM jsonb_populate_recordset(null::event_review, $5::jsonb)
     ), updated AS (
       UPDATE event_review e SET ${UPDATED_COLUMNS} FROM jsonb_populate_recordset(null::event_review, $6::jsonb) n
       WHERE e.team = n.team AND e.event_id = n.event_id AND e.version = n.version - 1 RETURNING 1
     ), marks AS (
       INSERT INTO event_read (team, event_id, user_key, read, changed_at)
       SELECT $1, r."EventId", $3, r."Read", $2 FROM json_to_recordset($7::json) AS r("EventId" text, "Read" boolean)
       ON CONFLICT (team, event_id, user_key) DO UPDATE SET read = excluded.read, changed_at = excluded.changed_at
     ), numbered AS (
       INSERT INTO review_sequence (team, last_sequence) VALUES ($1, 1)
       ON CONFLICT (team) DO UPDATE SET last_sequence = review_sequence.last_sequence + 1 RETURNING last_sequence
     ), change AS (
       INSERT INTO review_change (team, sequence, at, actor_key, actor_name, reviews, reads)
       SELECT $1, last_sequence, $2, $3, $4, $8::json, $7::json FROM numbered
     ), audit AS (
       INSERT INTO review_audit (team, sequence, event_id, at, actor_key, actor_name, action, before, after, event_version, event_facts)
       SELECT $1, numbered.last_sequence, a.event_id, $2, $3, $4, a.action, a.before, a.after, a.event_version, a.event_facts
       FROM numbered, json_to_recordset($9::json)
         AS a(event_id text, action text, before text, after text, event_version integer, event_facts json)
     )
     SELECT last_sequence AS sequence, (SELECT count(*) FROM updated) AS updated,
       pg_notify('${CHANGE_CHANNEL}', json_build_object('team', $1::text, 'sequence', last_sequence)::text)
     FROM numbered`,
    [
      team.id,
      at,
      actor.userKey,
      actor.name,
      JSON.stringify(rows.created.map((state) => rowFromState(team.id, state))),
      JSON.stringify(rows.changed.map((state) => rowFromState(team.id, state))),
      JSON.stringify(rows.reads),
      JSON.stringify([...rows.created, ...rows.changed].map(sharedWire)),
      JSON.stringify(rows.audit),
    ],
  );
  // The rows are locked, so this cannot happen; if it ever did, the transaction is rolled back.
  if (Number(written[0]!.updated) !== rows.changed.length)
    throw new Error('A review state changed under its row lock.');
  return Number(written[0]!.sequence);
}

/** 409 when any shared action names a version other than the current one, with the changes since. */
async function refuseStale(
  client: pg.PoolClient,
  team: Team,
  actor: Member,
  actions: ReviewAction[],
  current: Map<string, SharedState>,
  reads: Map<string, boolean>,
): Promise<void> {
  const stale = actions.flatMap((action) => {
    if (action.Action === 'SetRead') return [];
    const version = current.get(action.EventId)?.version ?? 0;
    return action.Version === version ? [] : [{ eventId: action.EventId, yourVersion: action.Version }];
  });
  if (stale.length === 0) return;
  const history = await auditOfEvents(client, team.id, stale);
  const conflicts: ReviewConflict[] = stale.map(({ eventId, yourVersion }) => ({
    EventId: eventId,
    YourVersion: yourVersion,
    Current: { ...sharedWire(current.get(eventId) ?? untouched(eventId)), Read: reads.get(eventId) ?? false },
    ChangesSince: history.get(eventId) ?? [],
  }));
  const first = conflicts[0]!;
  const last = first.ChangesSince.at(-1);
  const who = last
    ? `${last.By.UserKey === actor.userKey ? 'you' : last.By.Name} (${describeAction(last.Action)}, ${last.At})`
    : 'someone';
  const more =
    conflicts.length > 1 ? ` and ${conflicts.length - 1} more event${conflicts.length > 2 ? 's' : ''}` : '';
  throw new ReviewServiceError(
    409,
    'ReviewConflict',
    `Event ${first.EventId}${more} changed since you loaded it: last changed by ${who}. Nothing was saved; reload and try again.`,
    { conflicts },
  );
}

function describeAction(action: string): string {
  return action.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
