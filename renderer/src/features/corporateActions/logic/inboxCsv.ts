/**
 * The inbox as CSV: the columns shown, in their order, with the values the grid shows (dates
 * ISO `yyyy-mm-dd`, the deadline in its market's time and the countdown in words), plus the note.
 */
import type { CorporateActionEvent } from '../../../../../contract/wire/types';
import type { EventReviewState } from '../../../../../contract/corporateActions';
import { toCsv, type CsvColumn } from './csv';
import type { DeadlineClock } from './deadlines';
import { columnsById } from './inboxColumns';

/** The CSV document of `events` with the columns `columnIds`. */
export function inboxCsv(
  events: readonly CorporateActionEvent[],
  columnIds: readonly string[],
  reviewStates: Record<string, EventReviewState>,
  clock: DeadlineClock,
  accountName?: (accountId: string) => string | undefined,
  viewerZone?: string,
): string {
  const columns: CsvColumn<CorporateActionEvent>[] = columnsById(columnIds).map((column) => ({
    header: column.header,
    value: (event) => column.value(event, { clock, viewerZone, review: reviewStates[event.EventId], accountName }),
  }));
  // The event id always goes along, so a row can be found again.
  if (!columnIds.includes('eventId'))
    columns.unshift({ header: 'Event id', value: (event) => event.EventId });
  columns.push({ header: 'Note', value: (event) => reviewStates[event.EventId]?.note });
  return toCsv(columns, events);
}
