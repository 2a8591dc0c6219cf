/**
 * The one interface of a review store, whichever keeps the state: this computer's review file
 * (LocalReviewStore) or the team review service (TeamReviewStore). The IPC handlers and the
 * renderer see the same states and the same refusals from both: every shared change carries the
 * version it saw, and a stale one is refused as a ReviewConflictError (see reviewErrors.ts).
 * Arguments are typed with the contract's types: the IPC dispatcher parsed them with the
 * channel's schema before any handler ran, so the stores do not parse them again.
 */
import type {
  AddNoteArg,
  AuditArg,
  Reviewer,
  ReviewAuditEntry,
  ReviewStatesArg,
  SetFlaggedArg,
  SetReadArg,
  SetReviewedArg,
} from '../../../../contract/corporateActions';
import type {
  ApproveArg,
  AssignArg,
  AuditVerificationView,
  EventReviewState,
} from '../../../../contract/review';

export type Awaitable<T> = T | Promise<T>;

export interface ReviewBackend {
  /** The states of the given events; events nobody has touched (and the reviewer has not read) are absent. */
  states(reviewer: Reviewer, arg: ReviewStatesArg): Awaitable<EventReviewState[]>;
  /** Marks an event read or unread (personal). */
  setRead(reviewer: Reviewer, arg: SetReadArg): Awaitable<EventReviewState>;
  setFlagged(reviewer: Reviewer, arg: SetFlaggedArg): Awaitable<EventReviewState>;
  /** Marks events reviewed (and read) or not reviewed, all or none. */
  setReviewed(reviewer: Reviewer, arg: SetReviewedArg): Awaitable<EventReviewState[]>;
  /** Adds a note to the event's thread (no version: a note overwrites nothing). */
  addNote(reviewer: Reviewer, arg: AddNoteArg): Awaitable<EventReviewState>;
  /** Assigns an event to a member (team only). */
  assign(reviewer: Reviewer, arg: AssignArg): Awaitable<EventReviewState>;
  /** Approves or withdraws an approval (team only, four eyes). */
  approve(reviewer: Reviewer, arg: ApproveArg): Awaitable<EventReviewState>;
  /** The audit log, newest first (or, with `readMarks`, the reviewer's own read marks). */
  audit(reviewer: Reviewer, arg?: AuditArg): Awaitable<ReviewAuditEntry[]>;
  /** How far the audit log verifies. */
  auditVerification(reviewer: Reviewer): Awaitable<AuditVerificationView>;
}
