/**
 * The corporate actions feature's vocabulary: the arguments of the event reads (spec 4.10,
 * 4.11) and the back-office review state, what a reviewer may send (checked again by the
 * store) and what they get back.
 */
import { z } from 'zod';
import { accountKey, assetTypeList, dateString, keywords, paging, refresh } from './arguments';
import {
  assetTypes,
  corporateActionTypes,
  electionStatuses,
  eventSortColumns,
  eventStates,
  eventStatuses,
  sortTypes,
} from './wire/enums';
import type { ReviewAuditAction, ReviewStoreView } from './review';
import type { AccountDetails } from './wire/accounts';

/** A filtered page of events (spec 4.10). */
export const corporateActionEventsArg = z
  .object({
    ...paging,
    AccountGroupKey: accountKey.optional(),
    AccountKey: accountKey.optional(),
    ClientKey: accountKey.optional(),
    AssetTypes: assetTypeList.optional(),
    CorporateActionTypes: z
      .array(z.enum(corporateActionTypes))
      .min(1)
      .max(corporateActionTypes.length)
      .optional(),
    ElectionStatuses: z.array(z.enum(electionStatuses)).min(1).max(electionStatuses.length).optional(),
    EventStates: z.array(z.enum(eventStates)).min(1).max(eventStates.length).optional(),
    EventStatus: z.enum(eventStatuses).optional(),
    EventTypes: z
      .array(z.string().regex(/^[A-Z0-9]{4}$/, 'Event types are four-letter codes such as DVCA.'))
      .min(1)
      .max(60)
      .optional(),
    FromDeadlineDate: dateString.optional(),
    ToDeadlineDate: dateString.optional(),
    FromExDate: dateString.optional(),
    ToExDate: dateString.optional(),
    FromPayDate: dateString.optional(),
    ToPayDate: dateString.optional(),
    FromRecordDate: dateString.optional(),
    ToRecordDate: dateString.optional(),
    IncludeLapsedEvents: z.boolean().optional(),
    IncludeSubAccounts: z.boolean().optional(),
    Keywords: keywords.optional(),
    SortColumn: z.enum(eventSortColumns).optional(),
    SortType: z.enum(sortTypes).optional(),
  })
  .strict()
  .optional();

export const corporateActionEventArg = z
  .object({
    EventId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid event id.'),
    AccountKey: accountKey.optional(),
    ClientKey: accountKey.optional(),
    EventStates: z.array(z.enum(eventStates)).min(1).max(eventStates.length).optional(),
    IncludeSubAccounts: z.boolean().optional(),
  })
  .strict();

/** An event id as the service writes them (e.g. "9652429"); anything else is refused, not looked up. */
export const eventIdSchema = z
  .string({ error: 'An event id is required.' })
  .min(1, 'An event id is required.')
  .max(64, 'An event id is at most 64 characters.')
  .regex(/^[A-Za-z0-9._-]+$/, 'An event id has letters, digits, dots, dashes and underscores only.');

/** An ISO date-time ending in Z, as the service writes UpdatedDateTime. */
const utcDateTimeSchema = z.iso.datetime({
  offset: false,
  error: 'UpdatedDateTime must be an ISO date-time ending in Z.',
});

/** Longest note a reviewer may keep on one event. */
export const MAX_NOTE_LENGTH = 4000;
/** Most events one bulk call may change (a day's triage fits comfortably). */
export const MAX_BULK_EVENTS = 1000;

export const reviewStatesArgSchema = z
  .object({
    eventIds: z.array(eventIdSchema).max(MAX_BULK_EVENTS, `At most ${MAX_BULK_EVENTS} events per call.`),
  })
  .strict();
export type ReviewStatesArg = z.output<typeof reviewStatesArgSchema>;

/** The version of the review state a change is based on (see EventReviewState.version). */
export const reviewVersionSchema = z
  .number({ error: 'version must be the version of the review state you saw (a whole number).' })
  .int('version must be a whole number.')
  .min(0, 'version is never negative.');

/** Read marks are personal: they need no version. */
export const setReadArgSchema = z.object({ eventId: eventIdSchema, read: z.boolean() }).strict();
export type SetReadArg = z.output<typeof setReadArgSchema>;
export const setFlaggedArgSchema = z
  .object({ eventId: eventIdSchema, flagged: z.boolean(), version: reviewVersionSchema })
  .strict();
export type SetFlaggedArg = z.output<typeof setFlaggedArgSchema>;

/**
 * One event to mark (un)reviewed: the version of its review state seen, and what the reviewer
 * saw of the event on the platform: its UpdatedDateTime (a later one means "changed since
 * reviewed") and its type, from which a team decides whether the review needs four eyes.
 */
export const reviewedEventSchema = z
  .object({
    eventId: eventIdSchema,
    version: reviewVersionSchema,
    updatedDateTime: utcDateTimeSchema.optional(),
    /** The ISO 15022 event type code (EventType.Code), e.g. DVCA. */
    eventType: z
      .string()
      .regex(/^[A-Z0-9]{4}$/, 'eventType is a four-letter ISO 15022 code such as DVCA.')
      .optional(),
    corporateActionType: z.enum(corporateActionTypes).optional(),
    electable: z.enum(['Electable', 'NotElectable']).optional(),
  })
  .strict();
