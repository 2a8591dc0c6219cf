import { describe, expect, it } from 'vitest';
import { chineseDates, hijriDates } from '../../main/simulator/calendar/lunisolar';

/** Every day of `year` whose lunar month and day (not a leap month) match, asked of ICU day by day. */
function dayByDay(calendar: string, year: number, month: number, day: number): string[] {
  const format = new Intl.DateTimeFormat(`en-u-ca-${calendar}`, { timeZone: 'UTC', month: 'numeric', day: 'numeric' });
  const found: string[] = [];
  for (let date = new Date(Date.UTC(year, 0, 1)); date.getUTCFullYear() === year; date = new Date(date.getTime() + 86_400_000)) {
    const parts = format.formatToParts(date);
    const lunarMonth = parts.find((part) => part.type === 'month')?.value ?? '';
    const lunarDay = Number(parts.find((part) => part.type === 'day')?.value);
    if (!lunarMonth.endsWith('bis') && Number.parseInt(lunarMonth, 10) === month && lunarDay === day) found.push(date.toISOString());
  }
  return found;
}

describe('lunar holidays found from the months’ first days', () => {
  it('finds the same dates as asking ICU about every day of the year', () => {
    for (const year of [2025, 2026, 2027, 2028]) {
      for (const [month, day] of [[1, 1], [1, 15], [4, 8], [5, 5], [8, 15], [9, 9], [12, 30]] as const) {
        expect(chineseDates(year, month, day).map((date) => date.toISOString()), `chinese ${year}-${month}-${day}`).toEqual(dayByDay('chinese', year, month, day));
      }
      for (const [month, day] of [[1, 1], [9, 1], [10, 1], [12, 10], [12, 30]] as const) {
        expect(hijriDates(year, month, day).map((date) => date.toISOString()), `hijri ${year}-${month}-${day}`).toEqual(dayByDay('islamic-umalqura', year, month, day));
      }
    }
  });

  it('gives Lunar New Year 2026 on 17 February', () => {
    expect(chineseDates(2026, 1, 1).map((date) => date.toISOString().slice(0, 10))).toEqual(['2026-02-17']);
  });
});
