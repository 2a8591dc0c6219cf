/**
 * The review state of corporate action events as the desk shows it, whichever store keeps it:
 * "this computer" (a local SQLite file, one reviewer's state) or a team's review service
 * (read marks personal; flag, note, assignee, review, approval and audit shared). Zod schemas
 * here because push events carry these shapes and main checks every payload before it leaves.
 */
import { z } from 'zod';
import { eventIdSchema, reviewVersionSchema } from './corporateActions';
import type { TeamRole } from './wire/review';

/** Where an event stands: the team service's four statuses (the local store uses the first two). */
export const reviewProgressValues = ['NotReviewed', 'Reviewed', 'AwaitingApproval', 'Approved'] as const;
export type ReviewProgress = (typeof reviewProgressValues)[number];

/** A person named in a review state: the platform's UserId locally, the UserKey in a team. */
export const reviewPersonSchema = z.object({ name: z.string(), userId: z.string() }).strict();
export type ReviewPerson = z.output<typeof reviewPersonSchema>;

/** One note of an event's thread. */
export const reviewNoteSchema = z
  .object({
    /** 1 for the event's first note, one more for each after it. */
    id: z.number().int().positive(),
    by: reviewPersonSchema,
    /** When it was added (ISO). */
    at: z.string(),
    text: z.string(),
  })
  .strict();
export type ReviewNote = z.output<typeof reviewNoteSchema>;

/** The review state of one event for the signed-in reviewer. */
export const eventReviewStateSchema = z
  .object({
    eventId: z.string(),
    /** Personal: read by the signed-in reviewer. */
    read: z.boolean(),
    flagged: z.boolean(),
    /** When it was marked reviewed (ISO), absent when not reviewed. */
    reviewedAt: z.string().optional(),
    /** The event's UpdatedDateTime at the moment it was reviewed; a later one means it changed since. */
    reviewedVersion: z.string().optional(),
    /** The event's notes, oldest first (newest last): each kept with its author and time, none overwritten. */
    notes: z.array(reviewNoteSchema),
    /** Last change of the shared state (ISO); absent while nobody changed it. */
    changedAt: z.string().optional(),
    /**
     * The version of the state this desk saw: 0 until somebody changes it, one more with every
     * change of flag, note, assignee, review or approval. Send it back with a change: a change
     * made on an older version is refused as a conflict instead of overwriting the newer one.
     */
    version: z.number().int().min(0),
    progress: z.enum(reviewProgressValues),
    /** Whether a review needs a different analyst's approval (team store only). */
    fourEyes: z.boolean(),
    reviewedBy: reviewPersonSchema.optional(),
    approvedAt: z.string().optional(),
    approvedBy: reviewPersonSchema.optional(),
    assignee: reviewPersonSchema.optional(),
    /** Who made the last shared change. */
    changedBy: reviewPersonSchema.optional(),
  })
  .strict();
export type EventReviewState = z.output<typeof eventReviewStateSchema>;

/** One event's state in a live change: `read` only when the change was the reviewer's own read mark. */
export const reviewStateChangeSchema = eventReviewStateSchema.extend({ read: z.boolean().optional() });
export type ReviewStateChange = z.output<typeof reviewStateChangeSchema>;

/** Push `corporateActions:reviewsChanged`: states changed by another desk (or told to reload). */
export const reviewsChangedSchema = z
  .object({
    states: z.array(reviewStateChangeSchema),
    /** Who changed them, and when. */
    by: reviewPersonSchema.optional(),
    at: z.string().optional(),
    /** Too much was missed (or the store was switched): read the states on screen again. */
    reload: z.boolean().optional(),
  })
  .strict();
export type ReviewsChanged = z.output<typeof reviewsChangedSchema>;

/** A member of the team, with what they may do. */
export const teamMemberViewSchema = reviewPersonSchema.extend({
  roles: z.array(z.enum(['Viewer', 'Analyst', 'Approver'] as const satisfies readonly TeamRole[])),
});
export type TeamMemberView = z.output<typeof teamMemberViewSchema>;

