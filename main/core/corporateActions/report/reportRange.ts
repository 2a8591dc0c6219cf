/**
 * The instants a report's days cover: from the start of its first day to the start of the day
 * after its last, both counted in the report's time zone (the analyst's), so a review made at
 * 23:30 UTC on Monday counts on Tuesday in Copenhagen.
 */
import { DateTime } from 'luxon';

/** Half-open range of instants, milliseconds since the epoch: `start <= at < end`. */
export interface ReportWindow {
  start: number;
  end: number;
}

/** The window of the days `from`..`to` (`yyyy-mm-dd`, both included) in `zone`. */
export function reportWindow(from: string, to: string, zone: string): ReportWindow {
  const start = DateTime.fromISO(from, { zone }).startOf('day');
  const end = DateTime.fromISO(to, { zone }).startOf('day').plus({ days: 1 });
  return { start: start.toMillis(), end: end.toMillis() };
}

/** True when the ISO instant `at` lies in `window`. */
export function inWindow(at: string | number, window: ReportWindow): boolean {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return ms >= window.start && ms < window.end;
}
