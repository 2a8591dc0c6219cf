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
  TeamEventReview,
} from '../../../contract/wire/review';
import { EVENT_FACTS_DISAGREE } from '../../../contract/wire/review';
import { macOf } from '../audit/auditChain';
import type { AuditKey } from '../audit/auditKey';
import { isDatabaseUnavailable } from '../database/pool';
import { ReviewServiceError } from '../errors';
import { describeDisagreements, disagreements, type PlatformEvent } from '../platform/eventFacts';
import type { PlatformClient } from '../platform/platformClient';
import type { Member, Team } from '../team';
import { planAction, type AuditDraft } from './plan';
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
  type StoredOutcome,
} from './requests';
import { rowFromState, sharedWire, stateFromRow, untouched, type SharedRow, type SharedState } from './state';

/** The channel every replica LISTENs on; the payload names the team and the change's sequence. */
export const CHANGE_CHANNEL = 'refdesk_team_review';

export interface StoreDependencies {
  pool: pg.Pool;
  team: Team;
  auditKey: AuditKey;
  platform: PlatformClient;
}

/** What review_begin answers. */
interface Begun {
  at: string;
  lastSequence: number | null;
  chainMac: string | null;
  chainKeyId: string | null;
  outcome: StoredOutcome | null;
  states: SharedRow[];
  reads: Record<string, boolean>;
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
  try {
    checkDeadline(deadline);
  } catch (error) {
    // Arrived late (a replica that hung): a key another replica applied meanwhile still answers its outcome.
    const first = await storedOutcome(deps.pool, request.team, request.key);
    if (first) return replay(first, request.userKey, request.requestHash);
    throw error;
  }
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
  return transact(deps, actor, request, body.Actions, events);
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

interface RequestIdentity {
  team: string;
  key: string;
  userKey: string;
  requestHash: string;
  deadline: Date;
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

interface Planned {
  conflicts?: { eventId: string; yourVersion: number; current: SharedState; read: boolean }[];
  payload?: Record<string, unknown>;
  result: ReviewActionsResult;
}

/** Plans every action on what review_begin read; answers what review_write writes and what the caller gets. */
function planRequest(
  deps: StoreDependencies,
  actor: Member,
  request: RequestIdentity,
  actions: ReviewAction[],
  events: Map<string, PlatformEvent>,
  begun: Begun,
): Planned {
  const { team, auditKey } = deps;
  if (begun.lastSequence === null || !begun.chainMac || begun.chainKeyId !== auditKey.id) {
    throw new ReviewServiceError(
      503,
      'TeamReviewUnavailable',
      'Team review unavailable: the team’s audit log is not sealed with this replica’s key (see the replica’s log at start).',
    );
  }
  const at = new Date(begun.at);
  const current = new Map(begun.states.map((row) => [row.event_id, stateFromRow(row)]));
  const reads = new Map(Object.entries(begun.reads));

  const stale = actions.flatMap((action) => {
    if (action.Action === 'SetRead' || action.Action === 'AddNote') return [];
    const state = current.get(action.EventId) ?? untouched(action.EventId);
    return action.Version === state.version
      ? []
      : [
          {
            eventId: action.EventId,
            yourVersion: action.Version,
            current: state,
            read: reads.get(action.EventId) ?? false,
          },
        ];
  });
  if (stale.length > 0) return { conflicts: stale, result: { Data: [] } };

  const created: SharedState[] = [];
  const changed: SharedState[] = [];
  const readChanges: { EventId: string; Read: boolean }[] = [];
  const drafts: (AuditDraft & { eventId: string; version: number })[] = [];
  const snapshots: { event_id: string; version: number; event: Record<string, unknown> }[] = [];
  for (const action of actions) {
    const before = current.get(action.EventId) ?? untouched(action.EventId);
    const plan = planAction(
      team,
      actor,
      action,
      before,
      reads.get(action.EventId) ?? false,
      at,
      events.get(action.EventId),
    );
    if (plan.shared) {
      (before.version === 0 ? created : changed).push(plan.shared);
      current.set(action.EventId, plan.shared);
      for (const draft of plan.audit)
        drafts.push({ ...draft, eventId: action.EventId, version: plan.shared.version });
      if (plan.snapshot)
        snapshots.push({ event_id: action.EventId, version: plan.shared.version, event: plan.snapshot });
    }
    if (plan.read !== undefined) {
      readChanges.push({ EventId: action.EventId, Read: plan.read });
      reads.set(action.EventId, plan.read);
    }
  }
  const data: TeamEventReview[] = actions.map(({ EventId }) => ({
    ...sharedWire(current.get(EventId) ?? untouched(EventId)),
    Read: reads.get(EventId) ?? false,
  }));
  const changes = created.length + changed.length + readChanges.length > 0;
  const sequence = changes ? Number(begun.lastSequence) + 1 : undefined;
  const result: ReviewActionsResult = {
    ...(sequence !== undefined ? { Sequence: sequence } : {}),
    Data: data,
  };

  // Seal the entries: each MAC chained to the one before, from the team's chain head.
  let previous: Buffer = Buffer.from(begun.chainMac, 'hex');
  const audit = drafts.map((draft, index) => {
    const content = {
      team: team.id,
      sequence: sequence!,
      position: index + 1,
      eventId: draft.eventId,
      at,
      actorKey: actor.userKey,
      actorName: actor.name,
      action: draft.action,
      before: draft.before,
      after: draft.after,
      eventVersion: draft.version,
      eventFacts: draft.event ?? null,
    };
    previous = macOf(auditKey, previous, content);
    return {
      position: content.position,
      event_id: draft.eventId,
      action: draft.action,
      before: draft.before,
      after: draft.after,
      event_version: draft.version,
      event_facts: draft.event ?? null,
      mac: previous.toString('hex'),
    };
  });
  const payload = {
    team: team.id,
    at: at.toISOString(),
    userKey: actor.userKey,
    userName: actor.name,
    key: request.key,
    requestHash: request.requestHash,
    deadline: request.deadline.toISOString(),
    sequence: sequence ?? null,
    chainMac: previous.toString('hex'),
    created: created.map((state) => rowFromState(team.id, state)),
    changed: changed.map((state) => rowFromState(team.id, state)),
    reads: readChanges.map((mark) => ({ event_id: mark.EventId, read: mark.Read })),
    reviews: [...created, ...changed].map(sharedWire),
    readMarks: readChanges,
    audit,
    snapshots,
    response: result,
  };
  return { payload, result };
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
