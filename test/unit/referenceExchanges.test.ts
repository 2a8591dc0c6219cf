import { FixedOffsetZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { ExchangeDetails, TradingSession } from '../../contract/wire/types';
import { durationText, exchangeRows, exchangeStatus } from '../../renderer/src/features/reference/logic/exchangeStatus';

/** Nasdaq on Thursday 2 and Friday 3 April 2026 (Good Friday: closed all day), New York time = UTC-4. */
const nasdaq: TradingSession[] = [
  { StartTime: '2026-04-01T20:00:00Z', EndTime: '2026-04-02T08:00:00Z', State: 'Closed' },
  { StartTime: '2026-04-02T08:00:00Z', EndTime: '2026-04-02T13:30:00Z', State: 'PreMarket' },
  { StartTime: '2026-04-02T13:30:00Z', EndTime: '2026-04-02T20:00:00Z', State: 'AutomatedTrading' },
  { StartTime: '2026-04-02T20:00:00Z', EndTime: '2026-04-03T00:00:00Z', State: 'PostMarket' },
  { StartTime: '2026-04-03T00:00:00Z', EndTime: '2026-04-06T08:00:00Z', State: 'Closed' },
  { StartTime: '2026-04-06T08:00:00Z', EndTime: '2026-04-06T13:30:00Z', State: 'PreMarket' },
  { StartTime: '2026-04-06T13:30:00Z', EndTime: '2026-04-06T20:00:00Z', State: 'AutomatedTrading' },
  { StartTime: '2026-04-06T20:00:00Z', EndTime: '2026-04-07T00:00:00Z', State: 'PostMarket' },
];

/** Xetra with an opening auction, continuous trading and a closing auction. */
const xetra: TradingSession[] = [
  { StartTime: '2026-04-02T06:50:00Z', EndTime: '2026-04-02T07:00:00Z', State: 'OpeningAuction' },
  { StartTime: '2026-04-02T07:00:00Z', EndTime: '2026-04-02T15:30:00Z', State: 'AutomatedTrading' },
  { StartTime: '2026-04-02T15:30:00Z', EndTime: '2026-04-02T15:35:00Z', State: 'ClosingAuction' },
  { StartTime: '2026-04-02T15:35:00Z', EndTime: '2026-04-03T06:50:00Z', State: 'Closed' },
];

const at = (iso: string) => new Date(iso);

describe('exchange status from its sessions', () => {
  it('is open during trading and says when it closes', () => {
    expect(exchangeStatus(nasdaq, at('2026-04-02T17:55:00Z'))).toMatchObject({ phase: 'open', label: 'Open', next: 'closes in 2 h 05 min' });
  });

  it('says when it opens from pre-market, and across a holiday weekend', () => {
    expect(exchangeStatus(nasdaq, at('2026-04-02T13:00:00Z'))).toMatchObject({ phase: 'pre', label: 'Pre-market', next: 'opens in 30 min' });
    // Thursday evening: post-market, then Good Friday and the weekend; Monday 09:30 New York opens.
    const friday = exchangeStatus(nasdaq, at('2026-04-03T12:00:00Z'));
    expect(friday).toMatchObject({ phase: 'closed', label: 'Closed', next: 'opens in 3 d 1 h' });
    expect(friday.nextAt?.toISO()).toBe('2026-04-06T13:30:00.000Z');
    expect(exchangeStatus(nasdaq, at('2026-04-02T21:00:00Z'))).toMatchObject({ phase: 'post', label: 'Post-market' });
  });

  it('counts auctions as open: the opening auction until trading, the close after the closing auction', () => {
    expect(exchangeStatus(xetra, at('2026-04-02T06:55:00Z'))).toMatchObject({ phase: 'auction', label: 'Opening auction', next: 'trading starts in 5 min' });
    expect(exchangeStatus(xetra, at('2026-04-02T15:00:00Z'))).toMatchObject({ phase: 'open', next: 'closes in 35 min' });
    expect(exchangeStatus(xetra, at('2026-04-02T15:32:00Z'))).toMatchObject({ label: 'Closing auction', next: 'closes in 3 min' });
  });

  it('says the schedule is not current when now lies outside the sessions, and never guesses a close', () => {
    expect(exchangeStatus(nasdaq, at('2026-05-01T12:00:00Z'))).toMatchObject({ phase: 'unknown', next: undefined });
    const fx: TradingSession[] = [{ StartTime: '2026-04-01T00:00:00Z', EndTime: '2026-04-08T00:00:00Z', State: 'AutomatedTrading' }];
    expect(exchangeStatus(fx, at('2026-04-02T12:00:00Z'))).toMatchObject({ phase: 'open', next: undefined });
  });

  it('writes durations as a trader reads them', () => {
    expect(durationText(20_000)).toBe('less than a minute');
    expect(durationText(45 * 60_000)).toBe('45 min');
    expect(durationText((2 * 60 + 5) * 60_000)).toBe('2 h 05 min');
    expect(durationText((3 * 24 + 4) * 3_600_000)).toBe('3 d 4 h');
  });
});

describe('exchange rows', () => {
  const exchange: ExchangeDetails = {
    CountryCode: 'US',
    Currency: 'USD',
    EarlyCloses: [],
    ExchangeId: 'NASDAQ',
    ExchangeSessions: nasdaq,
    Holidays: [{ Date: '2026-04-03', Name: 'Good Friday' }],
    IsoMic: 'XNAS',
    Name: 'Nasdaq',
    TimeZone: 3,
    TimeZoneAbbreviation: 'EDT',
    TimeZoneId: '3',
    TimeZoneName: 'America/New_York',
    TimeZoneOffset: '-04:00:00',
    TradingHours: { TimeZoneName: 'America/New_York', WeekendDays: ['Saturday', 'Sunday'], Phases: [] },
  };

  it('gives the next change in the exchange’s time and in the user’s, and today’s holiday', () => {
    const [row] = exchangeRows([exchange], at('2026-04-03T12:00:00Z'), FixedOffsetZone.instance(120));
    expect(row).toMatchObject({
      mic: 'XNAS',
      exchangeNow: 'Fri 08:00',
      nextExchangeTime: 'Mon 09:30',
      nextLocalTime: 'Mon 15:30',
      holiday: 'Good Friday',
    });
  });
});
