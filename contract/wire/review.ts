/**
 * Wire vocabulary of the team review service (issue 16): what its HTTP API answers and the zod
 * schemas of what it accepts. The service parses every body and query with these; the desktop
 * client builds its requests from the same types. Written like the platform's wire: PascalCase
 * properties, absent rather than null, date-times in UTC ending in Z, errors
 * `{ErrorCode, Message, ModelState?}`.
 */
import { z } from 'zod';
import { eventIdSchema, MAX_BULK_EVENTS, MAX_NOTE_LENGTH } from '../corporateActions';
import type { CorporateActionEvent } from './corporateActions';
import { corporateActionTypes } from './enums';

/** What a member may do: Viewer reads (and keeps personal read marks), Analyst changes review state, Approver approves. */
export const teamRoles = ['Viewer', 'Analyst', 'Approver'] as const;
export type TeamRole = (typeof teamRoles)[number];

/**
 * Where an event stands: not reviewed; reviewed (no second pair of eyes needed); reviewed and
 * awaiting a different analyst's approval; approved.
 */
export const reviewStatuses = ['NotReviewed', 'Reviewed', 'AwaitingApproval', 'Approved'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/**
 * Every kind of entry of the team's (shared) audit log. Read marks are personal: they are not in
 * it (a member reads their own with `GET /v1/reads`).
 */
// prettier-ignore
export const teamAuditActions = [
  'Flagged', 'Unflagged', 'Note', 'Assigned', 'Unassigned', 'Reviewed', 'Unreviewed', 'Approved',
  'ApprovalWithdrawn',
] as const;
export type TeamAuditAction = (typeof teamAuditActions)[number];

/** A member of the team as the service names them (the name comes from the team configuration). */
export interface TeamMember {
  UserKey: string;
  Name: string;
}

export interface TeamMemberWithRoles extends TeamMember {
  Roles: TeamRole[];
}

/** `GET /v1/team`: the team, its rules and who the caller is. */
export interface TeamDescription {
  Id: string;
  Name: string;
  Members: TeamMemberWithRoles[];
  /** Which events need four eyes: every event with an election, and/or these event types. */
  FourEyes: { WithElection: boolean; EventTypes: string[] };
  Me: TeamMemberWithRoles;
}

/** Who did something, and when. */
export interface ReviewSignature {
  By: TeamMember;
  At: string;
}

/** One note of an event's thread: notes are added, never overwritten. */
export interface TeamNote {
  /** 1 for the event's first note, one more for each note after it. */
  Id: number;
  By: TeamMember;
  At: string;
  Text: string;
}

/** The team's shared review state of one event. */
export interface SharedEventReview {
  EventId: string;
  /** 0 for an event nobody has touched; every shared change adds one. Send it back with a change. */
  Version: number;
  Flagged: boolean;
  /** The event's notes, oldest first (newest last); absent when there are none. */
  Notes?: TeamNote[];
  Assignee?: TeamMember;
  /** Whether a review of this event needs a different analyst's approval. */
  FourEyes: boolean;
  ReviewStatus: ReviewStatus;
  /**
   * The review; `EventUpdatedDateTime` is the event's UpdatedDateTime on the platform when it was
   * reviewed (read by the service itself; the event as it was then: `GET /v1/reviews/{EventId}/reviewed-event`).
   */
  Reviewed?: ReviewSignature & { EventUpdatedDateTime?: string };
  Approved?: ReviewSignature;
  /** The event type code the platform gave when the event was last reviewed (e.g. DVCA). */
  EventType?: string;
  /** The last shared change. */
  Changed?: ReviewSignature;
}

/** One event's review state as the caller sees it: the shared state and their own read mark. */
export interface TeamEventReview extends SharedEventReview {
  Read: boolean;
}

/** The largest Version the service keeps (PostgreSQL's integer). */
export const MAX_VERSION = 2 ** 31 - 1;

const version = z
  .number({ error: 'Version must be the version of the review state you saw (a whole number).' })
  .int()
  .min(0, 'Version is never negative.')
  .max(MAX_VERSION, `Version is at most ${MAX_VERSION}: send the version of the review state you saw.`);

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `schema` (a string) refusing what PostgreSQL cannot store as text: U+0000, and lone surrogates
 * (half of a UTF-16 pair: not Unicode, so not UTF-8 either). `what` names the field in the message.
 */
export function storableText<S extends z.ZodType<string>>(schema: S, what: string) {
  return schema
    .refine((text) => !text.includes('\u0000'), `${what} cannot contain the character U+0000 (NUL).`)
    .refine(
      (text) => !LONE_SURROGATE.test(text),
      `${what} contains a lone surrogate (text that is not valid Unicode).`,
    );
}

/** A user key as the platform writes them (opaque, URL-safe). */
export const userKeySchema = z
  .string({ error: 'A user key is required.' })
  .min(1, 'A user key is required.')
  .max(100, 'A user key is at most 100 characters.')
  .regex(/^[A-Za-z0-9+/=|_.-]+$/, 'Not a valid user key.');

/**
 * An event's facts that decide four eyes. The service reads them from the platform itself (with
 * the caller's token) when an event is marked reviewed, and keeps them in the audit entry. A desk
 * may also state what it read (MarkReviewed's `Event`): a statement that disagrees with the
 * platform (another type, or another UpdatedDateTime: the event changed since the desk read it)
 * is refused (409 `EventFactsDisagree`); it never decides anything. Once an event needed four
 * eyes, a later review cannot lift it.
 */
export const eventFactsSchema = z
  .object({
    EventType: z.string().regex(/^[A-Z0-9]{4}$/, 'EventType is a four-letter ISO 15022 code such as DVCA.'),
    CorporateActionType: z.enum(corporateActionTypes).optional(),
    Electable: z.enum(['Electable', 'NotElectable']).optional(),
    UpdatedDateTime: z.iso
      .datetime({ offset: false, error: 'UpdatedDateTime must be an ISO date-time ending in Z.' })
      .optional(),
  })
  .strict();
export type EventFacts = z.output<typeof eventFactsSchema>;

/** What a desk states of an event (any of its facts): checked against the platform, never used. */
export const eventStatementSchema = eventFactsSchema.partial().strict();
export type EventStatement = z.output<typeof eventStatementSchema>;

const shared = { EventId: eventIdSchema, Version: version };

/** Most notes one event keeps (a thread, not a chat). */
export const MAX_NOTES_PER_EVENT = 200;

/**
 * One review action. Every change of the shared state names the Version it saw (a stale one is
 * refused with the changes since); read marks are personal and need none; a note is added to
 * the event's thread and overwrites nothing, so it needs none either (it still moves the Version on).
 */
export const reviewActionSchema = z.discriminatedUnion(
  'Action',
  [
    z.object({ Action: z.literal('SetRead'), EventId: eventIdSchema, Read: z.boolean() }).strict(),
    z.object({ Action: z.literal('SetFlagged'), ...shared, Flagged: z.boolean() }).strict(),
    z
      .object({
        Action: z.literal('AddNote'),
        EventId: eventIdSchema,
        Note: storableText(
          z
            .string()
            .trim()
            .min(1, 'A note needs some text.')
            .max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters.`),
          'A note',
        ),
      })
      .strict(),
    /** Assignee absent: unassign. */
    z.object({ Action: z.literal('Assign'), ...shared, Assignee: userKeySchema.optional() }).strict(),
    /** `Event`: what the desk read (optional; checked against the platform, never trusted). */
    z
      .object({ Action: z.literal('MarkReviewed'), ...shared, Event: eventStatementSchema.optional() })
      .strict(),
    z.object({ Action: z.literal('Unreview'), ...shared }).strict(),
    z.object({ Action: z.literal('Approve'), ...shared }).strict(),
    z.object({ Action: z.literal('WithdrawApproval'), ...shared }).strict(),
  ],
  {
    error:
      'Action must be one of SetRead, SetFlagged, AddNote, Assign, MarkReviewed, Unreview, Approve, WithdrawApproval.',
  },
);
export type ReviewAction = z.output<typeof reviewActionSchema>;
export type ReviewActionName = ReviewAction['Action'];

/** Longest a deadline may lie ahead of the service's clock (a later one means a wrong clock). */
export const MAX_DEADLINE_AHEAD_SECONDS = 300;

/**
 * The idempotency key of a request: chosen by the desk (a UUID), sent again unchanged when the
 * desk retries the request on another replica. The service applies a key at most once and
 * answers a retry with the first outcome.
 */
export const idempotencyKeySchema = z
  .string({ error: 'IdempotencyKey is required: a key of your own for this request (a UUID).' })
  .regex(
    /^[A-Za-z0-9_-]{16,100}$/,
    'IdempotencyKey is 16 to 100 letters, digits, dashes or underscores (a UUID).',
  );

/**
 * `POST /v1/reviews/actions`: one or more actions, applied together or not at all (one per
 * event), at most once per IdempotencyKey, and only if committed by the Deadline (an instant,
 * UTC; the service checks it when it commits, so a replica that hangs can never commit the
 * request later). Desk and service clocks are assumed synchronized (NTP).
 */
export const reviewActionsBodySchema = z
  .object({
    IdempotencyKey: idempotencyKeySchema,
    Deadline: z.iso.datetime({
      offset: false,
      error:
        'Deadline is required: the instant (UTC, ending in Z) after which the request must not be applied.',
    }),
    Actions: z
      .array(reviewActionSchema)
      .min(1, 'Send at least one action.')
      .max(MAX_BULK_EVENTS, `At most ${MAX_BULK_EVENTS} actions per call.`),
  })
  .strict()
  .refine((body) => new Set(body.Actions.map((action) => action.EventId)).size === body.Actions.length, {
    message: 'At most one action per event in one call.',
    path: ['Actions'],
  });
export type ReviewActionsBody = z.output<typeof reviewActionsBodySchema>;

/** What `POST /v1/reviews/actions` answers: the states after the change and its number in the change feed. */
export interface ReviewActionsResult {
  /** Absent when nothing changed. */
  Sequence?: number;
  Data: TeamEventReview[];
  /** Set when this answer is the first outcome of the same IdempotencyKey, applied earlier (a retry). */
  Replayed?: true;
}

/** `GET /v1/reviews/{EventId}/reviewed-event`: the event as the platform had it when it was reviewed. */
export interface ReviewedEventSnapshot {
  EventId: string;
  Reviewed: ReviewSignature & { EventUpdatedDateTime?: string };
  /**
   * The platform's event (`GET /ca/v2/events/{EventId}`) at the review, without what belongs to
   * the reviewer's own accounts (Holdings, AffectedAccounts, EligibleHoldings, ElectionStatus).
   */
  Event: Omit<CorporateActionEvent, 'Holdings' | 'AffectedAccounts' | 'EligibleHoldings' | 'ElectionStatus'>;
}

/** One line of the team's audit log. */
export interface TeamAuditEntry {
  Id: number;
  /** The change (and stream message) it belongs to. */
  Sequence: number;
  EventId: string;
  At: string;
  By: TeamMember;
  Action: TeamAuditAction;
  Before: string;
  After: string;
  /** The event's Version after the change. */
  Version?: number;
  /** The event's facts as the platform gave them to the service (MarkReviewed). */
  Event?: EventFacts;
}

/** One of an action's facts that the desk stated otherwise than the platform has it. */
export interface EventFactDisagreement {
  EventId: string;
  Field: keyof EventFacts;
  /** What the desk said; absent when it said nothing of it. */
  Stated?: string;
  /** What the platform says; absent when it says nothing of it. */
  Platform?: string;
}

/** Body of a 409: for each stale event, its current state and every change since the version sent. */
export interface ReviewConflict {
  EventId: string;
  YourVersion: number;
  Current: TeamEventReview;
  ChangesSince: TeamAuditEntry[];
}

/** Error body of the service (409 ReviewConflict adds Conflicts; 409 EventFactsDisagree adds Disagreements). */
export interface TeamReviewErrorBody {
  ErrorCode: string;
  Message: string;
  ModelState?: Record<string, string[]>;
  Conflicts?: ReviewConflict[];
  Disagreements?: EventFactDisagreement[];
  /** With `NotTeamMember`: see notTeamMemberBodySchema. */
  UserKey?: string;
  TeamName?: string;
  Removed?: boolean;
}

/**
 * The body of a 403 `NotTeamMember` (and of a stream's `refused` for a member removed from the
 * team file): the caller's UserKey and the team as fields, so a desk need not read them from
 * the human `Message`; `Removed` when the caller was a member until the team file changed.
 */
export const notTeamMemberBodySchema = z.object({
  ErrorCode: z.literal('NotTeamMember'),
  Message: z.string(),
  UserKey: z.string().min(1),
  TeamName: z.string().min(1),
  Removed: z.boolean(),
});
export type NotTeamMemberBody = z.infer<typeof notTeamMemberBodySchema>;

/**
 * ErrorCodes of refusals a desk acts on:
 * - `DeadlinePassed` (409): the request was not committed by its Deadline and never will be;
 * - `EventFactsDisagree` (409): a stated fact differs from the platform's (Disagreements);
 * - `IdempotencyKeyReused` (422): the key was used for another request or by another member;
 * - `EventNotOnPlatform` (404): the platform does not show the event to the caller;
 * - `PlatformUnavailable` (503): the platform could not be asked for the event's facts, or
 *   (for a while) whether it still honours the caller's sign-in.
 */
export const DEADLINE_PASSED = 'DeadlinePassed';
export const EVENT_FACTS_DISAGREE = 'EventFactsDisagree';

/** ErrorCode of every answer given while the database cannot be reached (503). */
export const TEAM_REVIEW_UNAVAILABLE = 'TeamReviewUnavailable';

const top = (max: number) => z.coerce.number().int().min(1).max(max).optional();
const skip = z.coerce.number().int().min(0).max(MAX_VERSION, `$skip is at most ${MAX_VERSION}.`).optional();
const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Most event ids one `GET /v1/reviews?EventIds=` may name. */
export const MAX_EVENT_IDS_PER_READ = 200;

/** `GET /v1/reviews`: named events (EventIds, comma-separated), or the team's work queue filtered. */
export const reviewsQuerySchema = z
  .object({
    EventIds: z
      .string()
      .transform((text) => text.split(',').filter((id) => id !== ''))
      .pipe(
        z
          .array(eventIdSchema)
          .min(1)
          .max(MAX_EVENT_IDS_PER_READ, `At most ${MAX_EVENT_IDS_PER_READ} event ids per read.`),
      )
      .optional(),
    ReviewStatus: z.enum(reviewStatuses).optional(),
    Flagged: booleanText.optional(),
    /** A member's user key, or `me`. */
    AssignedTo: z.union([z.literal('me'), userKeySchema]).optional(),
    $top: top(1000),
    $skip: skip,
  })
  .strict()
  .refine(
    (query) =>
      query.EventIds === undefined ||
      [query.ReviewStatus, query.Flagged, query.AssignedTo, query.$top, query.$skip].every(
        (value) => value === undefined,
      ),
    { message: 'Ask for EventIds, or filter the work queue, not both.', path: ['EventIds'] },
  );
export type ReviewsQuery = z.output<typeof reviewsQuerySchema>;

/** A page of review states (`__count`: how many match in all). */
export interface ReviewsFeed {
  __count: number;
  Data: TeamEventReview[];
}

// Year 0000 is ISO's 1 BC, which PostgreSQL (and every audit log) has no use for.
const utcDateTime = z.iso
  .datetime({ offset: false, error: 'Date-times are ISO and end in Z.' })
  .refine(
    (text) => !text.startsWith('0000'),
    'Date-times start in year 0001 (year 0000 is not a date the log has).',
  );

/** `GET /v1/audit`: the team's audit log, newest first, filtered. */
export const auditQuerySchema = z
  .object({
    EventId: eventIdSchema.optional(),
    UserKey: userKeySchema.optional(),
    Action: z.enum(teamAuditActions).optional(),
    FromDateTime: utcDateTime.optional(),
    ToDateTime: utcDateTime.optional(),
    $top: top(5000),
    $skip: skip,
  })
  .strict();
export type AuditQuery = z.output<typeof auditQuerySchema>;

export interface AuditFeed {
  __count: number;
  Data: TeamAuditEntry[];
}

/**
 * `GET /v1/audit/verification`: how far the team's audit log verifies. Each entry is chained to
 * the one before by an HMAC-SHA256 under a key the service holds outside the database, so an
 * entry inserted, changed or removed by anyone without the key breaks the chain there.
 */
export interface AuditVerification {
  /** Entries in the log. */
  Entries: number;
  /** Entries that verify, from the first on (all of them when the log is intact). */
  VerifiedEntries: number;
  /** Entries written before the log was sealed (an upgrade), vouched for as they were then. */
  SealedBefore: number;
  /** The first entry that does not verify, and why; absent when every entry verifies. */
  FirstFailure?: {
    Id: number;
    Sequence: number;
    EventId: string;
    At: string;
    By: TeamMember;
    Action: string;
    Reason: string;
  };
  /** When the service checked (verification is cached briefly). */
  CheckedAt: string;
}

/** `GET /v1/reads`: the caller's own read marks (personal: nobody else can read them). */
export const readsQuerySchema = z
  .object({ EventId: eventIdSchema.optional(), $top: top(5000), $skip: skip })
  .strict();
export type ReadsQuery = z.output<typeof readsQuerySchema>;

export interface ReadMark {
  EventId: string;
  Read: boolean;
  /** When the caller last marked it. */
  At: string;
}

export interface ReadMarksFeed {
  __count: number;
  Data: ReadMark[];
}

/**
 * Messages of `GET /v1/events/stream` (server-sent events; `id:` is the change Sequence, so a
 * reconnect with `Last-Event-ID` replays what was missed):
 * - `ready`: connected; `{Sequence}` is the newest change (replayed changes follow, if any);
 * - `change`: a ReviewChangeMessage;
 * - `reset`: too much was missed to replay; reload the states you show;
 * - `unavailable` / `available`: the database was lost / is back (`{Message}`);
 * - `expired`: the bearer token expired; reconnect with a fresh one and `Last-Event-ID`;
 * - `refused`: the service no longer accepts this stream's caller (`{ErrorCode, Message}`: the
 *   sign-in was revoked on the platform, or the member left the team); reconnecting gets the same
 *   refusal until that changes. The stream ends after it.
 */
export const teamReviewStreamEvents = [
  'ready',
  'change',
  'reset',
  'unavailable',
  'available',
  'expired',
  'refused',
] as const;
export type TeamReviewStreamEvent = (typeof teamReviewStreamEvents)[number];

/** One committed change: the shared states after it, and the caller's own read marks it changed. */
export interface ReviewChangeMessage {
  Sequence: number;
  At: string;
  By: TeamMember;
  Reviews: SharedEventReview[];
  /** Only on the streams of the member who made the change. */
  Read?: { EventId: string; Read: boolean }[];
}
