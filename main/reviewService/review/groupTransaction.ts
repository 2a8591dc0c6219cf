/**
 * One transaction for a group of review requests (store.ts writeGroup): `review_begin` takes the
 * team's lock and reads what the service plans on, the group is planned (groupPlan.ts), and
 * `review_write` writes it with the COMMIT in the same round trip; the replica's change feed is
 * told of the committed changes (ownChanges.ts).
 */
import type pg from 'pg';
import { isDatabaseUnavailable } from '../database/pool';
import { planGroup, type Begun, type Job, type JobOutcome } from './groupPlan';
import { begunChanges, committedChanges, type PlannedChange } from './ownChanges';
import type { StoreDependencies } from './store';
import type { FeedChange } from './threadCache';

/** Errors after which a group may simply be written again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

/**
 * One transaction for `jobs`: lock and read, plan, write and commit; run again after a
 * serialization failure. Once the lock is held, `more` may add the requests that queued
 * meanwhile (read in a second round trip: cheaper than a group of their own, whose fixed cost
 * is a few times a request's). (Exported for the bench, which writes groups of a chosen size.)
 */
export async function transact(
  deps: StoreDependencies,
  jobs: Job[],
  more?: () => Job[],
): Promise<JobOutcome[]> {
  const all = [...jobs];
  let tookMore = false;
  for (let attempt = 1; ; attempt++) {
    const client = await deps.pool.connect();
    let broken = false;
    // The replica's change feed is told of the committed changes this transaction learns of.
    const feed = deps.ownWrite?.();
    const handed: FeedChange[] = [];
    /** The group's events' notes, read under the team's lock: their threads now (the feed learns them). */
    let notes: Begun['notes'] = [];
    /** This group's changes, once committed: the first and last sequence. */
    let own: { first: number; last: number } | undefined;
    try {
      const literal = (value: unknown) => client.escapeLiteral(JSON.stringify(value));
      let begun = await begin(client, deps.team.id, readFor(all), 'BEGIN; ', feed?.since ?? null);
      handed.push(...begunChanges(begun.changes));
      const added = tookMore ? [] : (more?.() ?? []);
      tookMore = true;
      if (added.length > 0) {
        begun = await readAdded(client, deps.team.id, all, added, begun);
        all.push(...added);
      }
      notes = begun.notes;
      const { outcomes, payload } = planGroup(deps.team, deps.auditKey, all, begun);
      const changes = payload.changes as PlannedChange[];
      if (changes.length === 0) {
        await client.query('ROLLBACK');
        return outcomes;
      }
      await client.query(`SELECT review_write(${literal(payload)}); COMMIT`);
      const committed = committedChanges(payload.at as string, changes);
      handed.push(...committed);
      if (committed.length > 0)
        own = { first: committed[0]!.message.Sequence, last: committed.at(-1)!.message.Sequence };
      return outcomes;
    } catch (error) {
      broken = isDatabaseUnavailable(error);
      if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
      const code = (error as { code?: unknown }).code;
      if (attempt < ATTEMPTS && typeof code === 'string' && RETRYABLE_CODES.has(code)) continue;
      throw error;
    } finally {
      feed?.settle(handed, own, notes);
      // A connection that failed mid-transaction is dropped, never handed to the next request.
      client.release(broken);
    }
  }
}

/** What review_begin reads for a group: its events, keys and members. */
interface ReadArguments {
  eventIds: string[];
  keys: string[];
  userKeys: string[];
}

const eventsOf = (jobs: Job[]) => new Set(jobs.flatMap((job) => job.actions.map((action) => action.EventId)));

function readFor(jobs: Job[]): ReadArguments {
  return {
    eventIds: [...eventsOf(jobs)],
    keys: jobs.map((job) => job.request.key),
    userKeys: [...new Set(jobs.map((job) => job.actor.userKey))],
  };
}

/**
 * `begun` with what the requests `added` to `group` need besides (read under the same lock):
 * their keys, and their new events' states, notes and the whole group's read marks of them; the
 * whole group again when a member new to it acts on an event read already (their read marks of
 * it were not read).
 */
async function readAdded(
  client: pg.PoolClient,
  team: string,
  group: Job[],
  added: Job[],
  begun: Begun,
): Promise<Begun> {
  const readEvents = eventsOf(group);
  const readUsers = new Set(group.map((job) => job.actor.userKey));
  const whole = added.some(
    (job) =>
      !readUsers.has(job.actor.userKey) && job.actions.some((action) => readEvents.has(action.EventId)),
  );
  if (whole) {
    const again = await begin(client, team, readFor([...group, ...added]), '', null);
    return {
      ...begun,
      outcomes: again.outcomes,
      states: again.states,
      notes: again.notes,
      reads: again.reads,
    };
  }
  const more = await begin(
    client,
    team,
    {
      eventIds: [...eventsOf(added)].filter((eventId) => !readEvents.has(eventId)),
      keys: added.map((job) => job.request.key),
      userKeys: [...new Set([...readUsers, ...added.map((job) => job.actor.userKey)])],
    },
    '',
    null,
  );
  return {
    ...begun,
    outcomes: { ...begun.outcomes, ...more.outcomes },
    states: [...begun.states, ...more.states],
    notes: [...begun.notes, ...more.notes],
    reads: [...begun.reads, ...more.reads],
  };
}

/**
 * review_begin (`prefix`: BEGIN the transaction in the same round trip; `since`: the change
 * feed's last delivered change, for the changes committed after it).
 */
async function begin(
  client: pg.PoolClient,
  team: string,
  read: ReadArguments,
  prefix: string,
  since: number | null,
): Promise<Begun> {
  const array = (value: string[]) => `${client.escapeLiteral(arrayLiteral(value))}::text[]`;
  const results = (await client.query(
    `${prefix}SELECT review_begin(${client.escapeLiteral(team)}, ${array(read.eventIds)}, ${array(read.keys)}, ` +
      `${array(read.userKeys)}, ${since === null ? 'NULL' : Math.trunc(since)}::bigint) AS begun`,
  )) as unknown as pg.QueryResult<{ begun: Begun }> | pg.QueryResult<{ begun: Begun }>[];
  return (Array.isArray(results) ? results.at(-1)! : results).rows[0]!.begun;
}

/** A PostgreSQL array literal of `values`, each element quoted (so commas, braces and NULL stay text). */
function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
