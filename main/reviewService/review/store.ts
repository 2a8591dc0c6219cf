/**
 * Applies review requests: each request's actions together or not at all, at most once per
 * idempotency key, and only if committed by its deadline.
 *
 * Events marked reviewed are first read from the platform with the caller's token (four eyes is
 * decided on what the platform says; a desk's statement that disagrees is refused). Then the
 * request joins this replica's writer queue (writerQueue.ts), which writes the requests waiting
 * together in one transaction of two round trips: `review_begin` takes the team's lock (every
 * writer of the team, on any replica, queues on it, so the audit chain has one head and changes
 * are numbered in commit order) and reads the keys' first outcomes, the events' states and the
 * callers' read marks; the service plans each request in order (groupPlan.ts), and
 * `review_write` writes them with the COMMIT in the same round trip. A deferred trigger refuses
 * the COMMIT past a deadline; a group that fails is written again request by request.
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
import { readPlatformEvents } from '../platform/platformEvents';
import type { Member, Team } from '../team';
import type { Begun, Job, JobOutcome, RequestIdentity, StaleEvent } from './groupPlan';
import { transact } from './groupTransaction';
import { auditOfEvents } from './queries';

/** A transaction of this replica's writer, as its change feed follows it. */
export interface OwnWrite {
  since: number;
  /**
   * `own`: the sequences of the changes the transaction committed itself, if any; `notes`: the
   * notes of the group's events read under the team's lock (their threads then).
   */
  settle(handed: FeedChange[], own?: { first: number; last: number }, notes?: Begun['notes']): void;
}
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
import { sharedWire } from './state';
import type { FeedChange } from './threadCache';
import { WriterQueue, type Queued, type TeamCommits } from './writerQueue';

/** The channel every replica LISTENs on; the payload names the team and the change's sequence. */
export const CHANGE_CHANNEL = 'refdesk_team_review';

export interface StoreDependencies {
  pool: pg.Pool;
  team: Team;
  auditKey: AuditKey;
  platform: PlatformClient;
  /**
   * Called before a group's transaction: `since` is the replica's change feed's last delivered
   * change; `settle` is called once the transaction is over, with the committed changes it
   * learnt of (the others' that review_begin answered, and its own when it committed), which the
   * feed delivers without reading them (it holds a notification heard meanwhile until then).
   */
  ownWrite?: () => OwnWrite;
  /** The team's commits as this replica hears of them: its writers' turns (writerQueue.ts). */
  commits?: TeamCommits;
}

/** The replica's store of review requests: `apply` each; they are written in groups. */
export class ReviewRequests {
  private readonly writers: WriterQueue<Job, ReviewActionsResult>;

  constructor(private readonly deps: StoreDependencies) {
    this.writers = new WriterQueue((group, more) => writeGroup(deps, group, more), {
      ...(deps.commits ? { commits: deps.commits } : {}),
    });
  }

  /** Applies `body` (already parsed) by `actor`, whose platform token is `token`; answers the states after it. */
  apply(actor: Member, token: string, body: ReviewActionsBody): Promise<ReviewActionsResult> {
    return applyActions(this.deps, this.writers, actor, token, body);
  }
}

async function applyActions(
  deps: StoreDependencies,
  writers: WriterQueue<Job, ReviewActionsResult>,
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
  return writers.submit({ actor, request, actions: body.Actions, events });
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
  const events = await readPlatformEvents(
    platform,
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

/**
 * Writes a group of requests and settles each: late ones are answered on their own; the rest in
 * one transaction, run again after a serialization failure; a group that fails otherwise is
 * written again one request at a time, so one request's failure is its own. Once the team's lock
 * is held, the group takes in the requests that queued meanwhile (`more`, from the writer queue).
 */
async function writeGroup(
  deps: StoreDependencies,
  group: Queued<Job, ReviewActionsResult>[],
  more?: () => Queued<Job, ReviewActionsResult>[],
): Promise<void> {
  const ready: Queued<Job, ReviewActionsResult>[] = [];
  for (const queued of group) {
    try {
      const late = await lateAnswer(deps, queued.job.request);
      if (late) queued.resolve(late);
      else ready.push(queued);
    } catch (error) {
      queued.reject(error);
    }
  }
  if (ready.length === 0) return;
  /** The requests queued meanwhile, on time (a late one is answered on its own, as above). */
  const moreJobs = more
    ? () =>
        more().flatMap((queued) => {
          if (Date.now() > queued.job.request.deadline.getTime()) {
            void writeGroup(deps, [queued]);
            return [];
          }
          ready.push(queued);
          return [queued.job];
        })
    : undefined;
  let outcomes: JobOutcome[];
  try {
    outcomes = await transact(
      deps,
      ready.map((queued) => queued.job),
      moreJobs,
    );
  } catch (error) {
    if (ready.length > 1 && !isDatabaseUnavailable(error)) {
      for (const queued of ready) await writeGroup(deps, [queued]);
      return;
    }
    for (const queued of ready) queued.reject(mapped(error, queued.job.request));
    return;
  }
  await Promise.all(
    ready.map(async (queued, index) => {
      const outcome = outcomes[index]!;
      try {
        if (outcome.kind === 'done') return queued.resolve(outcome.result);
        const error =
          outcome.kind === 'stale' ? await conflictOf(deps, queued.job.actor, outcome.stale) : outcome.error;
        if ((outcome.kind === 'stale' || outcome.keep) && isKeptRefusal(error))
          await keepRefusal(deps.pool, queued.job.request, error);
        queued.reject(error);
      } catch (error) {
        queued.reject(error);
      }
    }),
  );
}

/** A database error of a single request in the words of the service. */
function mapped(error: unknown, request: RequestIdentity): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === DEADLINE_SQLSTATE) return deadlinePassed(request.deadline);
  if (code === '55P03') return teamBusy();
  return error;
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
  stale: StaleEvent[],
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
