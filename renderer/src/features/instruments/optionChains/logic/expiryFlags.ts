/**
 * The kind of an option expiry (the API carries no such flag). An entry whose DisplayExpiry is
 * the first of a month while it expires on another day is the standard expiry of that month, as
 * the platform names it: quarterly when it falls on the third Friday of March, June, September
 * or December, else monthly — so VIX-style monthlies (a Wednesday) read monthly. Without that
 * sign the date decides: quarterly and monthly expiries fall on the third Friday, end-of-month
 * on the month's last weekday, and every other date is a weekly. A quarterly expiry is also its
 * month's monthly (the standard expiry of March is March's monthly): whoever asks for monthlies
 * gets the quarter months' too (`isOfKind`).
 */
import type { DateTime } from 'luxon';
import { calendarDay } from '../../../../shared/dates';

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

/** True when `displayExpiry` names a month (its first day) for an expiry on another day. */
export function isStandardByDisplay(expiry: DateTime, displayExpiry: string | undefined): boolean {
  const display = displayExpiry ? calendarDay(displayExpiry) : undefined;
  return display !== undefined && display.day === 1 && !display.hasSame(expiry, 'day');
}

/** True when `day` is its month's third Friday, or the Thursday before it when that Friday is not listed. */
function isThirdFridayExpiry(day: DateTime, siblings: readonly string[]): boolean {
  const standard = thirdFriday(day);
  if (day.hasSame(standard, 'day')) return true;
  if (!day.hasSame(standard.minus({ days: 1 }), 'day') || siblings.length === 0) return false;
  return !siblings.some((sibling) => calendarDay(sibling)?.hasSame(standard, 'day'));
}

/**
 * Classifies one expiry. `siblings` (the root's other expiries, as wire dates) lets a Thursday
 * count as the monthly when the third Friday is an exchange holiday (Good Friday) and the
 * space has no expiry on that Friday; `displayExpiry` is the entry's DisplayExpiry.
 */
export function expiryKind(
  expiry: string,
  siblings: readonly string[] = [],
  displayExpiry?: string,
): ExpiryKind {
  const day = calendarDay(expiry);
  if (!day) return 'weekly';
  const onStandardDate = isThirdFridayExpiry(day, siblings);
  const quarterly = QUARTER_MONTHS.has(day.month) && onStandardDate;
  if (isStandardByDisplay(day, displayExpiry)) return quarterly ? 'quarterly' : 'monthly';
  if (onStandardDate) return QUARTER_MONTHS.has(day.month) ? 'quarterly' : 'monthly';
  if (day.hasSame(lastWeekdayOfMonth(day), 'day')) return 'end-of-month';
  return 'weekly';
}

/**
 * True when an expiry of kind `kind` belongs to the kind `wanted` a trader filters by: each kind
 * is itself, and a quarterly is also a monthly (the third Friday of December is December's
 * monthly), so the Monthlies filter never skips the quarter months.
 */
export function isOfKind(kind: ExpiryKind, wanted: ExpiryKind): boolean {
  return kind === wanted || (wanted === 'monthly' && kind === 'quarterly');
}

/** Every kind, in the order the chain's filter offers them. */
export const expiryKinds: readonly ExpiryKind[] = ['weekly', 'monthly', 'quarterly', 'end-of-month'];
