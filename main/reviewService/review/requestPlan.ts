/**
 * What a request writes, planned on what review_begin read under the team's lock: every action
 * planned (plan.ts), stale versions found (the store answers them with the changes since), the
 * new states, read marks, the change's number, the audit entries sealed (each MAC chained to the
 * one before, from the team's chain head) and the snapshots of events reviewed, as the payload
 * of review_write, and the answer the caller gets (kept as the key's first outcome).
 */
import type { ReviewAction, ReviewActionsResult, TeamEventReview } from '../../../contract/wire/review';
import { macOf } from '../audit/auditChain';
import { ReviewServiceError } from '../errors';
import type { PlatformEvent } from '../platform/eventFacts';
import type { Member } from '../team';
import { planAction, type AuditDraft } from './plan';
import type { StoredOutcome } from './requests';
import { rowFromState, sharedWire, stateFromRow, untouched, type SharedRow, type SharedState } from './state';
import type { StoreDependencies } from './store';

/** What review_begin answers. */
export interface Begun {
  at: string;
  lastSequence: number | null;
  chainMac: string | null;
  chainKeyId: string | null;
  outcome: StoredOutcome | null;
  states: SharedRow[];
  reads: Record<string, boolean>;
}

/** Who sent which request, and until when it may be committed. */
export interface RequestIdentity {
  team: string;
  key: string;
  userKey: string;
  requestHash: string;
  deadline: Date;
}

export interface Planned {
  conflicts?: { eventId: string; yourVersion: number; current: SharedState; read: boolean }[];
  payload?: Record<string, unknown>;
  result: ReviewActionsResult;
}

/** Plans every action on what review_begin read; answers what review_write writes and what the caller gets. */
export function planRequest(
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
