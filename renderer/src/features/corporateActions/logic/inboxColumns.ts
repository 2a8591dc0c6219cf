/**
 * The inbox's columns: one definition per column, read by the grid and by the CSV export so
 * both show the same values. Dates are ISO `yyyy-mm-dd`; the response deadline is shown in its
 * market's time and the analyst's, and where it stands in the market's business days;
 * enumerations in words.
 */
import type { CorporateActionEvent } from '../../../../../contract/wire/types';
import { enumWords } from '../../../shared/enumWords';
import { relevantDeadline, standingText, type DeadlineClock } from './deadlines';
import { deadlineText } from './deadlineText';
import { dateAndStatusText, isoDate, payDate } from './eventDates';
import type { EventReviewState } from '../../../../../contract/corporateActions';
import type { ReviewPerson } from '../../../../../contract/review';
import { reviewBadge } from './reviewBadge';
import type { InboxSortColumn } from './workQueue';

/** What a column reads besides the event: the service's now with the markets' calendars, and the event's review state. */
export interface InboxCellContext {
  clock: DeadlineClock;
  /** The analyst's time zone (default: the browser's). */
  viewerZone?: string | undefined;
  review?: EventReviewState | undefined;
  /** The account's name in the user's accounts, by AccountId (undefined when not known). */
  accountName?: ((accountId: string) => string | undefined) | undefined;
}

export interface InboxColumn {
  id: string;
  header: string;
  value: (event: CorporateActionEvent, context: InboxCellContext) => string | number | undefined;
  width?: number;
  /** The sort a click on its header chooses, where there is one. */
  sortKey?: InboxSortColumn;
}

/** The accounts holding the event, by name where the accounts knows them; a count when the service aggregates. */
function accountsText(event: CorporateActionEvent, context: InboxCellContext): string | undefined {
  const ids = [
    ...new Set(
      (event.Holdings ?? []).map((holding) => holding.AccountId).filter((id): id is string => Boolean(id)),
    ),
  ];
  if (ids.length > 0) return ids.map((id) => context.accountName?.(id) ?? id).join(', ');
  if (event.AffectedAccounts !== undefined)
    return `${event.AffectedAccounts} account${event.AffectedAccounts === 1 ? '' : 's'}`;
  return undefined;
}

/** A person of the review state by the name the store gives (a team's display name), else their id. */
const personText = (person: ReviewPerson | undefined): string | undefined =>
  person ? person.name.trim() || person.userId : undefined;

export const inboxColumns: InboxColumn[] = [
  {
    id: 'review',
    header: 'Review',
    width: 155,
    value: (e, c) => reviewBadge(c.review, e.UpdatedDateTime).label,
  },
  { id: 'flagged', header: 'Flag', width: 70, value: (_e, c) => (c.review?.flagged ? 'Flagged' : '') },
  // Who signed the review off: with a team, the names its team file gives.
  { id: 'reviewedBy', header: 'Reviewer', width: 150, value: (_e, c) => personText(c.review?.reviewedBy) },
  { id: 'approvedBy', header: 'Approver', width: 150, value: (_e, c) => personText(c.review?.approvedBy) },
  { id: 'assignee', header: 'Assignee', width: 150, value: (_e, c) => personText(c.review?.assignee) },
  { id: 'eventId', sortKey: 'EventId', header: 'Event id', width: 130, value: (e) => e.EventId },
  { id: 'eventType', sortKey: 'EventType', header: 'Type', width: 80, value: (e) => e.EventType?.Code },
  { id: 'eventTypeName', header: 'Type name', width: 170, value: (e) => e.EventType?.Name },
  {
    id: 'instrument',
    sortKey: 'InstrumentDescription',
    header: 'Instrument',
    width: 220,
    value: (e) => e.DisplayAndFormat?.Description,
  },
  { id: 'accounts', header: 'Accounts', width: 220, value: accountsText },
  { id: 'symbol', header: 'Symbol', width: 110, value: (e) => e.DisplayAndFormat?.Symbol },
  { id: 'isin', header: 'ISIN', width: 130, value: (e) => e.DisplayAndFormat?.IsinCode },
  { id: 'assetType', header: 'Asset type', width: 100, value: (e) => enumWords(e.AssetType) },
  {
    id: 'corporateActionType',
    sortKey: 'CorporateActionType',
    header: 'Mandatory/Voluntary',
    width: 110,
    value: (e) => enumWords(e.CorporateActionType),
  },
  { id: 'state', header: 'Event state', width: 110, value: (e) => enumWords(e.EventState) },
  { id: 'status', header: 'Event status', width: 105, value: (e) => enumWords(e.EventStatus) },
  {
    id: 'announced',
    sortKey: 'AnnouncedDate',
    header: 'Announced',
    width: 105,
    value: (e) => isoDate(e.AnnouncedDate),
  },
  { id: 'exDate', sortKey: 'ExDate', header: 'Ex date', width: 105, value: (e) => dateAndStatusText(e.Ex) },
  {
    id: 'recordDate',
    sortKey: 'RecordDate',
    header: 'Record date',
    width: 105,
    value: (e) => dateAndStatusText(e.Record),
  },
  { id: 'payDate', sortKey: 'PayDate', header: 'Pay date', width: 105, value: (e) => payDate(e) },
  {
    id: 'deadline',
    sortKey: 'Deadline',
    header: 'Response deadline',
    width: 250,
    value: (e, c) => {
      const deadline = relevantDeadline(e, c.clock);
      return deadline && deadlineText(deadline, c.viewerZone);
    },
  },
  {
    id: 'countdown',
    header: 'Business days left',
    width: 190,
    value: (e, c) => {
      const deadline = relevantDeadline(e, c.clock);
      return deadline && standingText(deadline.standing);
    },
  },
  { id: 'electionStatus', header: 'Election status', width: 125, value: (e) => enumWords(e.ElectionStatus) },
  {
    id: 'updated',
    sortKey: 'UpdatedDateTime',
    header: 'Updated',
    width: 170,
    value: (e) => e.UpdatedDateTime,
  },
];

/** Shown until the user chooses otherwise. */
export const defaultColumnIds = [
  'review',
  'flagged',
  'eventType',
  'eventTypeName',
  'instrument',
  // The work queue's default order is by deadline: its dates come first.
  'deadline',
  'countdown',
  'exDate',
  'recordDate',
  'payDate',
  'accounts',
  'isin',
  'state',
  'status',
  'electionStatus',
];

/** The known columns among `ids`, in that order (a saved view may name a column that no longer exists). */
export function columnsById(ids: readonly string[]): InboxColumn[] {
  return ids
    .map((id) => inboxColumns.find((column) => column.id === id))
    .filter((column): column is InboxColumn => column !== undefined);
}
