/**
 * Applies a review request: its actions together or not at all, at most once per idempotency
 * key, and only if committed by its deadline.
 *
 * Events marked reviewed are first read from the platform with the caller's token (four eyes is
 * decided on what the platform says; a desk's statement that disagrees is refused). Then one
 * transaction in two round trips: `review_begin` takes the team's lock (every writer of the team,
 * on any replica, queues on it, so the audit chain has one head and changes are numbered in
 * commit order) and reads the key's first outcome, the events' states and the caller's read
 * marks; the service plans every action (plan.ts), refuses stale versions with the changes since,
 * seals the audit entries (each MAC chained to the one before), and `review_write` writes it all
 * with the COMMIT in the same round trip. A deferred trigger refuses the COMMIT past the deadline.
 */
import type pg from 'pg';
import type {
  ReviewAction,
  ReviewActionsBody,
  ReviewActionsResult,
  ReviewConflict,
} from '../../../contract/wire/review';
import { EVENT_FACTS_DISAGREE } from '../../../contract/wire/review';
import type { AuditKey } from '../audit/auditKey';
import { isDatabaseUnavailable } from '../database/pool';
import { ReviewServiceError } from '../errors';
import { describeDisagreements, disagreements, type PlatformEvent } from '../platform/eventFacts';
import type { PlatformClient } from '../platform/platformClient';
import type { Member, Team } from '../team';
import { auditOfEvents } from './queries';
import {
  checkDeadline,
  DEADLINE_SQLSTATE,
  deadlinePassed,
  isKeptRefusal,
  keepRefusal,
  replay,
  requestHashOf,
  storedOutcome,
} from './requests';
import { planRequest, type Begun, type Planned, type RequestIdentity } from './requestPlan';
import { sharedWire } from './state';

/** The channel every replica LISTENs on; the payload names the team and the change's sequence. */
export const CHANGE_CHANNEL = 'refdesk_team_review';

export interface StoreDependencies {
  pool: pg.Pool;
  team: Team;
  auditKey: AuditKey;
  platform: PlatformClient;
  /** This replica's writers of the team, one at a time (see WriterQueue). */
  writers: WriterQueue;
}

/**
 * The team's writers of this replica, one after the other. The team's lock lets one writer in
 * at a time anyway (whatever the replica); queueing them here rather than in the database keeps
 * a burst of changes from holding every pooled connection while they wait (reads go on), and
 * spares the database waking lock waiters.
 */
export class WriterQueue {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.last.then(work, work);
    this.last = next.catch(() => undefined);
    return next;
  }
}

/** Errors after which the whole request may simply run again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

/** Applies `body` (already parsed) by `actor`, whose platform token is `token`; answers the states after it. */
export async function applyActions(
  deps: StoreDependencies,
  actor: Member,
  token: string,
  body: ReviewActionsBody,
): Promise<ReviewActionsResult> {
  const deadline = new Date(body.Deadline);
  const request = {
    team: deps.team.id,
    key: body.IdempotencyKey,
    userKey: actor.userKey,
    requestHash: requestHashOf(body.Actions),
    deadline,
  };
  const late = await lateAnswer(deps, request);
  if (late) return late;
  let events: Map<string, PlatformEvent>;
  try {
    events = await readReviewedEvents(deps.platform, token, body.Actions);
  } catch (error) {
    if (!isKeptRefusal(error)) throw error;
    // Refused on the platform's facts: a retry of a key applied earlier (when they were otherwise) still gets its first outcome.
    const first = await storedOutcome(deps.pool, request.team, request.key);
    if (first) return replay(first, request.userKey, request.requestHash);
    await keepRefusal(deps.pool, request, error);
    throw error;
  }
  return deps.writers.run(
    async () => (await lateAnswer(deps, request)) ?? transact(deps, actor, request, body.Actions, events),
  );
}

/**
 * A request that arrives (or gets its turn) after its deadline is refused, unless its key was
 * applied meanwhile (a replica that hung while another took the retry): then it answers that.
 */
async function lateAnswer(
  deps: StoreDependencies,
  request: RequestIdentity,
): Promise<ReviewActionsResult | undefined> {
  try {
    checkDeadline(request.deadline);
    return undefined;
  } catch (error) {
    const first = await storedOutcome(deps.pool, request.team, request.key);
    if (first) return replay(first, request.userKey, request.requestHash);
    throw error;
  }
}

