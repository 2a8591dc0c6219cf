/**
 * What one review action does to an event's state, decided without the database: who may do
 * it (roles), the four-eyes rules (on the event's facts as the platform gave them to the
 * service, never as a desk states them), the new shared state and read mark, and the audit
 * entries. The store checks the version first and writes what this returns in one transaction.
 */
import {
  MAX_NOTES_PER_EVENT,
  type EventFacts,
  type ReviewAction,
  type ReviewStatus,
  type TeamAuditAction,
  type TeamRole,
} from '../../../contract/wire/review';
import type { PlatformEvent } from '../platform/eventFacts';
import { ReviewServiceError } from '../errors';
import type { Member, Team } from '../team';
import { reviewStatusOf, type Person, type SharedState } from './state';

/** One entry of the team's audit log to write (read marks are personal and write none). */
export interface AuditDraft {
  action: TeamAuditAction;
  before: string;
  after: string;
  event?: EventFacts;
}

export interface Plan {
  /** The new shared state, when the shared state changes (its version one more). */
  shared?: SharedState;
  /** The actor's new read mark, when it changes. */
  read?: boolean;
  audit: AuditDraft[];
  /** A new review: the event as the platform had it, to keep with the review. */
  snapshot?: Record<string, unknown>;
}

const ROLE_NEEDED: Record<ReviewAction['Action'], TeamRole | undefined> = {
  SetRead: undefined,
  SetFlagged: 'Analyst',
  AddNote: 'Analyst',
  Assign: 'Analyst',
  MarkReviewed: 'Analyst',
  Unreview: 'Analyst',
  Approve: 'Approver',
  WithdrawApproval: 'Approver',
};

const refused = (status: number, code: string, message: string) =>
  new ReviewServiceError(status, code, message);

/** Refuses an action the member's roles do not allow (403, naming the role needed). */
export function checkRole(actor: Member, action: ReviewAction): void {
  const role = ROLE_NEEDED[action.Action];
  if (role && !actor.roles.has(role)) {
    throw refused(
      403,
      'RoleRequired',
      `${action.Action} needs the ${role} role in the team; ${actor.name} does not have it.`,
    );
  }
}

/**
 * Plans `action` by `actor` on an event whose shared state is `current` and whose read mark (for
 * the actor) is `read`, at `at`; `platform` is the event as the service read it from the
 * platform (MarkReviewed needs it). Throws a ReviewServiceError for an action that is not allowed.
 */
export function planAction(
  team: Team,
  actor: Member,
  action: ReviewAction,
  current: SharedState,
  read: boolean,
  at: Date,
  platform?: PlatformEvent,
): Plan {
  checkRole(actor, action);
  const who: Person = { userKey: actor.userKey, name: actor.name };
  const audit: AuditDraft[] = [];
  let next: SharedState | undefined;
  /** A copy of the state to change (made once), signed by the actor. */
  const change = (): SharedState =>
    (next ??= { ...current, version: current.version + 1, changed: { ...who, at } });
  const statusBefore = reviewStatusOf(current);
  const shared = (action: TeamAuditAction, before: string, after: string, event?: EventFacts) =>
    audit.push({ action, before, after, ...(event ? { event } : {}) });

  let newRead: boolean | undefined;
  let snapshot: Record<string, unknown> | undefined;
  switch (action.Action) {
    case 'SetRead':
      if (action.Read !== read) newRead = action.Read;
      break;
    case 'SetFlagged':
      if (action.Flagged !== current.flagged) {
        change().flagged = action.Flagged;
        shared(action.Flagged ? 'Flagged' : 'Unflagged', String(current.flagged), String(action.Flagged));
      }
      break;
    case 'AddNote': {
      if (current.notes.length >= MAX_NOTES_PER_EVENT) {
        throw refused(
          409,
          'TooManyNotes',
          `Event ${current.eventId} already has ${MAX_NOTES_PER_EVENT} notes, the most one event keeps.`,
        );
      }
      const state = change();
      const id = (current.notes.at(-1)?.Id ?? 0) + 1;
      state.notes = [
        ...current.notes,
        { Id: id, By: { UserKey: who.userKey, Name: who.name }, At: at.toISOString(), Text: action.Note },
      ];
      shared('Note', '', action.Note);
      break;
    }
    case 'Assign': {
      const assignee = action.Assignee === undefined ? undefined : team.member(action.Assignee);
      if (action.Assignee !== undefined && !assignee) {
        throw refused(
          400,
          'UnknownAssignee',
          `${action.Assignee} is not a member of the team ${team.name}: only members can be assigned.`,
        );
      }
      if (assignee?.userKey !== current.assignee?.userKey) {
        const state = change();
        if (assignee) state.assignee = { userKey: assignee.userKey, name: assignee.name };
        else delete state.assignee;
        shared(assignee ? 'Assigned' : 'Unassigned', current.assignee?.name ?? '', assignee?.name ?? '');
      }
      break;
    }
    case 'MarkReviewed': {
      // The store read the event from the platform for every MarkReviewed; without it, nothing is decided.
      if (!platform) throw new Error(`Event ${action.EventId} was not read from the platform.`);
      const facts = platform.facts;
      const fourEyes = current.fourEyes || team.needsFourEyes(facts);
      const eventVersion = facts.UpdatedDateTime;
      const same =
        current.reviewed?.userKey === actor.userKey &&
        current.reviewed.eventVersion === eventVersion &&
        current.fourEyes === fourEyes &&
        current.eventType === facts.EventType;
      if (!same) {
        const state = change();
        state.fourEyes = fourEyes;
        state.eventType = facts.EventType;
        state.reviewed = { ...who, at, ...(eventVersion ? { eventVersion } : {}) };
        // A new review (the event may have changed) needs a new approval.
        delete state.approved;
        shared('Reviewed', statusBefore, reviewStatusOf(state), facts);
        snapshot = platform.snapshot;
      }
      if (!read) newRead = true;
      break;
    }
    case 'Unreview':
      if (current.reviewed) {
        const state = change();
        delete state.reviewed;
        delete state.approved;
        shared('Unreviewed', statusBefore, reviewStatusOf(state));
      }
      break;
    case 'Approve':
      if (current.approved) break;
      checkApprovable(current, statusBefore, actor);
      change().approved = { ...who, at };
      shared('Approved', statusBefore, 'Approved');
      break;
    case 'WithdrawApproval':
      if (current.approved) {
        const state = change();
        delete state.approved;
        shared('ApprovalWithdrawn', statusBefore, reviewStatusOf(state));
      }
      break;
  }
  return {
    ...(next ? { shared: next } : {}),
    ...(newRead !== undefined ? { read: newRead } : {}),
    audit,
    ...(snapshot ? { snapshot } : {}),
  };
}

/** Four eyes: only a reviewed event that needs approval, and never by its own reviewer. */
function checkApprovable(current: SharedState, status: ReviewStatus, actor: Member): void {
  if (!current.reviewed) {
    throw refused(
      409,
      'NotReviewed',
      `Event ${current.eventId} is not reviewed yet: there is nothing to approve.`,
    );
  }
  if (status !== 'AwaitingApproval') {
    throw refused(
      409,
      'ApprovalNotRequired',
      `Event ${current.eventId} does not need four eyes: its review needs no approval.`,
    );
  }
  if (current.reviewed.userKey === actor.userKey) {
    throw refused(
      403,
      'FourEyesSameUser',
      `You reviewed event ${current.eventId} yourself: a different analyst must approve it (four eyes).`,
    );
  }
}
