/**
 * Calendar dates as `Date` values at 00:00:00Z (the wire's Date convention), with the little
 * arithmetic the holiday rules need. A calendar date has no zone: 2026-04-03 is Good Friday
 * wherever the exchange is, so plain UTC fields are the right representation.
 */

export const DAY_MS = 86_400_000;

/** Weekday numbers as `Date.getUTCDay()` returns them. */
export const SUNDAY = 0;
export const MONDAY = 1;
export const THURSDAY = 4;
export const FRIDAY = 5;
export const SATURDAY = 6;

/** 00:00:00Z of the given year, month (1–12) and day; overflowing days roll over. */
export function calendarDate(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

/** The UTC calendar date of any instant, at 00:00:00Z. */
export function dateOnly(instant: Date): Date {
  return calendarDate(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
}

/** The date `days` later (earlier when negative). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** `yyyy-mm-dd`, the key the calendars index dates by. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 0 (Sunday) to 6 (Saturday). */
export function weekdayOf(date: Date): number {
  return date.getUTCDay();
}

/**
 * The `nth` given weekday of a month (1 = first); a negative `nth` counts from the end
 * (-1 = last Monday of May).
 */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): Date {
  if (nth > 0) {
    const first = calendarDate(year, month, 1);
    const shift = (weekday - weekdayOf(first) + 7) % 7;
    return addDays(first, shift + (nth - 1) * 7);
  }
  const last = calendarDate(year, month + 1, 0);
  const shift = (weekdayOf(last) - weekday + 7) % 7;
  return addDays(last, -shift + (nth + 1) * 7);
}

/** The first given weekday on or after a date (Victoria Day: Monday on or after 05-18). */
export function weekdayOnOrAfter(date: Date, weekday: number): Date {
  return addDays(date, (weekday - weekdayOf(date) + 7) % 7);
}
