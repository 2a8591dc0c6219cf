/**
 * Which event slots a day's universe shows and which it keeps ready, as functions of the day
 * alone, and the days on which an event can change: what lets a roll find the few events that
 * move overnight instead of building every event again.
 *
 * A day shows the events of the slots of its years (from the year of 570 days back to the year
 * of 200 days ahead) that were announced before it and ended at most 540 days before it. The
 * slots of the year after are registered ahead, a growing share of the instruments each day
 * over the year before that year's slots can show, so no start has to register a whole year.
 */
import type { EventDraft } from './draft';

const DAY_MS = 86_400_000;
/** Past events are kept for about eighteen months. */
export const HISTORY_DAYS = 540;
/** Slots are drawn far enough ahead for long offers and scheduled coupons. */
export const FUTURE_DAYS = 200;
/** Slots of a year are drawn from this many days before the oldest event kept. */
const YEAR_MARGIN_DAYS = 30;

function yearOf(time: number): number {
  return new Date(time).getUTCFullYear();
}

function januaryFirst(year: number): number {
  return Date.UTC(year, 0, 1);
}

/** The years whose slots the universe of `asOf` may show. */
export function shownYears(asOf: Date): { from: number; to: number } {
  return {
    from: yearOf(asOf.getTime() - (HISTORY_DAYS + YEAR_MARGIN_DAYS) * DAY_MS),
    to: yearOf(asOf.getTime() + FUTURE_DAYS * DAY_MS),
  };
}

/**
 * The years whose slots are registered for an instrument (its `bucket` in [0, 1) fixes when in
 * the year its next year is registered): the shown years, and the year after them once the
 * share of the year gone by passes the bucket.
 */
export function coveredYears(asOf: Date, bucket: number): { from: number; to: number } {
  const { from, to } = shownYears(asOf);
  // The first day the year after `to` is shown, and the year of days before it.
  const shownFrom = januaryFirst(to + 1) - FUTURE_DAYS * DAY_MS;
  const share = (asOf.getTime() - (shownFrom - 365 * DAY_MS) + DAY_MS) / (365 * DAY_MS);
  return { from, to: bucket < share ? to + 1 : to };
}

/**
 * The days (numbers) on which the event of a slot of `year` with this draft shows: from `start`
 * up to, not including, `end` (empty when start >= end). A day shows it when its years include
 * `year`, it comes after the announcement, and the event ended at most 540 days before it.
 */
export function shownDays(year: number, draft: EventDraft): { start: number; end: number } {
  const dayOf = (time: number) => time / DAY_MS;
  return {
    start: Math.max(
      // The first day whose far year (today + 200 days) reaches `year`.
      Math.ceil(dayOf(januaryFirst(year) - FUTURE_DAYS * DAY_MS)),
      Math.floor(dayOf(draft.announced.getTime())) + 1,
    ),
    end: Math.min(
      // The first day whose near year (today - 570 days) is past `year`.
      Math.ceil(dayOf(januaryFirst(year + 1) + (HISTORY_DAYS + YEAR_MARGIN_DAYS) * DAY_MS)),
      Math.floor(dayOf(draft.final.getTime()) + HISTORY_DAYS) + 1,
    ),
  };
}

/** Whether the event of a slot of `year` with this draft shows on `asOf`. */
export function isShown(year: number, draft: EventDraft, asOf: Date): boolean {
  const { start, end } = shownDays(year, draft);
  const today = dayNumberOf(asOf);
  return today >= start && today < end;
}

/**
 * The day numbers on which something compared with these instants can differ from the day
 * before: for an instant t, `t <= day` turns on the day of ceil(t), `t < day` the day after
 * floor(t) (the same day unless t is a midnight).
 */
export function changeDays(instants: readonly Date[]): number[] {
  const days = new Set<number>();
  for (const instant of instants) {
    const day = instant.getTime() / DAY_MS;
    days.add(Math.ceil(day));
    days.add(Math.floor(day) + 1);
  }
  return [...days].sort((a, b) => a - b);
}

/** The first change day after `asOf` and the last on or before it (null when there is none). */
export function changesAround(
  days: readonly number[],
  asOf: Date,
): { next: number | null; previous: number | null } {
  const today = Math.round(asOf.getTime() / DAY_MS);
  let next: number | null = null;
  let previous: number | null = null;
  for (const day of days) {
    if (day > today) {
      next = day;
      break;
    }
    previous = day;
  }
  return { next, previous };
}

/** The day number of a UTC day. */
export function dayNumberOf(asOf: Date): number {
  return Math.round(asOf.getTime() / DAY_MS);
}
