/**
 * What one review action does to an event's state, decided without the database: who may do
 * it (roles), the four-eyes rules, the new shared state and read mark, and the audit entries.
 * The store checks the version first and writes what this returns in one transaction.
 */
import type {
  EventFacts,
  ReviewAction,
  ReviewStatus,
  TeamAuditAction,
  TeamRole,
} from '../../../contract/wire/review';
import { ReviewServiceError } from '../errors';
import type { Member, Team } from '../team';
import { reviewStatusOf, type Person, type SharedState } from './state';

/** One audit entry to write. `personal`: a read mark, not a shared change. */
export interface AuditDraft {
  action: TeamAuditAction;
  before: string;
  after: string;
  personal: boolean;
  event?: EventFacts;
}

export interface Plan {
  /** The new shared state, when the shared state changes (its version one more). */
  shared?: SharedState;
  /** The actor's new read mark, when it changes. */
  read?: boolean;
  audit: AuditDraft[];
}

const ROLE_NEEDED: Record<ReviewAction['Action'], TeamRole | undefined> = {
  SetRead: undefined,
  SetFlagged: 'Analyst',
  SetNote: 'Analyst',
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
 * the actor) is `read`, at `at`. Throws a ReviewServiceError for an action that is not allowed.
 */
export function planAction(
  team: Team,
  actor: Member,
  action: ReviewAction,
  current: SharedState,
  read: boolean,
  at: Date,
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
    audit.push({ action, before, after, personal: false, ...(event ? { event } : {}) });

  let newRead: boolean | undefined;
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
    case 'SetNote':
      if (action.Note !== current.note) {
        change().note = action.Note;
        shared('Note', current.note, action.Note);
      }
      break;
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
      const fourEyes = current.fourEyes || team.needsFourEyes(action.Event);
      const eventVersion = action.Event.UpdatedDateTime;
      const same =
        current.reviewed?.userKey === actor.userKey &&
        current.reviewed.eventVersion === eventVersion &&
        current.fourEyes === fourEyes &&
        current.eventType === action.Event.EventType;
      if (!same) {
        const state = change();
        state.fourEyes = fourEyes;
        state.eventType = action.Event.EventType;
        state.reviewed = { ...who, at, ...(eventVersion ? { eventVersion } : {}) };
        // A new review (the event may have changed) needs a new approval.
        delete state.approved;
        shared('Reviewed', statusBefore, reviewStatusOf(state), action.Event);
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
  if (newRead !== undefined)
    audit.push({
      action: newRead ? 'Read' : 'Unread',
      before: String(read),
      after: String(newRead),
      personal: true,
    });
  return { ...(next ? { shared: next } : {}), ...(newRead !== undefined ? { read: newRead } : {}), audit };
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
