import { FixedOffsetZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { InstrumentTradeSessions } from '../../contract/wire/types';
import {
  exchangeZone,
  nowMarker,
  offsetMinutes,
  sessionRows,
  stateCategory,
  timelineDays,
} from '../../renderer/src/features/instruments/logic/tradingSchedule';

const schedule: InstrumentTradeSessions = {
  TimeZone: 3,
  TimeZoneAbbreviation: 'EST',
  TimeZoneOffset: '-05:00:00',
  Sessions: [
    { StartTime: '2026-03-02T05:00:00Z', EndTime: '2026-03-02T14:30:00Z', State: 'PreMarket' },
    { StartTime: '2026-03-02T14:30:00Z', EndTime: '2026-03-02T21:00:00Z', State: 'AutomatedTrading' },
    { StartTime: '2026-03-02T21:00:00Z', EndTime: '2026-03-03T06:00:00Z', State: 'Closed' },
  ],
};

describe('trading schedule timeline', () => {
  it('reads the service offsets', () => {
    expect(offsetMinutes('-05:00:00')).toBe(-300);
    expect(offsetMinutes('05:30')).toBe(330);
    expect(offsetMinutes('soon')).toBeUndefined();
  });

  it('lays the sessions on exchange-time days, cutting at exchange midnight', () => {
    const days = timelineDays(schedule, exchangeZone(schedule));
    expect(days.map((day) => day.date)).toEqual(['2026-03-02', '2026-03-03']);
    const trading = days[0]?.segments.find((segment) => segment.state === 'AutomatedTrading');
    expect(trading?.label).toBe('09:30–16:00');
    expect(trading?.startFraction).toBeCloseTo(9.5 / 24);
    expect(days[0]?.segments.at(-1)).toMatchObject({ state: 'Closed', label: '16:00–24:00', endFraction: 1 });
    expect(days[1]?.segments).toEqual([
      { state: 'Closed', startFraction: 0, endFraction: 1 / 24, label: '00:00–01:00' },
    ]);
  });

  it('uses the IANA zone when known so daylight saving inside the schedule is honoured', () => {
    const summer = {
      ...schedule,
      Sessions: [
        { StartTime: '2026-07-01T13:30:00Z', EndTime: '2026-07-01T20:00:00Z', State: 'AutomatedTrading' },
      ],
    };
    expect(timelineDays(summer, exchangeZone(summer, 'America/New_York'))[0]?.segments[0]?.label).toBe(
      '09:30–16:00',
    );
    expect(timelineDays(summer, exchangeZone(summer))[0]?.segments[0]?.label).toBe('08:30–15:00');
  });

  it('lists each session in exchange and local time', () => {
    const rows = sessionRows(schedule, exchangeZone(schedule), FixedOffsetZone.instance(60));
    expect(rows[1]).toEqual({
      state: 'AutomatedTrading',
      exchangeStart: 'Mon 2 Mar 09:30',
      exchangeEnd: 'Mon 2 Mar 16:00',
      localStart: 'Mon 2 Mar 15:30',
      localEnd: 'Mon 2 Mar 22:00',
    });
  });

  it('colours states by what a trader can do in them', () => {
    expect(stateCategory('AutomatedTrading')).toBe('trading');
    expect(stateCategory('OpeningAuction')).toBe('auction');
    expect(stateCategory('ClosingAuction')).toBe('auction');
    expect(stateCategory('Break')).toBe('break');
    expect(stateCategory('SomethingNew')).toBe('closed');
  });

  it('tells pre-market from post-market', () => {
    expect(stateCategory('PreMarket')).toBe('pre');
    expect(stateCategory('PreTrading')).toBe('pre');
    expect(stateCategory('PostMarket')).toBe('post');
    expect(stateCategory('PostTrading')).toBe('post');
  });

  it('places "now" on the exchange day it falls in, and nowhere outside the days drawn', () => {
    const zone = exchangeZone(schedule);
    const days = timelineDays(schedule, zone);
    // 12:00 New York on Monday 2 March: half way through the day.
    expect(nowMarker(days, zone, new Date('2026-03-02T17:00:00Z'))).toEqual({ date: '2026-03-02', fraction: 0.5 });
    expect(nowMarker(days, zone, new Date('2027-01-01T00:00:00Z'))).toBeUndefined();
  });
});
