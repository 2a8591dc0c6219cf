/**
 * Holidays that follow the Chinese lunisolar calendar (Lunar New Year, Buddha's Birthday,
 * Tuen Ng, Mid-Autumn...), the Islamic calendar (Eid al-Fitr, Eid al-Adha) or the sun
 * (equinoxes, Ching Ming). The lunar calendars come from ICU through `Intl` (the
 * `chinese` and `islamic-umalqura` calendars Node ships), not from hand-made date lists.
 */
import { addDays, calendarDate } from './dates';

interface LunarDay {
  month: number;
  day: number;
  /** A Chinese leap month ("6bis"): holidays never fall in one. */
  leap: boolean;
}

const chineseFormat = new Intl.DateTimeFormat('en-u-ca-chinese', {
  timeZone: 'UTC',
  month: 'numeric',
  day: 'numeric',
});
const hijriFormat = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
  timeZone: 'UTC',
  month: 'numeric',
  day: 'numeric',
});

function lunarDayOf(format: Intl.DateTimeFormat, date: Date): LunarDay {
  const parts = format.formatToParts(date);
  const month = parts.find((part) => part.type === 'month')?.value ?? '';
  const day = parts.find((part) => part.type === 'day')?.value ?? '';
  return { month: Number.parseInt(month, 10), day: Number.parseInt(day, 10), leap: month.endsWith('bis') };
}

/** A lunar month: the Gregorian date of its first day, its number and length (29 or 30 days). */
interface LunarMonth {
  start: Date;
  month: number;
  leap: boolean;
  days: number;
}

/**
 * The lunar months that overlap a Gregorian year, computed once per calendar and year. ICU is
 * asked about two days per month (its first day and the 30th day after it) rather than about
 * every day of the year: 28 formatToParts calls instead of 365 on a process's first request.
 */
const yearMonths = new Map<string, LunarMonth[]>();

function lunarMonths(calendar: 'chinese' | 'hijri', year: number): LunarMonth[] {
  const key = `${calendar}-${year}`;
  let months = yearMonths.get(key);
  if (!months) {
    months = [];
    const format = calendar === 'chinese' ? chineseFormat : hijriFormat;
    const first = calendarDate(year, 1, 1);
    let start = addDays(first, 1 - lunarDayOf(format, first).day);
    let lunar = lunarDayOf(format, start);
    while (start.getUTCFullYear() <= year) {
      const dayThirty = lunarDayOf(format, addDays(start, 29));
      const days = dayThirty.day === 1 ? 29 : 30;
      months.push({ start, month: lunar.month, leap: lunar.leap, days });
      start = addDays(start, days);
      lunar = days === 29 ? dayThirty : lunarDayOf(format, start);
    }
    yearMonths.set(key, months);
  }
  return months;
}

function datesMatching(
  calendar: 'chinese' | 'hijri',
  year: number,
  match: (day: LunarDay) => boolean,
): Date[] {
  const found: Date[] = [];
  for (const month of lunarMonths(calendar, year)) {
    if (month.leap) continue;
    for (let day = 1; day <= month.days; day++) {
      const date = addDays(month.start, day - 1);
      if (date.getUTCFullYear() === year && match({ month: month.month, day, leap: false })) found.push(date);
    }
  }
  return found;
}

/**
 * Gregorian dates in `year` of a Chinese lunar month and day (1/1 is Lunar New Year). Usually
 * one date; none or two for months that straddle the turn of the Gregorian year.
 */
export function chineseDates(year: number, month: number, day: number): Date[] {
  return datesMatching('chinese', year, (lunar) => lunar.month === month && lunar.day === day);
}

/**
 * The first date on or after `from` (within 31 days) that is a given day of a Chinese lunar
 * month, whatever the month: day 1 is the new moon, day 15 about the full moon. Used for
 * Hindu festivals set by the moon (Holi: full moon from late February; Diwali: the eve of the
 * new moon from mid-October), which ICU has no calendar for; close but not exact (approx.).
 */
export function chineseDayOnOrAfter(from: Date, day: number): Date | undefined {
  for (let offset = 0; offset < 31; offset++) {
    const date = addDays(from, offset);
    if (lunarDayOf(chineseFormat, date).day === day) return date;
  }
  return undefined;
}

/** Gregorian dates in `year` of an Islamic (Umm al-Qura) month and day; 0, 1 or 2 dates. */
export function hijriDates(year: number, month: number, day: number): Date[] {
  return datesMatching('hijri', year, (lunar) => lunar.month === month && lunar.day === day);
}

/**
 * The March (vernal) or September (autumnal) equinox day in Japan, by the formula of the
 * National Astronomical Observatory of Japan, valid 1980–2099.
 */
export function japaneseEquinox(year: number, season: 'vernal' | 'autumnal'): Date {
  const base = season === 'vernal' ? 20.8431 : 23.2488;
  const years = year - 1980;
  const day = Math.floor(base + 0.242194 * years - Math.floor(years / 4));
  return calendarDate(year, season === 'vernal' ? 3 : 9, day);
}

/** Ching Ming (Qingming), the solar term about 4–5 April, by the usual 21st-century formula. */
export function qingming(year: number): Date {
  const yearOfCentury = year % 100;
  return calendarDate(year, 4, Math.floor(yearOfCentury * 0.2422 + 4.81) - Math.floor(yearOfCentury / 4));
}
