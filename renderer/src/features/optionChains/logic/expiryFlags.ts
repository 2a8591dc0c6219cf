/**
 * The kind of an option expiry, derived from its date alone (the API carries no such flag):
 * quarterly and monthly expiries fall on the third Friday (quarterly in March, June, September
 * and December), end-of-month on the month's last weekday, and every other date is a weekly.
 */
import type { DateTime } from 'luxon';
import { calendarDay } from '../../../shared/dates';

export type ExpiryKind = 'quarterly' | 'monthly' | 'end-of-month' | 'weekly';

/** What each kind is called on screen. */
export const expiryKindLabels: Record<ExpiryKind, string> = {
  quarterly: 'Quarterly',
  monthly: 'Monthly',
  'end-of-month': 'End of month',
  weekly: 'Weekly',
};

const FRIDAY = 5;
const QUARTER_MONTHS = new Set([3, 6, 9, 12]);

/** The third Friday of the day's month. */
export function thirdFriday(day: DateTime): DateTime {
  const first = day.startOf('month');
  const toFriday = (FRIDAY - first.weekday + 7) % 7;
  return first.plus({ days: toFriday + 14 });
}

/** The last Monday-to-Friday day of the day's month. */
export function lastWeekdayOfMonth(day: DateTime): DateTime {
  let last = day.endOf('month').startOf('day');
  while (last.weekday > FRIDAY) last = last.minus({ days: 1 });
  return last;
}

/**
 * Classifies one expiry. `siblings` (the root's other expiries, as wire dates) lets a Thursday
 * count as the monthly when the third Friday is an exchange holiday (Good Friday) and the
 * space has no expiry on that Friday.
 */
export function expiryKind(expiry: string, siblings: readonly string[] = []): ExpiryKind {
  const day = calendarDay(expiry);
  if (!day) return 'weekly';
  const standard = thirdFriday(day);
  const monthlyKind: ExpiryKind = QUARTER_MONTHS.has(day.month) ? 'quarterly' : 'monthly';
  if (day.hasSame(standard, 'day')) return monthlyKind;
  const dayBefore = standard.minus({ days: 1 });
  if (day.hasSame(dayBefore, 'day') && siblings.length > 0) {
    const fridayListed = siblings.some((sibling) => calendarDay(sibling)?.hasSame(standard, 'day'));
    if (!fridayListed) return monthlyKind;
  }
  if (day.hasSame(lastWeekdayOfMonth(day), 'day')) return 'end-of-month';
  return 'weekly';
}