export type ReviewedEvent = z.output<typeof reviewedEventSchema>;

export const setReviewedArgSchema = z
  .object({
    events: z
      .array(reviewedEventSchema)
      .min(1, 'Choose at least one event.')
      .max(MAX_BULK_EVENTS, `At most ${MAX_BULK_EVENTS} events per call.`),
    reviewed: z.boolean(),
  })
  .strict();
export type SetReviewedArg = z.output<typeof setReviewedArgSchema>;

export const setNoteArgSchema = z
  .object({
    eventId: eventIdSchema,
    version: reviewVersionSchema,
    note: z.string().max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters.`),
  })
  .strict();
export type SetNoteArg = z.output<typeof setNoteArgSchema>;

export const auditArgSchema = z
  .object({
    /** Only this event's entries; absent: every entry of the reviewer. */
    eventId: eventIdSchema.optional(),
    limit: z.number().int().min(1).max(5000).optional(),
  })
  .strict()
  .optional();
export type AuditArg = z.output<typeof auditArgSchema>;

const dateSchema = z.iso.date({ error: 'Dates are written yyyy-mm-dd.' });
const keySchema = z
  .string()
  .trim()
  .max(100, 'A key is at most 100 characters.')
  .regex(/^[^\s]*$/, 'A key has no spaces.');

/** The inbox's filter: every parameter of spec 4.10 except paging. */
export const inboxFiltersSchema = z
  .object({
    AssetTypes: z.array(z.enum(assetTypes)).max(assetTypes.length).optional(),
    CorporateActionTypes: z.array(z.enum(corporateActionTypes)).optional(),
    ElectionStatuses: z.array(z.enum(electionStatuses)).optional(),
    EventStates: z.array(z.enum(eventStates)).optional(),
    EventStatus: z.enum(eventStatuses).optional(),
    EventTypes: z
      .array(z.string().regex(/^[A-Z0-9]{2,8}$/, 'Event type codes are like DVCA.'))
      .max(100)
      .optional(),
    FromDeadlineDate: dateSchema.optional(),
    ToDeadlineDate: dateSchema.optional(),
    FromExDate: dateSchema.optional(),
    ToExDate: dateSchema.optional(),
    FromPayDate: dateSchema.optional(),
    ToPayDate: dateSchema.optional(),
    FromRecordDate: dateSchema.optional(),
    ToRecordDate: dateSchema.optional(),
    Keywords: z.string().max(200, 'Keywords are at most 200 characters.').optional(),
    IncludeLapsedEvents: z.boolean().optional(),
    IncludeSubAccounts: z.boolean().optional(),
    AccountKey: keySchema.optional(),
    ClientKey: keySchema.optional(),
    AccountGroupKey: keySchema.optional(),
  })
  .strict();
export type InboxFilters = z.output<typeof inboxFiltersSchema>;

/** Dates the service has no SortColumn for: the inbox sorts by them itself, over every matching event. */
export const inboxLocalSortColumns = ['Deadline', 'ExDate', 'RecordDate', 'PayDate'] as const;
export type InboxLocalSortColumn = (typeof inboxLocalSortColumns)[number];

/**
 * Review states the work queue filters by (any of those ticked); the service knows nothing of
 * them. The last two need a team review service (four-eyes progress, an assignee): on this
 * computer nobody approves or assigns, so they do not apply there.
 */
export const workQueueReviewStates = [
  'unread',
  'flagged',
  'notReviewed',
  'changedSinceReviewed',
  'awaitingApproval',
  'assignedToMe',
] as const;
export type WorkQueueReviewState = (typeof workQueueReviewStates)[number];
/** The work-queue review states that only a team review service can know. */
export const teamOnlyWorkQueueReviewStates = [
  'awaitingApproval',
  'assignedToMe',
] as const satisfies readonly WorkQueueReviewState[];
export type TeamOnlyWorkQueueReviewState = (typeof teamOnlyWorkQueueReviewStates)[number];

/**
 * The inbox's two halves: the work to do (an open decision and a response deadline ahead, or
 * passed within the last few business days) and the history (the rest).
 */
export const workQueuePlaces = ['toDo', 'history'] as const;
export type WorkQueuePlace = (typeof workQueuePlaces)[number];

/** The work queue's own filters, applied by the inbox to the events the service matched. */
export const workQueueFiltersSchema = z
  .object({
    /** The work to do or the history; absent: every event the service matched. */
    place: z.enum(workQueuePlaces).optional(),
    review: z.array(z.enum(workQueueReviewStates)).max(workQueueReviewStates.length).optional(),
    /** Only events whose next response deadline is within this many business days (0: today). */
    deadlineWithinBusinessDays: z
      .number()
      .int('Business days are a whole number.')
      .min(0, 'Business days are 0 or more.')
      .max(260, 'At most 260 business days (a year).')
      .optional(),
  })
  .strict();
export type WorkQueueFilters = z.output<typeof workQueueFiltersSchema>;

/** A saved inbox view: its filters, its sort and the columns shown, in order. */
export const inboxViewDefinitionSchema = z
  .object({
    filters: inboxFiltersSchema,
    workQueue: workQueueFiltersSchema.optional(),
    sort: z
      .object({ column: z.enum([...eventSortColumns, ...inboxLocalSortColumns]), type: z.enum(sortTypes) })
      .strict(),
    columns: z
      .array(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,40}$/, 'Unknown column.'))
      .min(1, 'Show at least one column.')
      .max(40),
  })
  .strict();
export type InboxViewDefinition = z.output<typeof inboxViewDefinitionSchema>;

const viewNameSchema = z
  .string({ error: 'A view needs a name.' })
  .trim()
  .min(1, 'A view needs a name.')
  .max(60, 'A view name is at most 60 characters.');

export const saveViewArgSchema = z
  .object({ name: viewNameSchema, definition: inboxViewDefinitionSchema })
  .strict();
export const deleteViewArgSchema = z.object({ name: viewNameSchema }).strict();
/** `corporateActions:chooseView`: the saved view the inbox shows (kept across restarts), or null for none. */
export const chooseViewArgSchema = z.object({ name: viewNameSchema.nullable() }).strict();

/** What `corporateActions:activeView` answers: the saved view chosen last, if any. */
export interface ActiveInboxView {
  name?: string;
}

export type { EventReviewState } from './review';

/** What a review action changed (the audit log's words). */
export type ReviewAction = ReviewAuditAction;

/** One line of the append-only audit log. */
export interface ReviewAuditEntry {
  id: number;
  eventId: string;
  /** ISO date-time of the change. */
  at: string;
  /** Who made the change: the signed-in user's name and id (the UserKey in a team). */
  actor: { name: string; userId: string };
  profileId: string;
  action: ReviewAction;
  /** The value before and after (booleans as text, the note itself, a reviewed version, a name). */
  before: string;
  after: string;
}

/** A saved inbox view. */
export interface SavedInboxView {
  name: string;
  definition: InboxViewDefinition;
  savedAt: string;
}

/** What `corporateActions:views` answers: the usable views and, when some could not be read, why. */
export interface SavedInboxViews {
  views: SavedInboxView[];
  problem?: string;
}

/** The person whose review state is read and written: the signed-in user of the active profile. */
export interface Reviewer {
  profileId: string;
  userId: string;
  name: string;
}

/**
 * What `corporateActions:reviewStatus` answers: where review state is kept and whether it can be
 * used now, a problem opening the local review file, and the signed-in reviewer.
 */
export interface ReviewStatus {
  store: ReviewStoreView;
  problem?: string;
  reviewer?: Reviewer;
}

/** `corporateActions:accounts`: the signed-in user's clients and accounts, for choosing accounts by name. */
export const accountsArgSchema = z.object({}).strict().optional();

/** `corporateActions:lookupData`: the code lists of the event filters, cached in main; `refresh` reads them again. */
export const lookupDataArgSchema = z
  .object({ ...refresh })
  .strict()
  .optional();

/** One client of the user's accounts, placed in its hierarchy. */
export interface AccountsTreeClient {
  ClientKey: string;
  ClientId: string;
  Name: string;
  /** The client it is a sub-client of; absent for the user's own (top) client. */
  ParentClientKey?: string;
}

/** The user's accounts as the account picker shows it: every client (top first, then depth first) and every account. */
export interface AccountsTree {
  clients: AccountsTreeClient[];
  accounts: AccountDetails[];
  /** Set when the accounts has more clients than are read; the picker says so. */
  truncated?: boolean;
}

/** `corporateActions:changesSinceReviewed`: an event's terms at the reviewed version against the version now. */
export const changesSinceReviewedArgSchema = z
  .object({ eventId: eventIdSchema, reviewedVersion: utcDateTimeSchema, currentVersion: utcDateTimeSchema })
  .strict();

/** One term of an event that differs between two versions; a side is absent when the field was added or removed. */
export interface TermChange {
  /** The field's path, e.g. `Options 1 › Deadline › Date`. */
  field: string;
  before?: string;
  after?: string;
}

/** The terms that changed since the reviewed version, or which version this computer did not read. */
export interface ChangesSinceReviewed {
  changes?: TermChange[];
  /** Set when a version was never read on this computer (or is no longer kept), so nothing can be compared. */
  missing?: 'reviewed' | 'current';
}

/** `corporateActions:notify`: a desktop notification of the queue, a title and one line of text. */
export const desktopNoticeSchema = z
  .object({
    title: z.string().trim().min(1, 'A notification needs a title.').max(120, 'A notification title is at most 120 characters.'),
    body: z.string().max(300, 'A notification is at most 300 characters.'),
  })
  .strict();
export type DesktopNotice = z.output<typeof desktopNoticeSchema>;
