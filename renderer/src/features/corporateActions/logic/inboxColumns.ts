/**
 * The inbox's columns: one definition per column, read by the grid and by the CSV export so
 * both show the same values. Dates are ISO `yyyy-mm-dd`.
 */
import type { CorporateActionEvent } from '../../../../../contract/wire/types';
import { businessDaysBetween } from './businessDays';
import { dateAndStatusText, isoDate, payDate, relevantDeadline } from './eventDates';
import type { EventReviewState } from '../../../../../contract/corporateActions';
import { reviewBadge } from './reviewBadge';

/** What a column reads besides the event: today's date and the event's review state. */
export interface InboxCellContext {
  today: string;
  review?: EventReviewState | undefined;
}

export interface InboxColumn {
  id: string;
  header: string;
  value: (event: CorporateActionEvent, context: InboxCellContext) => string | number | undefined;
  width?: number;
}

export const inboxColumns: InboxColumn[] = [
  {
    id: 'review',
    header: 'Review',
    width: 130,
    value: (e, c) => reviewBadge(c.review, e.UpdatedDateTime).label,
  },
  { id: 'flagged', header: 'Flag', width: 70, value: (_e, c) => (c.review?.flagged ? 'Flagged' : '') },
  { id: 'eventId', header: 'Event id', width: 130, value: (e) => e.EventId },
  { id: 'eventType', header: 'Type', width: 80, value: (e) => e.EventType?.Code },
  { id: 'eventTypeName', header: 'Type name', width: 170, value: (e) => e.EventType?.Name },
  { id: 'instrument', header: 'Instrument', width: 220, value: (e) => e.DisplayAndFormat?.Description },
  { id: 'symbol', header: 'Symbol', width: 110, value: (e) => e.DisplayAndFormat?.Symbol },
  { id: 'isin', header: 'ISIN', width: 130, value: (e) => e.DisplayAndFormat?.IsinCode },
  { id: 'assetType', header: 'Asset type', width: 100, value: (e) => e.AssetType },
  {
    id: 'corporateActionType',
    header: 'Mandatory/Voluntary',
    width: 110,
    value: (e) => e.CorporateActionType,
  },
  { id: 'state', header: 'State', width: 105, value: (e) => e.EventState },
  { id: 'status', header: 'Status', width: 85, value: (e) => e.EventStatus },
  { id: 'announced', header: 'Announced', width: 105, value: (e) => isoDate(e.AnnouncedDate) },
  { id: 'exDate', header: 'Ex date', width: 105, value: (e) => dateAndStatusText(e.Ex) },
  { id: 'recordDate', header: 'Record date', width: 105, value: (e) => dateAndStatusText(e.Record) },
  { id: 'payDate', header: 'Pay date', width: 105, value: (e) => payDate(e) },
  { id: 'deadline', header: 'Deadline', width: 105, value: (e, c) => relevantDeadline(e, c.today) },
  {
    id: 'countdown',
    header: 'Business days left',
    width: 150,
    value: (e, c) => {
      const deadline = relevantDeadline(e, c.today);
      return deadline ? businessDaysBetween(c.today, deadline) : undefined;
    },
  },
  { id: 'electionStatus', header: 'Election', width: 115, value: (e) => e.ElectionStatus },
  { id: 'updated', header: 'Updated', width: 170, value: (e) => e.UpdatedDateTime },
];

/** Shown until the user chooses otherwise. */
export const defaultColumnIds = [
  'review',
  'flagged',
  'eventType',
  'eventTypeName',
  'instrument',
  'isin',
  'state',
  'status',
  'exDate',
  'recordDate',
  'payDate',
  'deadline',
  'countdown',
  'electionStatus',
];

/** The known columns among `ids`, in that order (a saved view may name a column that no longer exists). */
export function columnsById(ids: readonly string[]): InboxColumn[] {
  return ids
    .map((id) => inboxColumns.find((column) => column.id === id))
    .filter((column): column is InboxColumn => column !== undefined);
}
