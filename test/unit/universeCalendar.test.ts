import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { earlyCloseOn, holidayName, isTradingDay } from '../../main/simulator/calendar/businessDays';
import { easterSunday } from '../../main/simulator/calendar/easter';
import { EXCHANGE_CALENDARS } from '../../main/simulator/calendar/holidayCalendars';
import { SESSION_TEMPLATES } from '../../main/simulator/calendar/sessionTemplates';
import { EXCHANGES, findExchange } from '../../main/simulator/data/reference/exchanges';
import { platformTimeZone } from '../../main/simulator/data/reference/timezones';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('Easter computus', () => {
  it.each([
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2029, '2029-04-01'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'],
  ])('puts Easter Sunday %i on %s', (year, expected) => {
    expect(easterSunday(year).toISOString().slice(0, 10)).toBe(expected);
  });
});

describe('NYSE business days', () => {
  it('closes on the 2026 holidays and on no other weekday', () => {
    const closed: string[] = [];
    for (
      let date = day('2026-01-01');
      date < day('2027-01-01');
      date = new Date(date.getTime() + 86_400_000)
    ) {
      if (![0, 6].includes(date.getUTCDay()) && !isTradingDay('NYSE', date))
        closed.push(date.toISOString().slice(0, 10));
    }
    expect(closed).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observes a Saturday holiday on the Friday before and a Sunday holiday on the Monday after', () => {
    expect(holidayName('NYSE', day('2026-07-03'))).toBe('Independence Day (observed)');
    expect(isTradingDay('NYSE', day('2027-07-05'))).toBe(false);
    expect(isTradingDay('NYSE', day('2027-12-24'))).toBe(false);
    expect(isTradingDay('NYSE', day('2023-01-02'))).toBe(false);
  });

  it('does not close the Friday before a Saturday New Year’s Day', () => {
    expect(isTradingDay('NYSE', day('2021-12-31'))).toBe(true);
    expect(isTradingDay('NYSE', day('2027-12-31'))).toBe(true);
  });

  it('closes on Good Friday and Thanksgiving, and closes early the day after Thanksgiving', () => {
    expect(holidayName('NYSE', day('2027-03-26'))).toBe('Good Friday');
    expect(holidayName('NYSE', day('2027-11-25'))).toBe('Thanksgiving Day');
    expect(isTradingDay('NYSE', day('2027-11-26'))).toBe(true);
    expect(earlyCloseOn('NYSE', day('2027-11-26'))).toBe('13:00');
    expect(earlyCloseOn('NYSE', day('2027-11-24'))).toBeUndefined();
  });

  it('ignores the time of day and never trades at weekends', () => {
    expect(isTradingDay('NYSE', new Date('2026-04-03T23:59:00Z'))).toBe(false);
    expect(isTradingDay('NYSE', day('2026-04-04'))).toBe(false);
    expect(isTradingDay('nyse', day('2026-04-06'))).toBe(true);
  });
});

describe('calendars of other exchanges', () => {
  it('gives Tadawul a Friday–Saturday weekend', () => {
    expect(isTradingDay('TADAWUL', day('2026-03-06'))).toBe(false);
    expect(isTradingDay('TADAWUL', day('2026-03-07'))).toBe(false);
    expect(isTradingDay('TADAWUL', day('2026-03-08'))).toBe(true);
  });

  it('moves London’s Christmas and Boxing Day at a weekend to the following Monday and Tuesday', () => {
    expect(isTradingDay('LSE_SETS', day('2027-12-27'))).toBe(false);
    expect(isTradingDay('LSE_SETS', day('2027-12-28'))).toBe(false);
    expect(isTradingDay('LSE_SETS', day('2027-12-29'))).toBe(true);
  });

  it('closes on Easter-based holidays: Whit Monday in Zurich, Carnival in São Paulo', () => {
    expect(holidayName('SWX', day('2026-05-25'))).toBe('Whit Monday');
    expect(isTradingDay('FSE', day('2026-05-25'))).toBe(true);
    expect(isTradingDay('BMFBOVESPA', day('2026-02-16'))).toBe(false);
    expect(isTradingDay('BMFBOVESPA', day('2026-02-17'))).toBe(false);
  });

  it('follows the Chinese calendar for Lunar New Year in Hong Kong and closes early on its eve', () => {
    for (const date of ['2026-02-17', '2026-02-18', '2026-02-19'])
      expect(isTradingDay('HKEX', day(date))).toBe(false);
    expect(earlyCloseOn('HKEX', day('2026-02-16'))).toBe('12:00');
    expect(isTradingDay('HKEX', day('2025-01-29'))).toBe(false);
  });

  it('gives Tokyo a substitute holiday when a holiday falls on a Sunday', () => {
    expect(holidayName('TYO', day('2026-05-06'))).toBe('Golden Week (observed)');
    expect(isTradingDay('TYO', day('2026-03-20'))).toBe(false);
  });

  it('keeps CME open with an early halt on US holidays other than New Year, Good Friday and Christmas', () => {
    expect(isTradingDay('CME', day('2026-01-19'))).toBe(true);
    expect(earlyCloseOn('CME', day('2026-01-19'))).toBe('12:00');
    expect(isTradingDay('CME', day('2026-04-03'))).toBe(false);
  });

  it('throws for an exchange the universe does not have', () => {
    expect(() => isTradingDay('XXXX', day('2026-01-05'))).toThrow(/XXXX/);
  });
});

describe('the exchanges', () => {
  it('lists about 30 real exchanges plus SBFX, each with a calendar, a day template and a platform zone', () => {
    expect(EXCHANGES.length).toBeGreaterThanOrEqual(30);
    for (const exchange of EXCHANGES) {
      expect(EXCHANGE_CALENDARS[exchange.key], exchange.ExchangeId).toBeDefined();
      expect(SESSION_TEMPLATES[exchange.key], exchange.ExchangeId).toBeDefined();
      expect(platformTimeZone(exchange.TimeZoneId), exchange.ExchangeId).toBeDefined();
      expect(IANAZone.isValidZone(exchange.ZoneName), exchange.ZoneName).toBe(true);
    }
    expect(findExchange('SBFX')).toMatchObject({ Name: 'Inter Bank', CountryCode: 'DK', TimeZoneId: 0 });
    expect(findExchange('SBFX')?.Mic).toBeUndefined();
    // The platform's public exchanges sample opens on EUR_AMS2: options on Amsterdam shares, symbols in xams.
    expect(findExchange('EUR_AMS2')).toMatchObject({
      IsoMic: 'XEUE',
      Mic: 'XAMS',
      CountryCode: 'NL',
      TimeZoneId: 4,
    });
    // ExchangeIds are the platform's, not MICs, and unique; so are the keys.
    expect(findExchange('XNAS')).toBeUndefined();
    expect(new Set(EXCHANGES.map((exchange) => exchange.ExchangeId)).size).toBe(EXCHANGES.length);
    expect(new Set(EXCHANGES.map((exchange) => exchange.key)).size).toBe(EXCHANGES.length);
    expect(findExchange('nasdaq')).toMatchObject({
      ExchangeId: 'NASDAQ',
      IsoMic: 'XNAS',
      Mic: 'XNAS',
      ZoneName: 'America/New_York',
      TimeZoneId: 3,
      CurrencyCode: 'USD',
    });
  });
});
