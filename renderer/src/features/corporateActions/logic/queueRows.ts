/**
 * The rows of the inbox when it holds every matching event: those kept by the work queue's
 * filters, sorted, and for the work to do the overdue ones first as a group of their own.
 */
import type { InboxViewDefinition, WorkQueuePlace } from '../../../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../../../contract/wire/types';
import type { DeadlineClock } from './deadlines';
import type { QueuePlacing } from './queue';
import { isLocalSort, sortLocally } from './workQueue';

export interface QueueRows {
  rows: CorporateActionEvent[];
  /** How many of the first rows form the overdue group (work to do only; undefined otherwise). */
  overdue?: number | undefined;
}

/** True when the event's deadline has passed (its group in the work to do). */
function isOverdue(placing: QueuePlacing | undefined): boolean {
  return placing?.deadline?.standing.kind === 'passed';
}

export function queueRows(input: {
  matching: readonly CorporateActionEvent[];
  kept: ReadonlySet<string>;
  placings: ReadonlyMap<string, QueuePlacing>;
  sort: InboxViewDefinition['sort'];
  clock: DeadlineClock;
  place: WorkQueuePlace | undefined;
}): QueueRows {
  const kept = input.matching.filter((event) => input.kept.has(event.EventId));
  const sorted = isLocalSort(input.sort.column)
    ? sortLocally(kept, input.sort.column, input.sort.type, input.clock)
    : kept;
  if (input.place !== 'toDo') return { rows: sorted };
  const overdue = sorted.filter((event) => isOverdue(input.placings.get(event.EventId)));
  const upcoming = sorted.filter((event) => !isOverdue(input.placings.get(event.EventId)));
  return { rows: [...overdue, ...upcoming], overdue: overdue.length };
}
