/**
 * The deadline arithmetic of the back office's queue: business days counted in the market of the
 * event from the instant the service sends, over weekends, the market's holidays and time zones,
 * checked against a plain day-by-day count (fast-check) and on the days an analyst meets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deadlineInstant,
  deadlineStanding,
  isDueWithin,
  relevantDeadline,
  standingText,
  type DeadlineStanding,
} from '../../renderer/src/features/corporateActions/logic/deadlines';
import { deadlineText } from '../../renderer/src/features/corporateActions/logic/deadlineText';
import {
  businessDaysFrom,
  dayNumber,
  isoDateOfDay,
  marketCalendar,
  type MarketCalendar,
} from '../../renderer/src/features/corporateActions/logic/marketCalendar';
import type { CorporateActionEvent } from '../../contract/wire/types';

const DAY_MS = 86_400_000;
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Copenhagen',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Asia/Riyadh',
];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** New York with 2026's Thanksgiving and Christmas, and London with its Christmas and Boxing Day. */
const newYork = marketCalendar({
  exchangeId: 'NYSE',
  name: 'New York Stock Exchange',
  zone: 'America/New_York',
  weekendDays: ['Saturday', 'Sunday'],
  holidays: ['2026-11-26', '2026-12-25'],
});
const sydney = marketCalendar({
  exchangeId: 'ASX',
  name: 'ASX',
  zone: 'Australia/Sydney',
  weekendDays: ['Saturday', 'Sunday'],
  holidays: [],
});

/** The plain count: every day from `from` up to, not including, `to`, looked at one by one. */
function plainBusinessDays(
  weekend: readonly string[],
  holidays: ReadonlySet<string>,
  from: number,
  to: number,
): number {
  let count = 0;
  for (let day = from; day < to; day++) {
    const date = new Date(day * DAY_MS);
    const name = WEEKDAY_NAMES[(date.getUTCDay() + 6) % 7]!;
    if (!weekend.includes(name) && !holidays.has(date.toISOString().slice(0, 10))) count++;
  }
  return count;
}

/** The market's calendar day of an instant, read with Intl (not luxon, which the product uses). */
function plainLocalDay(at: number, zone: string): number {
  const text = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return dayNumber(text);
}

/** The standing by the rule in words, over the plain count. */
function plainStanding(
  at: number,
  now: number,
  zone: string,
  weekend: readonly string[],
  holidays: ReadonlySet<string>,
): DeadlineStanding {
  const deadlineDay = plainLocalDay(at, zone);
  const today = plainLocalDay(now, zone);
  if (at <= now) {
    return {
      kind: 'passed',
      businessDaysAgo:
        deadlineDay >= today ? 0 : Math.max(1, plainBusinessDays(weekend, holidays, deadlineDay, today)),
    };
  }
  if (deadlineDay <= today) return { kind: 'today' };
  return { kind: 'ahead', businessDays: plainBusinessDays(weekend, holidays, today + 1, deadlineDay + 1) };
}

const FIRST_DAY = dayNumber('2024-01-01');
const LAST_DAY = dayNumber('2028-12-31');
const day = fc.integer({ min: FIRST_DAY, max: LAST_DAY });
const weekendArbitrary = fc.oneof(
  fc.constant(['Saturday', 'Sunday']),
  fc.constant(['Friday', 'Saturday']),
  fc.subarray(WEEKDAY_NAMES, { maxLength: 3 }),
);
const calendarArbitrary = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    weekend: weekendArbitrary,
    holidays: fc.uniqueArray(day.map(isoDateOfDay), { maxLength: 80 }),
  })
  .map(({ zone, weekend, holidays }) => ({
    weekend,
    holidays: new Set(holidays),
    calendar: marketCalendar({ name: 'Market', zone, weekendDays: weekend, holidays }),
  }));
const instant = fc.integer({ min: FIRST_DAY * DAY_MS, max: LAST_DAY * DAY_MS });

