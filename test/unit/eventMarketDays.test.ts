import { describe, expect, it } from 'vitest';
import { isTradingDay } from '../../main/simulator/calendar/businessDays';
import { MarketDays, marketRuleFor } from '../../main/simulator/data/corporateActions/markets';
import { keptIsoDay, wireDay, wireInstant } from '../../main/simulator/data/corporateActions/wire';

const DAY_MS = 86_400_000;
const utc = (text: string) => new Date(`${text}T00:00:00Z`);

/** The day-by-day arithmetic the kept calendar replaced, straight from the holiday rules. */
function slowAdd(exchangeId: string, date: Date, count: number): Date {
  const step = count >= 0 ? DAY_MS : -DAY_MS;
  let day = date;
  for (let left = Math.abs(count); left > 0;) {
    day = new Date(day.getTime() + step);
    if (isTradingDay(exchangeId, day)) left--;
  }
  return day;
}

describe('business days of an event market', () => {
  const days = new MarketDays(marketRuleFor('NYSE', 'US0378331005'));

  it('steps over weekends and holidays, keeping the time of day it was given', () => {
    // Thanksgiving 2026 is Thursday 26 November: Wednesday + 1 business day is Friday.
    expect(days.add(utc('2026-11-25'), 1)).toEqual(utc('2026-11-27'));
    expect(days.add(new Date('2026-11-25T15:30:00Z'), 1)).toEqual(new Date('2026-11-27T15:30:00Z'));
    expect(days.add(utc('2026-11-30'), -1)).toEqual(utc('2026-11-27'));
    expect(days.onOrAfter(utc('2026-11-26'))).toEqual(utc('2026-11-27'));
    expect(days.onOrBefore(utc('2026-11-29'))).toEqual(utc('2026-11-27'));
    const open = utc('2026-11-27');
    expect(days.onOrAfter(open)).toBe(open);
  });

  it('agrees with the holiday rules over years, inside and outside the days it keeps', () => {
    for (const start of ['2025-12-20', '2026-03-27', '1969-12-24', '2131-12-20']) {
      for (const count of [-15, -1, 0, 1, 7, 40]) {
        const expected = slowAdd('NYSE', utc(start), count);
        expect(days.add(utc(start), count), `${start} ${count}`).toEqual(expected);
      }
    }
  });
});

describe('wire texts of days and instants', () => {
  it('formats days and drops fractions of a second, before 1970 too', () => {
    expect(wireDay(new Date('2026-11-27T18:45:12.345Z'))).toBe('2026-11-27T00:00:00Z');
    expect(keptIsoDay(new Date('1969-07-20T20:17:00Z'))).toBe('1969-07-20');
    expect(wireInstant(new Date('2026-11-27T18:45:12.345Z'))).toBe('2026-11-27T18:45:12Z');
    expect(wireInstant(new Date('2026-11-27T18:45:12.999Z'))).toBe('2026-11-27T18:45:12Z');
  });

  it('gives the same text once its cache has started again', () => {
    for (let i = 0; i < 60_000; i++) wireInstant(new Date(Date.UTC(2026, 0, 1) + i * 1000));
    expect(wireInstant(new Date('2026-01-01T00:00:05Z'))).toBe('2026-01-01T00:00:05Z');
  });
});
