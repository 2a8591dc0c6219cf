/**
 * The inbox's filters and sort as the `corporateActions:events` argument: empty lists, blank text and unset
 * dates are left out (the service reads an absent parameter as "no filter").
 */
import type { ArgOf } from '../../../../../contract/channels';
import type { InboxFilters, InboxViewDefinition } from '../../../../../contract/corporateActions';
import { isLocalSort } from './workQueue';

/** A SortColumn of spec 4.10 and a direction. */
export type InboxSort = InboxViewDefinition['sort'];

/** The service's default: by Date, descending. */
export const DEFAULT_SORT: InboxSort = { column: 'Date', type: 'Desc' };

/** Labels of every sort key, for the sort control: the dates sorted here first, then the service's SortColumns. */
export const sortColumnLabels: Record<InboxSort['column'], string> = {
  Deadline: 'Response deadline',
  ExDate: 'Ex date',
  RecordDate: 'Record date',
  PayDate: 'Pay date',
  Date: 'Date (service: ex, else record, else pay)',
  AnnouncedDate: 'Announced date',
  UpdatedDateTime: 'Last update',
  EventId: 'Event id',
  EventType: 'Event type',
  CorporateActionType: 'Corporate action type',
  InstrumentDescription: 'Instrument',
  AffectedAccounts: 'Affected accounts',
  EligibleHoldings: 'Eligible holdings',
};

/** Only the filters that are set, with text trimmed. */
export function cleanFilters(filters: InboxFilters): InboxFilters {
  const clean: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) clean[name] = [...value];
    } else if (typeof value === 'string') {
      if (value.trim() !== '') clean[name] = value.trim();
    } else {
      clean[name] = value;
    }
  }
  return clean as InboxFilters;
}

/** One page of the list for these filters and this sort. */
export function eventsQuery(
  filters: InboxFilters,
  sort: InboxSort,
  page: { top: number; skip: number },
): ArgOf<'corporateActions:events'> {
  const clean = cleanFilters(filters);
  // Keep `false` of the two switches out of the request: false is the service's default anyway.
  if (clean.IncludeLapsedEvents === false) delete clean.IncludeLapsedEvents;
  if (clean.IncludeSubAccounts === false) delete clean.IncludeSubAccounts;
  // A date the service cannot sort by is sorted here (logic/workQueue.ts); the service reads in its own date order.
  const serviceSort = isLocalSort(sort.column) ? DEFAULT_SORT : sort;
  return {
    ...clean,
    SortColumn: serviceSort.column,
    SortType: serviceSort.type,
    $top: page.top,
    $skip: page.skip,
  } as ArgOf<'corporateActions:events'>;
}
