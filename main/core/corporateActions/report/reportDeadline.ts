/**
 * The response deadline a report counts an event by, as an instant: of the options still
 * standing (not cancelled or inactive), their response deadline or else the market's; the first
 * still ahead of now, or once all have passed the last one (the queue's rule). A deadline the
 * platform gives as a date only runs to the end of that day in the report's time zone: the
 * report is read in the analyst's days, and main does not hold the markets' calendars.
 */
import { DateTime } from 'luxon';
import type { CorporateActionEvent } from '../../../../contract/wire/types';

const WITHDRAWN_OPTIONS = new Set(['Cancelled', 'Inactive']);

function instantOf(text: string | undefined, zone: string): number | undefined {
  if (!text) return undefined;
  const dateOnly = /^(\d{4}-\d{2}-\d{2})(T00:00:00(\.0+)?Z)?$/.exec(text);
  if (dateOnly) {
    const end = DateTime.fromISO(dateOnly[1]!, { zone }).endOf('day');
    return end.isValid ? end.toMillis() : undefined;
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}

/** The event's response deadline (ms since the epoch) at `now`, or undefined when it has none. */
export function responseDeadline(event: CorporateActionEvent, now: number, zone: string): number | undefined {
  const instants = (event.Options ?? [])
    .filter((option) => !WITHDRAWN_OPTIONS.has(option.OptionStatus ?? ''))
    .map((option) => instantOf((option.Deadline ?? option.MarketDeadline)?.Date, zone))
    .filter((at): at is number => at !== undefined)
    .sort((a, b) => a - b);
  return instants.find((at) => at > now) ?? instants.at(-1);
}