describe('business days in a market’s calendar', () => {
  it('counts as the plain day-by-day count does, over any weekend, holidays and range', () => {
    fc.assert(
      fc.property(
        calendarArbitrary,
        day,
        fc.integer({ min: 0, max: 1100 }),
        ({ calendar, weekend, holidays }, from, length) => {
          expect(businessDaysFrom(calendar, from, from + length)).toBe(
            plainBusinessDays(weekend, holidays, from, from + length),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes exactly one business day off for a holiday on a day the market would open', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 400 }), fc.nat(), (from, length, pick) => {
        const plain = marketCalendar({
          name: 'M',
          zone: 'UTC',
          weekendDays: ['Saturday', 'Sunday'],
          holidays: [],
        });
        const open = Array.from({ length }, (_, offset) => from + offset).filter(
          (candidate) => businessDaysFrom(plain, candidate, candidate + 1) === 1,
        );
        fc.pre(open.length > 0);
        const holiday = open[pick % open.length]!;
        const closed = marketCalendar({
          name: 'M',
          zone: 'UTC',
          weekendDays: ['Saturday', 'Sunday'],
          holidays: [isoDateOfDay(holiday)],
        });
        expect(businessDaysFrom(closed, from, from + length)).toBe(
          businessDaysFrom(plain, from, from + length) - 1,
        );
      }),
    );
  });
});

describe('where a deadline stands', () => {
  it('agrees with the rule in words over the plain count, in any market zone', () => {
    fc.assert(
      fc.property(calendarArbitrary, instant, instant, ({ calendar, weekend, holidays }, at, now) => {
        expect(deadlineStanding(at, now, calendar)).toEqual(
          plainStanding(at, now, calendar.zone, weekend, holidays),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('adds no business day over a weekend: Saturday, Sunday and early Monday read the same', () => {
    const saturdays = fc.integer({ min: 0, max: 250 }).map((week) => dayNumber('2025-01-04') + week * 7);
    fc.assert(
      fc.property(
        saturdays,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 23 }),
        (saturday, daysBefore, hour) => {
          const zone = newYork.zone;
          const local = (dayNo: number, h: number) =>
            Date.parse(`${isoDateOfDay(dayNo)}T${String(h).padStart(2, '0')}:00:00`) + offsetMs(zone, dayNo);
          const at = local(saturday - daysBefore, 17);
          const onSaturday = deadlineStanding(at, local(saturday, hour), newYork);
          expect(deadlineStanding(at, local(saturday + 1, hour), newYork)).toEqual(onSaturday);
          expect(deadlineStanding(at, local(saturday + 2, 0) + 30 * 60_000, newYork)).toEqual(onSaturday);
          expect(onSaturday.kind).toBe('passed');
        },
      ),
    );
  });

  it('reads Friday’s deadline on Saturday as passed 1 business day ago, wherever the analyst sits', () => {
    const friday = Date.parse('2026-11-27T22:00:00Z'); // 17:00 in New York
    for (const saturdayMorning of ['2026-11-28T06:00:00Z', '2026-11-28T13:30:00Z', '2026-11-29T04:59:00Z']) {
      const standing = deadlineStanding(friday, Date.parse(saturdayMorning), newYork);
      expect(standing).toEqual({ kind: 'passed', businessDaysAgo: 1 });
      expect(standingText(standing)).toBe('Passed 1 business day ago');
      expect(isDueWithin(standing, 5)).toBe(false);
    }
    // Still ahead on Friday afternoon in New York (evening in Copenhagen): today.
    expect(standingText(deadlineStanding(friday, Date.parse('2026-11-27T21:00:00Z'), newYork))).toBe('Today');
    expect(standingText(deadlineStanding(friday, Date.parse('2026-11-27T23:00:00Z'), newYork))).toBe(
      'Passed today',
    );
    // Tuesday: Friday and Monday are behind.
    expect(deadlineStanding(friday, Date.parse('2026-12-01T15:00:00Z'), newYork)).toEqual({
      kind: 'passed',
      businessDaysAgo: 2,
    });
  });

  it('skips the market’s holidays and counts in its own zone', () => {
    // Wednesday before Thanksgiving, read on Friday: Thursday was a holiday in New York.
    const wednesday = Date.parse('2026-11-25T22:00:00Z');
    expect(deadlineStanding(wednesday, Date.parse('2026-11-27T15:00:00Z'), newYork)).toEqual({
      kind: 'passed',
      businessDaysAgo: 1,
    });
    const london = marketCalendar({
      name: 'LSE',
      zone: 'Europe/London',
      weekendDays: ['Saturday', 'Sunday'],
      holidays: [],
    });
    expect(deadlineStanding(wednesday, Date.parse('2026-11-27T15:00:00Z'), london)).toEqual({
      kind: 'passed',
      businessDaysAgo: 2,
    });
    // A Monday 17:00 Sydney deadline is 06:00 UTC: on Sunday 22:00 UTC it is already Monday in Sydney.
    const mondaySydney = Date.parse('2026-11-30T06:00:00Z');
    expect(deadlineStanding(mondaySydney, Date.parse('2026-11-29T22:00:00Z'), sydney)).toEqual({
      kind: 'today',
    });
    expect(deadlineStanding(mondaySydney, Date.parse('2026-11-29T12:00:00Z'), sydney)).toEqual({
      kind: 'ahead',
      businessDays: 1,
    });
    // From Wednesday, the Monday after Thanksgiving: Friday and Monday in New York; Thursday too in London.
    expect(
      deadlineStanding(Date.parse('2026-11-30T22:00:00Z'), Date.parse('2026-11-25T15:00:00Z'), newYork),
    ).toEqual({ kind: 'ahead', businessDays: 2 });
    expect(
      deadlineStanding(Date.parse('2026-11-30T22:00:00Z'), Date.parse('2026-11-25T15:00:00Z'), london),
    ).toEqual({ kind: 'ahead', businessDays: 3 });
  });

  it('runs a date-only deadline to the end of its day in the market', () => {
    const dateOnly = deadlineInstant({ Date: '2026-11-27T00:00:00Z' }, newYork.zone)!;
    expect(dateOnly.hasTime).toBe(false);
    expect(new Date(dateOnly.at).toISOString()).toBe('2026-11-28T04:59:59.999Z');
    expect(deadlineStanding(dateOnly.at, Date.parse('2026-11-28T03:00:00Z'), newYork)).toEqual({
      kind: 'today',
    });
    expect(deadlineInstant({ Date: '2026-11-27T17:00:00Z' }, newYork.zone)).toEqual({
      at: Date.parse('2026-11-27T17:00:00Z'),
      hasTime: true,
    });
    expect(deadlineInstant({ Status: 'Ongoing' }, newYork.zone)).toBeUndefined();
  });
});

describe('an event’s deadline', () => {
  const event = (deadlines: (string | undefined)[], market?: string): CorporateActionEvent => ({
    EventId: 'e',
    Options: deadlines.map((deadline, index) => ({
      OptionId: String(index + 1),
      ...(deadline ? { Deadline: { Date: deadline } } : {}),
      ...(market ? { MarketDeadline: { Date: market } } : {}),
    })),
  });
  const clockAt = (now: string, calendar: MarketCalendar = newYork) => ({
    now: Date.parse(now),
    calendarOf: () => calendar,
  });

  it('is the first still ahead, else the last passed, a market deadline standing in for a missing one', () => {
    const two = event(['2026-11-27T22:00:00Z', '2026-12-02T22:00:00Z']);
    expect(relevantDeadline(two, clockAt('2026-11-28T09:00:00Z'))).toMatchObject({
      at: Date.parse('2026-12-02T22:00:00Z'),
      standing: { kind: 'ahead', businessDays: 3 },
    });
    expect(relevantDeadline(two, clockAt('2026-12-03T09:00:00Z'))?.standing).toEqual({
      kind: 'passed',
      businessDaysAgo: 1,
    });
    expect(
      relevantDeadline(event([undefined], '2026-12-01T22:00:00Z'), clockAt('2026-11-28T09:00:00Z'))?.standing,
    ).toEqual({ kind: 'ahead', businessDays: 2 });
    expect(relevantDeadline(event([]), clockAt('2026-11-28T09:00:00Z'))).toBeUndefined();
  });

  it('is shown in the market’s time and in the analyst’s', () => {
    const deadline = relevantDeadline(event(['2026-11-27T22:00:00Z']), clockAt('2026-11-28T09:00:00Z'))!;
    expect(deadlineText(deadline, 'Europe/Copenhagen')).toBe('2026-11-27 17:00 New York (23:00 your time)');
    expect(deadlineText(deadline, 'Asia/Tokyo')).toBe(
      '2026-11-27 17:00 New York (Sat 28 Nov 07:00 your time)',
    );
    expect(deadlineText(deadline, 'America/Toronto')).toBe('2026-11-27 17:00 New York');
    const dateOnly = relevantDeadline(event(['2026-11-27T00:00:00Z']), clockAt('2026-11-28T09:00:00Z'))!;
    expect(deadlineText(dateOnly, 'Europe/Copenhagen')).toBe('2026-11-27');
  });
});

/** The zone's offset from UTC on a day (ms to add to a local wall-clock time read as UTC). */
function offsetMs(zone: string, dayNo: number): number {
  const noon = dayNo * DAY_MS + 12 * 3_600_000;
  const local = plainLocalDay(noon, zone);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    hourCycle: 'h23',
    minute: '2-digit',
  })
    .format(noon)
    .split(':')
    .map(Number);
  const localNoonMs = (local - dayNo) * DAY_MS + parts[0]! * 3_600_000 + parts[1]! * 60_000;
  return 12 * 3_600_000 - localNoonMs;
}
