/**
 * The business days of a market: its time zone, the days of the week it never opens and its
 * holidays (from the service's exchanges list and holidays feed). Deadlines are counted in the
 * calendar of the event's market, never the analyst's: a New York deadline on a Danish
 * holiday is still a business day away.
 *
 * Days are numbered as days since 1970-01-01 (a calendar date, no zone): day arithmetic stays
 * integer and cheap, and the inbox counts thousands of deadlines on every change of the day.
 */

const DAY_MS = 86_400_000;

/** ISO weekdays, as luxon numbers them: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface MarketCalendar {
  /** The exchange whose calendar this is; absent when the event's market is not known. */
  exchangeId?: string;
  /** What the screen calls the market, e.g. `New York Stock Exchange`. */
  name: string;
  /** IANA zone of the market's local times, e.g. `America/New_York`. */
  zone: string;
  /** ISO weekdays the market never opens (Saturday and Sunday; Friday and Saturday in Riyadh). */
  weekend: readonly IsoWeekday[];
  /** Day numbers of holidays on days the market would otherwise open, ascending. */
  holidayDays: readonly number[];
  /** The days whose holidays are known (day numbers, both included); outside them only weekends count. */
  holidaysKnown?: { from: number; to: number } | undefined;
}

/** Day number of a `yyyy-mm-dd` date; NaN when it is not one. */
export function dayNumber(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS : Number.NaN;
}

/** `yyyy-mm-dd` of a day number. */
export function isoDateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The ISO weekday of a day number (day 0, 1970-01-01, was a Thursday). */
export function weekdayOfDay(day: number): IsoWeekday {
  return (((((day + 3) % 7) + 7) % 7) + 1) as IsoWeekday;
}

/**
 * A calendar from what the service tells: the zone, the weekend by name (`Saturday`), the
 * holidays as `yyyy-mm-dd` (those on weekend days are dropped: the day is closed anyway) and
 * the days they cover.
 */
export function marketCalendar(input: {
  exchangeId?: string | undefined;
  name: string;
  zone: string;
  weekendDays: readonly string[];
  holidays: readonly string[];
  holidaysKnown?: { from: string; to: string } | undefined;
}): MarketCalendar {
  const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const weekend = input.weekendDays
    .map((day) => (names.indexOf(day) + 1) as IsoWeekday)
    .filter((weekday) => weekday >= 1);
  const holidayDays = [
    ...new Set(
      input.holidays
        .map(dayNumber)
        .filter((day) => !Number.isNaN(day) && !weekend.includes(weekdayOfDay(day))),
    ),
  ].sort((a, b) => a - b);
  return {
    ...(input.exchangeId !== undefined ? { exchangeId: input.exchangeId } : {}),
    name: input.name,
    zone: input.zone,
    weekend,
    holidayDays,
    ...(input.holidaysKnown
      ? {
          holidaysKnown: { from: dayNumber(input.holidaysKnown.from), to: dayNumber(input.holidaysKnown.to) },
        }
      : {}),
  };
}

/**
 * The calendar used while an event's market is not known: Monday to Friday in UTC, no holidays.
 * A holiday then counts as a business day, so a countdown errs towards urgency, never comfort.
 */
export const UNKNOWN_MARKET: MarketCalendar = {
  name: 'market not known (weekdays in UTC)',
  zone: 'UTC',
  weekend: [6, 7],
  holidayDays: [],
};

/** True when the market opens on day number `day`. */
export function isBusinessDay(calendar: MarketCalendar, day: number): boolean {
  return !calendar.weekend.includes(weekdayOfDay(day)) && !isHoliday(calendar, day);
}

function isHoliday(calendar: MarketCalendar, day: number): boolean {
  return calendar.holidayDays[firstIndexAtOrAfter(calendar.holidayDays, day)] === day;
}

/** The index of the first entry of ascending `days` at or after `day` (binary search). */
function firstIndexAtOrAfter(days: readonly number[], day: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (days[middle]! < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The business days `d` with `from <= d < to` (day numbers; 0 when `to <= from`): whole weeks at
 * once, the few days left one by one, less the holidays in the range. Holidays are kept off
 * weekend days when the calendar is made, so none is taken off twice.
 */
export function businessDaysFrom(calendar: MarketCalendar, from: number, to: number): number {
  if (to <= from) return 0;
  const span = to - from;
  const weeks = Math.floor(span / 7);
  let count = weeks * (7 - calendar.weekend.length);
  for (let day = from + weeks * 7; day < to; day++)
    if (!calendar.weekend.includes(weekdayOfDay(day))) count++;
  const holidays =
    firstIndexAtOrAfter(calendar.holidayDays, to) - firstIndexAtOrAfter(calendar.holidayDays, from);
  return count - holidays;
}
