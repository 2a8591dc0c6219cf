/**
 * Business-day countdowns to corporate action deadlines. Business days are Monday to Friday in
 * UTC calendar days: the renderer does not know each market's holidays, so a holiday counts as
 * a business day (the countdown errs on the side of urgency, never of comfort).
 */

const DAY_MS = 86_400_000;

/** Days since the epoch of a `yyyy-mm-dd` (or ISO date-time) calendar day in UTC; undefined if unreadable. */
function epochDay(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? undefined : Math.round(time / DAY_MS);
}

/** True for Monday to Friday (the epoch, day 0, was a Thursday). */
function isWeekday(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
  return weekday !== 0 && weekday !== 6;
}

/**
 * Business days from `from` to `to` (calendar days, `yyyy-mm-dd` or ISO date-times): the
 * weekdays after `from` up to and including `to`; 0 on the same day; negative once `to` has
 * passed. Undefined when either date is unreadable.
 */
export function businessDaysBetween(from: string, to: string): number | undefined {
  const start = epochDay(from);
  const end = epochDay(to);
  if (start === undefined || end === undefined) return undefined;
  const [low, high, sign] = end >= start ? [start, end, 1] : [end, start, -1];
  const span = high - low;
  const fullWeeks = Math.floor(span / 7);
  let count = fullWeeks * 5;
  for (let day = low + fullWeeks * 7 + 1; day <= high; day += 1) if (isWeekday(day)) count += 1;
  return sign * count;
}

/** How urgent a deadline is: highlighted at 5 business days and again at 1. */
export type DeadlineUrgency = 'passed' | 'critical' | 'warning' | 'normal';

/** The urgency of a deadline `businessDays` away (negative: passed). */
export function deadlineUrgency(businessDays: number): DeadlineUrgency {
  if (businessDays < 0) return 'passed';
  if (businessDays <= 1) return 'critical';
  if (businessDays <= 5) return 'warning';
  return 'normal';
}

/** The countdown in words, e.g. "Today", "1 business day", "Passed 3 business days ago". */
export function countdownText(businessDays: number, sameDay = businessDays === 0): string {
  if (businessDays < 0) {
    const ago = -businessDays;
    return `Passed ${ago} business day${ago === 1 ? '' : 's'} ago`;
  }
  if (businessDays === 0 && sameDay) return 'Today';
  return `${businessDays} business day${businessDays === 1 ? '' : 's'}`;
}
