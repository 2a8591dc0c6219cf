/**
 * Calendar dates of the wire ("Date" fields carry `yyyy-mm-ddT00:00:00Z`), handled as UTC
 * calendar days so that a user's own time zone never shifts an expiry by a day.
 */
import { DateTime } from 'luxon';

/** The calendar day of a wire date or date-time, as a UTC DateTime at midnight; undefined if unreadable. */
export function calendarDay(value: string): DateTime | undefined {
  const parsed = DateTime.fromISO(value.length === 10 ? `${value}T00:00:00Z` : value, { zone: 'utc' });
  return parsed.isValid ? parsed.startOf('day') : undefined;
}

/** `yyyy-mm-dd` of a wire date (the first ten characters when they form a date). */
export function isoDay(value: string): string {
  return calendarDay(value)?.toISODate() ?? value.slice(0, 10);
}

/** Today's calendar day in UTC (injectable `now` for tests and long-running sessions). */
export function today(now: Date = new Date()): DateTime {
  return DateTime.fromJSDate(now, { zone: 'utc' }).startOf('day');
}

/** Whole days from `from` to the calendar day of `value` (negative once it has passed). */
export function daysUntil(value: string, from: DateTime = today()): number | undefined {
  const day = calendarDay(value);
  return day ? Math.round(day.diff(from.startOf('day'), 'days').days) : undefined;
}

/** A short human date, e.g. `Fri 20 Mar 2026`. */
export function formatDay(value: string): string {
  const day = calendarDay(value);
  return day ? day.toFormat('ccc d LLL yyyy') : value;
}
