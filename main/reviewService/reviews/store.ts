/**
 * Applies review actions in one transaction each call: lock the events' rows, refuse stale
 * versions with a 409 naming who changed what and when, plan every action, then write the new
 * states, the read marks, the change (numbered in commit order) and its audit entries, and
 * NOTIFY the replicas. Nothing is written unless everything is.
 */
import type pg from 'pg';
import type { ReviewAction, ReviewActionsResult, ReviewConflict } from '../../../contract/wire/teamReview';
import { inTransaction } from '../database/pool';
import { ReviewServiceError } from '../errors';
import type { Member, Team } from '../team';
import { planAction, type AuditDraft } from './plan';
import { auditOfEvents, readMarks } from './queries';
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
    const { rows: clock } = await client.query<{ now: Date }>('SELECT now()');
    const at = clock[0]!.now;
    // Locked in one order, so two bulk changes never deadlock each other.
    const { rows } = await client.query<SharedRow>(
      `SELECT ${SHARED_COLUMNS} FROM event_review WHERE team = $1 AND event_id = ANY($2) ORDER BY event_id FOR UPDATE`,
      [team.id, [...eventIds].sort()],
    );
    const current = new Map(rows.map((row) => [row.event_id, stateFromRow(row)]));
    const reads = await readMarks(client, team.id, actor.userKey, eventIds);
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

    await writeStates(client, team, created, changedStates);
    if (readChanges.length > 0) {
      await client.query(
        `INSERT INTO event_read (team, event_id, user_key, read, changed_at)
         SELECT $1, r."EventId", $2, r."Read", $3 FROM jsonb_to_recordset($4::jsonb) AS r("EventId" text, "Read" boolean)
         ON CONFLICT (team, event_id, user_key) DO UPDATE SET read = excluded.read, changed_at = excluded.changed_at`,
        [team.id, actor.userKey, at, JSON.stringify(readChanges)],
      );
    }
    // Taken last: the row lock on the team's counter is held only until the commit just after.
    const { rows: numbered } = await client.query<{ last_sequence: string }>(
      `INSERT INTO review_sequence (team, last_sequence) VALUES ($1, 1)
       ON CONFLICT (team) DO UPDATE SET last_sequence = review_sequence.last_sequence + 1 RETURNING last_sequence`,
      [team.id],
    );
    const sequence = Number(numbered[0]!.last_sequence);
    const reviews = [...created, ...changedStates].map(sharedWire);
    await client.query(
      `INSERT INTO review_change (team, sequence, at, actor_key, actor_name, reviews, reads) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        team.id,
        sequence,
        at,
        actor.userKey,
        actor.name,
        JSON.stringify(reviews),
        JSON.stringify(readChanges),
      ],
    );
    await client.query(
      `INSERT INTO review_audit (team, sequence, event_id, at, actor_key, actor_name, action, before, after, event_version, event_facts)
       SELECT $1, $2, a.event_id, $3, $4, $5, a.action, a.before, a.after, a.event_version, a.event_facts
       FROM json_to_recordset($6::json) AS a(event_id text, action text, before text, after text, event_version integer, event_facts json)`,
      [
        team.id,
        sequence,
        at,
        actor.userKey,
        actor.name,
        JSON.stringify(
          audit.map((entry) => ({
            event_id: entry.eventId,
            action: entry.action,
            before: entry.before,
            after: entry.after,
            event_version: entry.version ?? null,
            event_facts: entry.event ?? null,
          })),
        ),
      ],
    );
    await client.query('SELECT pg_notify($1, $2)', [
      CHANGE_CHANNEL,
      JSON.stringify({ team: team.id, sequence }),
    ]);
    return { Sequence: sequence, Data: data };
  });
}

/** New rows by INSERT (a concurrent creator makes it fail and the transaction rerun), others by UPDATE of the version seen. */
async function writeStates(
  client: pg.PoolClient,
  team: Team,
  created: SharedState[],
  changed: SharedState[],
): Promise<void> {
  const columns = `team, ${SHARED_COLUMNS}`;
  if (created.length > 0) {
    await client.query(
      `INSERT INTO event_review (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(null::event_review, $1::jsonb)`,
      [JSON.stringify(created.map((state) => rowFromState(team.id, state)))],
    );
  }
  if (changed.length > 0) {
    const assignments = SHARED_COLUMNS.split(', ')
      .filter((column) => column !== 'event_id')
      .map((column) => `${column} = n.${column}`)
      .join(', ');
    const result = await client.query(
      `UPDATE event_review e SET ${assignments} FROM jsonb_populate_recordset(null::event_review, $1::jsonb) n
       WHERE e.team = n.team AND e.event_id = n.event_id AND e.version = n.version - 1`,
      [JSON.stringify(changed.map((state) => rowFromState(team.id, state)))],
    );
    // The rows are locked, so this cannot happen; if it ever did, nothing is committed.
    if (result.rowCount !== changed.length) throw new Error('A review state changed under its row lock.');
  }
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
