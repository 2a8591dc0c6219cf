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
import type { StoredChange } from './queries';
import type { StoreDependencies } from './store';

/** Errors after which a group may simply be written again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

/**
 * One transaction for `jobs`: lock and read, plan, write and commit; run again after a
 * serialization failure. Once the lock is held, `more` may add the requests that queued
 * meanwhile (read in a second round trip: cheaper than a group of their own, whose fixed cost
 * is a few times a request's). (Exported for the bench, which writes groups of a chosen size.)
 */
export async function transact(deps: StoreDependencies, jobs: Job[], more?: () => Job[]): Promise<JobOutcome[]> {
  const all = [...jobs];
  let tookMore = false;
  for (let attempt = 1; ; attempt++) {
    const client = await deps.pool.connect();
    let broken = false;
    // The replica's change feed is told of the committed changes this transaction learns of.
    const feed = deps.ownWrite?.();
    const handed: StoredChange[] = [];
    try {
      const literal = (value: unknown) => client.escapeLiteral(JSON.stringify(value));
      let begun = await begin(client, deps.team.id, all, 'BEGIN; ', feed?.since ?? null);
      handed.push(...begunChanges(begun.changes));
      const added = tookMore ? [] : (more?.() ?? []);
      tookMore = true;
      if (added.length > 0) {
        all.push(...added);
        // Read again for the whole group (a new member's read marks of the first events too).
        const again = await begin(client, deps.team.id, all, '', null);
        begun = { ...begun, outcomes: again.outcomes, states: again.states, notes: again.notes, reads: again.reads };
      }
      const { outcomes, payload } = planGroup(deps.team, deps.auditKey, all, begun);
      const changes = payload.changes as PlannedChange[];
      if (changes.length === 0) {
        await client.query('ROLLBACK');
        return outcomes;
      }
      await client.query(`SELECT review_write(${literal(payload)}); COMMIT`);
      handed.push(...committedChanges(payload.at as string, changes));
      return outcomes;
    } catch (error) {
      broken = isDatabaseUnavailable(error);
      if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
      const code = (error as { code?: unknown }).code;
      if (attempt < ATTEMPTS && typeof code === 'string' && RETRYABLE_CODES.has(code)) continue;
      throw error;
    } finally {
      feed?.settle(handed);
      // A connection that failed mid-transaction is dropped, never handed to the next request.
      client.release(broken);
    }
  }
}

/**
 * review_begin for `jobs` (`prefix`: BEGIN the transaction in the same round trip; `since`: the
 * change feed's last delivered change, for the changes committed after it).
 */
async function begin(
  client: pg.PoolClient,
  team: string,
  jobs: Job[],
  prefix: string,
  since: number | null,
): Promise<Begun> {
  const eventIds = [...new Set(jobs.flatMap((job) => job.actions.map((action) => action.EventId)))];
  const keys = jobs.map((job) => job.request.key);
  const userKeys = [...new Set(jobs.map((job) => job.actor.userKey))];
  const array = (value: string[]) => `${client.escapeLiteral(arrayLiteral(value))}::text[]`;
  const results = (await client.query(
    `${prefix}SELECT review_begin(${client.escapeLiteral(team)}, ${array(eventIds)}, ${array(keys)}, ${array(userKeys)}, ${since === null ? 'NULL' : Math.trunc(since)}::bigint) AS begun`,
  )) as unknown as pg.QueryResult<{ begun: Begun }> | pg.QueryResult<{ begun: Begun }>[];
  return (Array.isArray(results) ? results.at(-1)! : results).rows[0]!.begun;
}

/** A PostgreSQL array literal of `values`, each element quoted (so commas, braces and NULL stay text). */
function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
