import { describe, expect, it } from 'vitest';
import type { InstrumentTradeSessions, TradingSession } from '../../contract/wire/types';
import { scheduleExchangeFor, tradingSessionsFor } from '../../main/simulator/calendar/tradingSessions';
import { EXCHANGES } from '../../main/simulator/data/reference/exchanges';

const HOUR = 3_600_000;

/** The sessions of `state` that start on the UTC date `isoDay`. */
function startingOn(schedule: InstrumentTradeSessions, isoDay: string, state: string): TradingSession[] {
  return schedule.Sessions.filter(
    (session) => session.StartTime.startsWith(isoDay) && session.State === state,
  );
}

function firstOpen(exchangeId: string, isoDay: string): string {
  const schedule = tradingSessionsFor(exchangeId, new Date(`${isoDay}T00:00:00Z`), 1);
  const open = startingOn(schedule, isoDay, 'AutomatedTrading')[0];
  if (!open) throw new Error(`${exchangeId} has no trading on ${isoDay}`);
  return open.StartTime;
}

const hoursBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / HOUR;

describe('trading sessions', () => {
  it('are contiguous, in UTC with whole seconds, and cover the requested days for every exchange', () => {
    const from = new Date('2026-03-27T10:17:00Z');
    for (const exchange of EXCHANGES) {
      const { Sessions } = tradingSessionsFor(exchange.ExchangeId, from, 7);
      expect(Sessions.length, exchange.ExchangeId).toBeGreaterThan(1);
      expect(Date.parse(Sessions[0]!.StartTime)).toBeLessThanOrEqual(from.getTime());
      expect(Date.parse(Sessions.at(-1)!.EndTime)).toBeGreaterThanOrEqual(from.getTime() + 7 * 24 * HOUR);
      Sessions.forEach((session, index) => {
        expect(session.StartTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect(Date.parse(session.EndTime)).toBeGreaterThan(Date.parse(session.StartTime));
        if (index > 0) {
          expect(session.StartTime, exchange.ExchangeId).toBe(Sessions[index - 1]!.EndTime);
          expect(session.State, exchange.ExchangeId).not.toBe(Sessions[index - 1]!.State);
        }
      });
    }
  });

  it('gives a New York stock day Closed → PreMarket → AutomatedTrading → PostMarket in Eastern time', () => {
    const schedule = tradingSessionsFor('NYSE', new Date('2026-01-14T12:00:00Z'), 1);
    expect(schedule).toMatchObject({ TimeZone: 3, TimeZoneAbbreviation: 'EST', TimeZoneOffset: '-05:00:00' });
    expect(schedule.Sessions.slice(0, 4)).toEqual([
      { StartTime: '2026-01-14T09:00:00Z', EndTime: '2026-01-14T14:30:00Z', State: 'PreMarket' },
      { StartTime: '2026-01-14T14:30:00Z', EndTime: '2026-01-14T21:00:00Z', State: 'AutomatedTrading' },
      { StartTime: '2026-01-14T21:00:00Z', EndTime: '2026-01-15T01:00:00Z', State: 'PostMarket' },
      { StartTime: '2026-01-15T01:00:00Z', EndTime: '2026-01-15T09:00:00Z', State: 'Closed' },
    ]);
  });

  it('closes New York at 13:00 the day after Thanksgiving, post-market following', () => {
    const schedule = tradingSessionsFor('NYSE', new Date('2026-11-27T12:00:00Z'), 1);
    expect(startingOn(schedule, '2026-11-27', 'AutomatedTrading')).toEqual([
      { StartTime: '2026-11-27T14:30:00Z', EndTime: '2026-11-27T18:00:00Z', State: 'AutomatedTrading' },
    ]);
    expect(startingOn(schedule, '2026-11-27', 'PostMarket')[0]?.EndTime).toBe('2026-11-27T22:00:00Z');
  });

  it('skips a holiday: nothing trades in New York on Good Friday', () => {
    const schedule = tradingSessionsFor('NYSE', new Date('2026-04-02T22:00:00Z'), 1);
    expect(
      schedule.Sessions.find(
        (session) => session.State !== 'Closed' && session.StartTime.startsWith('2026-04-03'),
      ),
    ).toBeUndefined();
  });

  it('breaks for lunch in Tokyo from 11:30 to 12:30 local time', () => {
    const schedule = tradingSessionsFor('TYO', new Date('2026-03-10T00:00:00Z'), 1);
    expect(schedule).toMatchObject({ TimeZone: 10, TimeZoneOffset: '09:00:00' });
    expect(startingOn(schedule, '2026-03-10', 'Break')).toEqual([
      { StartTime: '2026-03-10T02:30:00Z', EndTime: '2026-03-10T03:30:00Z', State: 'Break' },
    ]);
    expect(startingOn(schedule, '2026-03-10', 'AutomatedTrading')).toHaveLength(2);
  });

  it('shifts New York against Europe in the weeks between the US and EU clock changes', () => {
    // Usually the NYSE opens 6.5 h after Paris and 6.5 h after London's 08:00; in the gap weeks
    // New York is only 4 h behind London (5 h behind Paris) and the gap is 5.5 h.
    expect(hoursBetween(firstOpen('PAR', '2026-03-02'), firstOpen('NYSE', '2026-03-02'))).toBe(5.5 + 1);
    expect(hoursBetween(firstOpen('PAR', '2026-03-16'), firstOpen('NYSE', '2026-03-16'))).toBe(5.5);
    expect(hoursBetween(firstOpen('LSE_SETS', '2026-03-16'), firstOpen('NYSE', '2026-03-16'))).toBe(5.5);
    expect(hoursBetween(firstOpen('PAR', '2026-03-30'), firstOpen('NYSE', '2026-03-30'))).toBe(6.5);
    expect(hoursBetween(firstOpen('PAR', '2026-10-27'), firstOpen('NYSE', '2026-10-27'))).toBe(5.5);
    expect(hoursBetween(firstOpen('PAR', '2026-11-03'), firstOpen('NYSE', '2026-11-03'))).toBe(6.5);
    expect(firstOpen('NYSE', '2026-03-06')).toBe('2026-03-06T14:30:00Z');
    expect(firstOpen('NYSE', '2026-03-09')).toBe('2026-03-09T13:30:00Z');
  });

  it('runs CME Globex Sunday 17:00 to Friday 16:00 Central with a daily one-hour break', () => {
    const { Sessions } = tradingSessionsFor('CME', new Date('2026-01-09T23:00:00Z'), 7);
    expect(Sessions[0]).toEqual({
      StartTime: '2026-01-09T22:00:00Z',
      EndTime: '2026-01-11T23:00:00Z',
      State: 'Closed',
    });
    expect(Sessions[1]).toEqual({
      StartTime: '2026-01-11T23:00:00Z',
      EndTime: '2026-01-12T22:00:00Z',
      State: 'AutomatedTrading',
    });
    expect(Sessions[2]).toEqual({
      StartTime: '2026-01-12T22:00:00Z',
      EndTime: '2026-01-12T23:00:00Z',
      State: 'Break',
    });
    expect(Sessions.filter((session) => session.State === 'Break')).toHaveLength(4);
  });

  it('trades inter-bank FX around the clock from Sunday 17:00 to Friday 17:00 New York time', () => {
    const schedule = tradingSessionsFor('SBFX', new Date('2026-01-14T12:00:00Z'), 7);
    expect(schedule).toMatchObject({ TimeZone: 0, TimeZoneOffset: '00:00:00' });
    expect(schedule.Sessions.slice(0, 3)).toEqual([
      { StartTime: '2026-01-11T22:00:00Z', EndTime: '2026-01-16T22:00:00Z', State: 'AutomatedTrading' },
      { StartTime: '2026-01-16T22:00:00Z', EndTime: '2026-01-18T22:00:00Z', State: 'Closed' },
      { StartTime: '2026-01-18T22:00:00Z', EndTime: '2026-01-23T22:00:00Z', State: 'AutomatedTrading' },
    ]);
  });

  it('trades Sunday to Thursday in Riyadh', () => {
    const schedule = tradingSessionsFor('TADAWUL', new Date('2026-01-09T00:00:00Z'), 7);
    const tradingDays = schedule.Sessions.filter((s) => s.State === 'AutomatedTrading').map((s) =>
      new Date(s.StartTime).getUTCDay(),
    );
    expect(tradingDays).toEqual([0, 1, 2, 3, 4]);
  });

  it('reports summer time for an exchange when it is in force', () => {
    expect(tradingSessionsFor('FSE', new Date('2026-07-01T12:00:00Z'), 1)).toMatchObject({
      TimeZone: 4,
      TimeZoneAbbreviation: 'CEST',
      TimeZoneOffset: '02:00:00',
    });
    expect(tradingSessionsFor('NSE', new Date('2026-07-01T12:00:00Z'), 1)).toMatchObject({
      TimeZone: 256,
      TimeZoneOffset: '05:30:00',
    });
  });

  it('sends instruments of OTC venues and unknown venues to the inter-bank schedule', () => {
    expect(scheduleExchangeFor('FSE', 'XETR')).toBe('FSE');
    expect(scheduleExchangeFor('', 'XETR')).toBe('FSE');
    expect(scheduleExchangeFor('EUR_AMS2', null)).toBe('EUR_AMS2');
    expect(scheduleExchangeFor('BONDS', null)).toBe('SBFX');
    expect(scheduleExchangeFor(null, null)).toBe('SBFX');
  });
});