/**
 * Where review state is kept, and whether it can be used now:
 * - `local`: this computer's review file;
 * - `team`: the team service at `urls`; `state` says whether it answers (`available`), is being
 *   reached (`connecting`), cannot be used (`unavailable`: `message` says why, and every review
 *   action is refused with it) or needs a sign-in (`signedOut`).
 *
 * `revision` counts main's changes of the view: a read answered before a change reaches the
 * renderer after the push of that change (two channels), and must not replace it.
 */
const revision = z.number().int().nonnegative();
export const reviewStoreViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('local'), revision }).strict(),
  z
    .object({
      kind: z.literal('team'),
      revision,
      urls: z.array(z.string()),
      state: z.enum(['connecting', 'available', 'unavailable', 'signedOut']),
      message: z.string().optional(),
      /** The replica answering now. */
      replica: z.string().optional(),
      /**
       * Replicas that did not answer a request in time (their addresses): a change sent to one is
       * sent again, with the same idempotency key, to the next; they stay listed until one answers.
       */
      notResponding: z.array(z.string()).optional(),
      team: z
        .object({ name: z.string(), me: teamMemberViewSchema, members: z.array(teamMemberViewSchema) })
        .strict()
        .optional(),
    })
    .strict(),
]);
export type ReviewStoreView = z.output<typeof reviewStoreViewSchema>;

/**
 * How far the audit log verifies (`corporateActions:auditVerification`): on this computer there
 * is nothing to verify against (`local`); a team's log is chained with a key the service holds,
 * and the service says how many entries verify and the first that does not.
 */
export type AuditVerificationView =
  | { kind: 'local' }
  | {
      kind: 'team';
      entries: number;
      verifiedEntries: number;
      /** Entries written before the log was sealed (vouched for as they were then). */
      sealedBefore: number;
      firstFailure?: {
        id: number;
        eventId: string;
        at: string;
        by: ReviewPerson;
        action: string;
        reason: string;
      };
      checkedAt: string;
    };

/** The words every refused action carries while the team service cannot be used. */
export const TEAM_REVIEW_UNAVAILABLE_TEXT = 'Team review unavailable';

/** One change another reviewer made since the version a refused change was based on. */
export interface ReviewChangeSeen {
  by: ReviewPerson;
  at: string;
  /** What changed, in the audit log's words (flagged, note, assigned, reviewed, approved …). */
  action: ReviewAuditAction;
  before: string;
  after: string;
}

/** A stale change refused: the event's state now, and who changed what since the version sent. */
export interface ReviewConflictView {
  eventId: string;
  yourVersion: number;
  current: EventReviewState;
  changesSince: ReviewChangeSeen[];
}

/** What a review action changed, as the audit log names it. */
export type ReviewAuditAction =
  | 'read'
  | 'unread'
  | 'flagged'
  | 'unflagged'
  | 'reviewed'
  | 'unreviewed'
  | 'note'
  | 'assigned'
  | 'unassigned'
  | 'approved'
  | 'approvalWithdrawn';

const version = reviewVersionSchema;

/** `corporateActions:assign`: assign an event to a member of the team (by userId), or unassign it. */
export const assignArgSchema = z
  .object({
    eventId: eventIdSchema,
    version,
    assignee: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9+/=|_.-]+$/, 'Not a valid user.')
      .optional(),
  })
  .strict();
export type AssignArg = z.output<typeof assignArgSchema>;

/** `corporateActions:approve`: approve another analyst's review (four eyes), or withdraw the approval. */
export const approveArgSchema = z.object({ eventId: eventIdSchema, version, approved: z.boolean() }).strict();
export type ApproveArg = z.output<typeof approveArgSchema>;

/** One event of "copy my local review state to the team" that could not be copied as it was. */
export interface CopyConflict {
  eventId: string;
  what: 'note' | 'flag' | 'reviewed' | 'read' | 'event';
  /** Why, in words (e.g. the team already has another note by Jonas Berger). */
  message: string;
}

/** What `corporateActions:copyToTeam` did. */
export interface CopyToTeamReport {
  /** Events of the local store that had anything to copy. */
  events: number;
  /** Events the team got something from. */
  eventsCopied: number;
  notes: number;
  flags: number;
  reviewedMarks: number;
  readMarks: number;
  /** Things the team already had exactly so (nothing to do). */
  alreadyOnTeam: number;
  conflicts: CopyConflict[];
  /** When the copy ended (ISO). */
  at: string;
  team: string;
}
