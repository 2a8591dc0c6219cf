/**
 * What a group of requests writes, planned in order on what review_begin read under the team's
 * lock, each request as if it ran alone after the ones before it: a key seen before answers its
 * first outcome; a stale version is a conflict; an action not allowed refuses its request (and
 * only it); every other request gets the next change number, its audit entries sealed (each MAC
 * chained to the one before, from the team's chain head), and its answer (kept as the key's
 * first outcome). The result is review_write's payload and each request's outcome.
 */
import type {
  ReviewAction,
  ReviewActionsResult,
  TeamEventReview,
  TeamNote,
} from '../../../contract/wire/review';
import { macOf } from '../audit/auditChain';
import type { AuditKey } from '../audit/auditKey';
import { ReviewServiceError } from '../errors';
import type { PlatformEvent } from '../platform/eventFacts';
import type { Member, Team } from '../team';
import { resultWithThreads, threadsByEvent, withoutThread } from './noteThreads';
import { feedReview, type FeedReview } from './threadCache';
import { planAction, type AuditDraft } from './plan';
import { isKeptRefusal, replay, type StoredOutcome } from './requests';
import { rowFromState, sharedWire, stateFromRow, untouched, type SharedRow, type SharedState } from './state';

/** What review_begin answers. */
export interface Begun {
  at: string;
  lastSequence: number | null;
  chainMac: string | null;
  chainKeyId: string | null;
  outcomes: Record<string, StoredOutcome>;
  /** The events' rows, without their threads (read beside them: `notes`). */
  states: Omit<SharedRow, 'notes'>[];
  /** The events' notes, oldest first per event. */
  notes: { eventId: string; note: TeamNote }[];
  reads: { userKey: string; eventId: string; read: boolean }[];
  /** The changes committed after the change feed's position, when a few (ownChanges.ts). */
  changes: BegunChange[];
}

/** A committed change as review_begin answers it. */
export interface BegunChange {
  sequence: number | string;
  at: string;
  actorKey: string;
  actorName: string;
  reviews: FeedReview[];
  reads: { EventId: string; Read: boolean }[];
}

/** Who sent which request, and until when it may be committed. */
export interface RequestIdentity {
  team: string;
  key: string;
  userKey: string;
  requestHash: string;
  deadline: Date;
}

/** One request waiting to be written. */
export interface Job {
  actor: Member;
  request: RequestIdentity;
  actions: ReviewAction[];
  /** The platform's events of its MarkReviewed actions. */
  events: Map<string, PlatformEvent>;
}

/** An event whose version a request named is no longer the current one. */
export interface StaleEvent {
  eventId: string;
  yourVersion: number;
  current: SharedState;
  read: boolean;
}

export type JobOutcome =
  | { kind: 'done'; result: ReviewActionsResult }
  /** `keep`: the refusal is the key's first outcome (written after the group's commit). */
  | { kind: 'refused'; error: unknown; keep: boolean }
  /** A conflict: answered once committed, with the changes since (read then). */
  | { kind: 'stale'; stale: StaleEvent[] };