/** The platform's events of every MarkReviewed; 409 EventFactsDisagree when the desk stated any otherwise. */
async function readReviewedEvents(
  platform: PlatformClient,
  token: string,
  actions: ReviewAction[],
): Promise<Map<string, PlatformEvent>> {
  const reviews = actions.filter((action) => action.Action === 'MarkReviewed');
  if (reviews.length === 0) return new Map();
  const events = await platform.readEvents(
    token,
    reviews.map((action) => action.EventId),
  );
  const found = reviews.flatMap((action) =>
    disagreements(action.EventId, action.Event, events.get(action.EventId)!.facts),
  );
  if (found.length > 0) {
    throw new ReviewServiceError(409, EVENT_FACTS_DISAGREE, describeDisagreements(found), {
      disagreements: found,
    });
  }
  return events;
}

/** The transaction, run again after a serialization failure or deadlock (never once committed). */
async function transact(
  deps: StoreDependencies,
  actor: Member,
  request: RequestIdentity,
  actions: ReviewAction[],
  events: Map<string, PlatformEvent>,
): Promise<ReviewActionsResult> {
  for (let attempt = 1; ; attempt++) {
    const client = await deps.pool.connect();
    let broken = false;
    let ended = false;
    try {
      const literal = (value: string) => client.escapeLiteral(value);
      const eventIds = JSON.stringify(actions.map((action) => action.EventId));
      const results = (await client.query(
        `BEGIN; SELECT review_begin(${literal(request.team)}, ${literal(actor.userKey)},
           ARRAY(SELECT json_array_elements_text(${literal(eventIds)}::json)), ${literal(request.key)}) AS begun`,
      )) as unknown as pg.QueryResult<{ begun: Begun }>[];
      const begun = results[1]!.rows[0]!.begun;
      if (begun.outcome) {
        await client.query('ROLLBACK');
        ended = true;
        return replay(begun.outcome, actor.userKey, request.requestHash);
      }
      const write = planRequest(deps, actor, request, actions, events, begun);
      if (write.conflicts) {
        await client.query('ROLLBACK');
        ended = true;
        throw await conflictOf(deps, actor, write.conflicts);
      }
      await client.query(`SELECT review_write(${literal(JSON.stringify(write.payload))}); COMMIT`);
      return write.result;
    } catch (error) {
      broken = isDatabaseUnavailable(error);
      if (!broken && !ended) await client.query('ROLLBACK').catch(() => (broken = true));
      const code = (error as { code?: unknown }).code;
      if (code === DEADLINE_SQLSTATE) throw deadlinePassed(request.deadline);
      if (code === '55P03') throw teamBusy();
      if (attempt < ATTEMPTS && typeof code === 'string' && RETRYABLE_CODES.has(code)) continue;
      if (isKeptRefusal(error)) await keepRefusal(deps.pool, request, error);
      throw error;
    } finally {
      // A connection that failed mid-transaction is dropped, never handed to the next request.
      client.release(broken);
    }
  }
}

function teamBusy(): ReviewServiceError {
  return new ReviewServiceError(
    503,
    'TeamReviewUnavailable',
    'Team review unavailable: another change of the team held the team’s lock too long (a replica that stopped?). Nothing was saved; try again.',
  );
}

/** 409 naming, for each stale event, its state now and every shared change since the version sent. */
async function conflictOf(
  deps: StoreDependencies,
  actor: Member,
  stale: NonNullable<Planned['conflicts']>,
): Promise<ReviewServiceError> {
  const history = await auditOfEvents(deps.pool, deps.team.id, stale);
  const conflicts: ReviewConflict[] = stale.map(({ eventId, yourVersion, current, read }) => ({
    EventId: eventId,
    YourVersion: yourVersion,
    Current: { ...sharedWire(current), Read: read },
    ChangesSince: history.get(eventId) ?? [],
  }));
  const first = conflicts[0]!;
  const last = first.ChangesSince.at(-1);
  const who = last
    ? `${last.By.UserKey === actor.userKey ? 'you' : last.By.Name} (${describeAction(last.Action)}, ${last.At})`
    : 'someone';
  const more =
    conflicts.length > 1 ? ` and ${conflicts.length - 1} more event${conflicts.length > 2 ? 's' : ''}` : '';
  return new ReviewServiceError(
    409,
    'ReviewConflict',
    `Event ${first.EventId}${more} changed since you loaded it: last changed by ${who}. Nothing was saved; reload and try again.`,
    { conflicts },
  );
}

function describeAction(action: string): string {
  return action.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
