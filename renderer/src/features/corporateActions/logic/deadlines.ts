/**
 * Response deadlines as instants: where they stand for the analyst now ("passed 1 business day
 * ago", "today", "in 3 business days"), counted in the business days of the event's market from
 * the instant the service sends, never from a date string. A deadline the service gives as a
 * date only (`T00:00:00Z`, the wire's Date) runs to the end of that day in the market.
 *
 * Friday's 17:00 deadline read on Saturday morning passed one business day ago: the days counted
 * are the market's business days from the deadline's day up to, not including, the market's
 * today, and at least one once the deadline's day is over.
 */
import { DateTime } from 'luxon';
import type { CorporateActionEvent, DateAndStatus } from '../../../../../contract/wire/types';
import { businessDaysFrom, type MarketCalendar } from './marketCalendar';

/** Business days ahead within which an unreviewed deadline is escalated (marked, counted in the navigation). */
export const DUE_SOON_BUSINESS_DAYS = 2;

/** Where a deadline stands at an instant, in its market's business days. */
export type DeadlineStanding =
  /** Passed; 0 when it passed earlier on the market's today. */
  | { kind: 'passed'; businessDaysAgo: number }
  /** Still ahead, later on the market's today. */
  | { kind: 'today' }
  /** Ahead on a later day: the market's business days after today up to and including the deadline's day (0: it falls on closed days before the next business day). */
  | { kind: 'ahead'; businessDays: number };

/** A deadline of an event: the instant, whether the service gave a time of day, and the market it counts in. */
export interface EventDeadline {
  /** Milliseconds since the epoch. */
  at: number;
  /** False for a date-only deadline (it runs to the end of that day in the market). */
  hasTime: boolean;
  calendar: MarketCalendar;
  standing: DeadlineStanding;
}

/** What deadlines are read against: the instant now and each event's market calendar. */
export interface DeadlineClock {
  /** Milliseconds since the epoch: the service's now (the embedded simulator may simulate another day). */
  now: number;
  calendarOf: (event: CorporateActionEvent) => MarketCalendar;
}

/** The market's calendar day (day number) of an instant. */
export function marketDay(at: number, zone: string): number {
  const local = DateTime.fromMillis(at, { zone });
  return Date.UTC(local.year, local.month - 1, local.day) / 86_400_000;
}

/**
 * The instant of a wire deadline in `zone`: a date-time as sent; a date only (`T00:00:00Z` or
 * `yyyy-mm-dd`) as the end of that day in the market. Undefined when absent or unreadable.
 */
export function deadlineInstant(
  value: DateAndStatus | undefined,
  zone: string,
): { at: number; hasTime: boolean } | undefined {
  const text = value?.Date;
  if (!text) return undefined;
  const dateOnly = /^(\d{4}-\d{2}-\d{2})(T00:00:00(\.0+)?Z)?$/.exec(text);
  if (dateOnly) {
    const end = DateTime.fromISO(dateOnly[1]!, { zone }).endOf('day');
    return end.isValid ? { at: end.toMillis(), hasTime: false } : undefined;
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : { at, hasTime: true };
}

/** Where a deadline at `at` stands at `now` in `calendar`. */
export function deadlineStanding(at: number, now: number, calendar: MarketCalendar): DeadlineStanding {
  const deadlineDay = marketDay(at, calendar.zone);
  const today = marketDay(now, calendar.zone);
  if (at <= now) {
    if (deadlineDay >= today) return { kind: 'passed', businessDaysAgo: 0 };
    return { kind: 'passed', businessDaysAgo: Math.max(1, businessDaysFrom(calendar, deadlineDay, today)) };
  }
  if (deadlineDay <= today) return { kind: 'today' };
  return { kind: 'ahead', businessDays: businessDaysFrom(calendar, today + 1, deadlineDay + 1) };
}

/** Options whose deadlines no longer apply. */
const WITHDRAWN_OPTIONS = new Set(['Cancelled', 'Inactive']);

/**
 * The deadline that matters now: of the options' response deadlines (an option without one:
 * its market deadline), the first still ahead; once all have passed, the last one.
 */
export function relevantDeadline(
  event: CorporateActionEvent,
  clock: DeadlineClock,
): EventDeadline | undefined {
  const calendar = clock.calendarOf(event);
  const instants = (event.Options ?? [])
    .filter((option) => !WITHDRAWN_OPTIONS.has(option.OptionStatus ?? ''))
    .map((option) => deadlineInstant(option.Deadline ?? option.MarketDeadline, calendar.zone))
    .filter((deadline) => deadline !== undefined)
    .sort((a, b) => a.at - b.at);
  const chosen = instants.find((deadline) => deadline.at > clock.now) ?? instants.at(-1);
  return chosen && { ...chosen, calendar, standing: deadlineStanding(chosen.at, clock.now, calendar) };
}

/** True when the deadline is today or within `businessDays` business days ahead. */
export function isDueWithin(standing: DeadlineStanding, businessDays: number): boolean {
  return standing.kind === 'today' || (standing.kind === 'ahead' && standing.businessDays <= businessDays);
}

/** How urgent a deadline is: passed, critical (today or the next business day), warning (within 5), normal. */
export type DeadlineUrgency = 'passed' | 'critical' | 'warning' | 'normal';

export function deadlineUrgency(standing: DeadlineStanding): DeadlineUrgency {
  if (standing.kind === 'passed') return 'passed';
  if (isDueWithin(standing, 1)) return 'critical';
  if (isDueWithin(standing, 5)) return 'warning';
  return 'normal';
}

const plural = (count: number) => `${count} business day${count === 1 ? '' : 's'}`;

/** The standing in words: "Passed 1 business day ago", "Passed today", "Today", "In 3 business days". */
export function standingText(standing: DeadlineStanding): string {
  switch (standing.kind) {
    case 'passed':
      return standing.businessDaysAgo === 0
        ? 'Passed today'
        : `Passed ${plural(standing.businessDaysAgo)} ago`;
    case 'today':
      return 'Today';
    case 'ahead':
      return standing.businessDays === 0
        ? 'Before the next business day'
        : `In ${plural(standing.businessDays)}`;
  }
}