/** Plans `jobs` in order; answers each one's outcome and what review_write writes. */
export function planGroup(
  team: Team,
  auditKey: AuditKey,
  jobs: Job[],
  begun: Begun,
): { outcomes: JobOutcome[]; payload: Record<string, unknown> } {
  if (begun.lastSequence === null || !begun.chainMac || begun.chainKeyId !== auditKey.id) {
    throw new ReviewServiceError(
      503,
      'TeamReviewUnavailable',
      'Team review unavailable: the team’s audit log is not sealed with this replica’s key (see the replica’s log at start).',
    );
  }
  const at = new Date(begun.at);
  const threads = threadsByEvent(begun.notes);
  const current = new Map(
    begun.states.map((row) => [
      row.event_id,
      stateFromRow({ ...row, notes: threads.get(row.event_id) ?? [] }),
    ]),
  );
  const reads = new Map(begun.reads.map((mark) => [`${mark.userKey}|${mark.eventId}`, mark.read]));
  const known = new Map(Object.entries(begun.outcomes));
  let sequence = Number(begun.lastSequence);
  let previous: Buffer = Buffer.from(begun.chainMac, 'hex');
  const changes: Record<string, unknown>[] = [];

  const stateOf = (eventId: string) => current.get(eventId) ?? untouched(eventId);
  const outcomes = jobs.map((job): JobOutcome => {
    const { actor, request, actions } = job;
    const first = known.get(request.key);
    if (first) {
      try {
        // A kept answer names its threads by their last note: the notes up to it, of the threads now.
        const result = replay(first, actor.userKey, request.requestHash);
        return { kind: 'done', result: resultWithThreads(result, (eventId) => stateOf(eventId).notes) };
      } catch (error) {
        return { kind: 'refused', error, keep: false };
      }
    }
    const readOf = (eventId: string) => reads.get(`${actor.userKey}|${eventId}`) ?? false;
    const stale = actions.flatMap((action) => {
      if (action.Action === 'SetRead' || action.Action === 'AddNote') return [];
      const state = stateOf(action.EventId);
      return action.Version === state.version
        ? []
        : [
            {
              eventId: action.EventId,
              yourVersion: action.Version,
              current: state,
              read: readOf(action.EventId),
            },
          ];
    });
    if (stale.length > 0) return { kind: 'stale', stale };

    // Planned on copies: a refused action leaves the group's states as they were.
    const states = new Map<string, { before: SharedState; after?: SharedState; read?: boolean }>();
    const drafts: (AuditDraft & { eventId: string; version: number })[] = [];
    const snapshots: { event_id: string; version: number; event: unknown }[] = [];
    try {
      for (const action of actions) {
        const before = stateOf(action.EventId);
        const plan = planAction(
          team,
          actor,
          action,
          before,
          readOf(action.EventId),
          at,
          job.events.get(action.EventId),
        );
        const entry = {
          before,
          ...(plan.shared ? { after: plan.shared } : {}),
          ...(plan.read !== undefined ? { read: plan.read } : {}),
        };
        states.set(action.EventId, entry);
        if (plan.shared) {
          for (const draft of plan.audit)
            drafts.push({ ...draft, eventId: action.EventId, version: plan.shared.version });
          if (plan.snapshot)
            snapshots.push({ event_id: action.EventId, version: plan.shared.version, event: plan.snapshot });
        }
      }
    } catch (error) {
      return { kind: 'refused', error, keep: isKeptRefusal(error) };
    }

    const created: SharedState[] = [];
    const changed: SharedState[] = [];
    const feed: FeedReview[] = [];
    const readChanges: { EventId: string; Read: boolean }[] = [];
    const notes: { event_id: string; id: number; text: string }[] = [];
    for (const [eventId, entry] of states) {
      if (entry.after) {
        (entry.before.version === 0 ? created : changed).push(entry.after);
        const added = entry.after.notes.slice(entry.before.notes.length);
        for (const note of added) notes.push({ event_id: eventId, id: note.Id, text: note.Text });
        feed.push(feedReview(sharedWire(entry.after), added));
        current.set(eventId, entry.after);
      }
      if (entry.read !== undefined) {
        readChanges.push({ EventId: eventId, Read: entry.read });
        reads.set(`${actor.userKey}|${eventId}`, entry.read);
      }
    }
    const data: TeamEventReview[] = actions.map(({ EventId }) => ({
      ...sharedWire(stateOf(EventId)),
      Read: readOf(EventId),
    }));
    const changes_ = created.length + changed.length + readChanges.length > 0;
    const number = changes_ ? ++sequence : undefined;
    const result: ReviewActionsResult = { ...(number !== undefined ? { Sequence: number } : {}), Data: data };
    const audit = drafts.map((draft, index) => {
      const content = {
        team: team.id,
        sequence: number!,
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
      const { position, action, before, after } = content;
      return {
        position,
        event_id: draft.eventId,
        action,
        before,
        after,
        event_version: draft.version,
        event_facts: draft.event ?? null,
        mac: previous.toString('hex'),
      };
    });
    changes.push({
      userKey: actor.userKey,
      userName: actor.name,
      key: request.key,
      requestHash: request.requestHash,
      deadline: request.deadline.toISOString(),
      sequence: number ?? null,
      created: created.map((state) => rowFromState(team.id, state)),
      changed: changed.map((state) => rowFromState(team.id, state)),
      notes,
      reads: readChanges.map((mark) => ({ event_id: mark.EventId, read: mark.Read })),
      // The feed and the kept answer name each thread by its last note; the feed also carries
      // the notes the change added, with which each replica extends the threads it knows
      // (threadCache.ts); a kept answer is read again only by a retry (noteThreads.ts).
      reviews: feed,
      readMarks: readChanges,
      audit,
      snapshots,
      response: { ...result, Data: result.Data.map(withoutThread) },
    });
    known.set(request.key, {
      userKey: actor.userKey,
      requestHash: request.requestHash,
      status: 200,
      response: result,
    });
    return { kind: 'done', result };
  });

  const moved = sequence !== Number(begun.lastSequence);
  return {
    outcomes,
    payload: {
      team: team.id,
      at: at.toISOString(),
      lastSequence: moved ? sequence : null,
      chainMac: previous.toString('hex'),
      changes,
    },
  };
}
