/**
 * The vocabulary of exchange calendars: rules that put a holiday or an early close on a date
 * of any year (fixed date, nth weekday, Easter offset, lunar date...), how a holiday that falls
 * on a weekend is observed, and the evaluation of a calendar into the closures of one year.
 */
import { addDays, calendarDate, isoDay, nthWeekdayOfMonth, weekdayOf, weekdayOnOrAfter } from './dates';
import { easterSunday } from './easter';
import { chineseDates, chineseDayOnOrAfter, hijriDates, japaneseEquinox, qingming } from './lunisolar';

export type DateRule =
  | { kind: 'fixed'; month: number; day: number }
  | { kind: 'nthWeekday'; month: number; weekday: number; nth: number }
  | { kind: 'weekdayOnOrAfter'; month: number; day: number; weekday: number }
  | { kind: 'easter'; offset: number }
  | { kind: 'chinese'; month: number; day: number }
  | { kind: 'moonDayOnOrAfter'; month: number; day: number; lunarDay: number }
  | { kind: 'hijri'; month: number; day: number }
  | { kind: 'equinox'; season: 'vernal' | 'autumnal' }
  | { kind: 'qingming' };

/**
 * How a holiday falling on a weekend day is made up for:
 * - `none`: not at all;
 * - `sunday`: a Sunday holiday moves to the next weekday that is not already a holiday;
 * - `weekend`: a Saturday or Sunday holiday moves to the next free weekday (UK, Canada, Australia);
 * - `nearest`: Saturday to the Friday before, Sunday to the Monday after (US).
 */
export type Observance = 'none' | 'sunday' | 'weekend' | 'nearest';

export interface HolidayRule {
  name: string;
  on: DateRule;
  /** Days added to the rule's date (the eve of Lunar New Year is -1). */
  offset?: number;
  /** Consecutive days closed from that date (default 1). */
  days?: number;
  observe?: Observance;
}

export interface EarlyCloseRule {
  name: string;
  on: DateRule;
  offset?: number;
  /** Local time regular trading ends, `HH:MM`. */
  close: string;
}

export interface ExchangeCalendar {
  /** Weekdays (0 Sunday … 6 Saturday) the exchange never trades. */
  weekend: readonly number[];
  holidays: readonly HolidayRule[];
  earlyCloses?: readonly EarlyCloseRule[];
}

/** What one year of a calendar closes: holidays by `yyyy-mm-dd`, early closes by date. */
export interface YearClosures {
  holidays: Map<string, string>;
  earlyCloses: Map<string, { name: string; close: string }>;
}

export const fixed = (month: number, day: number): DateRule => ({ kind: 'fixed', month, day });
export const nthWeekday = (month: number, weekday: number, nth: number): DateRule => ({
  kind: 'nthWeekday',
  month,
  weekday,
  nth,
});
export const weekdayFrom = (month: number, day: number, weekday: number): DateRule => ({
  kind: 'weekdayOnOrAfter',
  month,
  day,
  weekday,
});
export const easter = (offset: number): DateRule => ({ kind: 'easter', offset });
export const chinese = (month: number, day: number): DateRule => ({ kind: 'chinese', month, day });
export const moonDayFrom = (month: number, day: number, lunarDay: number): DateRule => ({
  kind: 'moonDayOnOrAfter',
  month,
  day,
  lunarDay,
});
export const hijri = (month: number, day: number): DateRule => ({ kind: 'hijri', month, day });
export const equinox = (season: 'vernal' | 'autumnal'): DateRule => ({ kind: 'equinox', season });
export const QINGMING: DateRule = { kind: 'qingming' };

/** The dates a rule gives in one Gregorian year (lunar rules may give none or two). */
export function datesOf(rule: DateRule, year: number): Date[] {
  switch (rule.kind) {
    case 'fixed':
      return [calendarDate(year, rule.month, rule.day)];
    case 'nthWeekday':
      return [nthWeekdayOfMonth(year, rule.month, rule.weekday, rule.nth)];
    case 'weekdayOnOrAfter':
      return [weekdayOnOrAfter(calendarDate(year, rule.month, rule.day), rule.weekday)];
    case 'easter':
      return [addDays(easterSunday(year), rule.offset)];
    case 'chinese':
      return chineseDates(year, rule.month, rule.day);
    case 'moonDayOnOrAfter': {
      const date = chineseDayOnOrAfter(calendarDate(year, rule.month, rule.day), rule.lunarDay);
      return date ? [date] : [];
    }
    case 'hijri':
      return hijriDates(year, rule.month, rule.day);
    case 'equinox':
      return [japaneseEquinox(year, rule.season)];
    case 'qingming':
      return [qingming(year)];
  }
}

function nextFreeWeekday(from: Date, taken: Map<string, string>, weekend: readonly number[]): Date {
  let date = addDays(from, 1);
  while (weekend.includes(weekdayOf(date)) || taken.has(isoDay(date))) date = addDays(date, 1);
  return date;
}

/**
 * Closures of one Gregorian year of a calendar. Holidays on working days are placed first, so
 * a weekend holiday's substitute skips days that are holidays in their own right (UK: Christmas
 * on Saturday and Boxing Day on Sunday close Monday and Tuesday).
 */
export function closuresOfYear(calendar: ExchangeCalendar, year: number): YearClosures {
  const holidays = new Map<string, string>();
  const onWeekend: { date: Date; name: string; observe: Observance }[] = [];
  for (const rule of calendar.holidays) {
    for (const base of datesOf(rule.on, year)) {
      for (let index = 0; index < (rule.days ?? 1); index++) {
        const date = addDays(base, (rule.offset ?? 0) + index);
        if (calendar.weekend.includes(weekdayOf(date)))
          onWeekend.push({ date, name: rule.name, observe: rule.observe ?? 'none' });
        else if (!holidays.has(isoDay(date))) holidays.set(isoDay(date), rule.name);
      }
    }
  }
  for (const { date, name, observe } of onWeekend) {
    const weekday = weekdayOf(date);
    if (observe === 'nearest' && weekday === 6) holidays.set(isoDay(addDays(date, -1)), `${name} (observed)`);
    else if (observe === 'weekend' || ((observe === 'sunday' || observe === 'nearest') && weekday === 0)) {
      holidays.set(isoDay(nextFreeWeekday(date, holidays, calendar.weekend)), `${name} (observed)`);
    }
  }
  const earlyCloses = new Map<string, { name: string; close: string }>();
  for (const rule of calendar.earlyCloses ?? []) {
    for (const base of datesOf(rule.on, year)) {
      const date = addDays(base, rule.offset ?? 0);
      earlyCloses.set(isoDay(date), { name: rule.name, close: rule.close });
    }
  }
  return { holidays, earlyCloses };
}
