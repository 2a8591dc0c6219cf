/**
 * GET /ref/v1/exchanges, /ref/v1/exchanges/{ExchangeId}, /ref/v1/exchanges/holidays and
 * /ref/v1/currencies over real HTTP,
 * at a pinned clock in Christmas week (holidays and early closes inside the seven-day window).
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CurrencyDetails,
  CurrencyPairDetails,
  ExchangeDetails,
  ExchangeHolidayEntry,
  Feed,
  InstrumentTradeSessions,
  SummaryInfo,
  TradingSession,
} from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { collectFeed, expectBadParameter, expectNoNulls, expectUtcDateTimes } from '../support/wireChecks';

const NOW = new Date('2026-12-22T15:00:00Z');
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The session in force at an instant, or undefined outside the schedule. */
function sessionAt(sessions: TradingSession[], at: DateTime): TradingSession | undefined {
  const ms = at.toMillis();
  return sessions.find((session) => Date.parse(session.StartTime) <= ms && ms < Date.parse(session.EndTime));
}

/** A local `HH:MM` on a local date, in the exchange's zone of its trading hours. */
function localTime(date: DateTime, time: string): DateTime {
  const [hour, minute] = time.split(':').map(Number);
  return date.set({ hour: hour!, minute: minute!, second: 0, millisecond: 0 });
}

describe('exchanges and currencies', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startTestSimulator({ clock: () => NOW });
  });
  afterAll(() => sim.close());

  it('lists every exchange with its real-world facts, paged with $top, $skip and __next', async () => {
    const whole = await sim.get<Feed<ExchangeDetails>>('ref/v1/exchanges');
    expect(whole.status).toBe(200);
    expect(whole.body.__count).toBe(whole.body.Data.length);
    expect(whole.body.Data.length).toBeGreaterThanOrEqual(40);
    expectNoNulls(whole.body);
    expectUtcDateTimes(whole.body);

    const paged = await collectFeed<ExchangeDetails>(sim, 'ref/v1/exchanges?$top=7');
    expect(paged.items.map((exchange) => exchange.ExchangeId)).toEqual(
      whole.body.Data.map((exchange) => exchange.ExchangeId),
    );
    expect(paged.links).toHaveLength(Math.ceil(whole.body.Data.length / 7) - 1);
    expect(new Set(paged.items.map((exchange) => exchange.ExchangeId)).size).toBe(paged.items.length);

    const byId = new Map(whole.body.Data.map((exchange) => [exchange.ExchangeId, exchange]));
    expect(byId.get('NYSE')).toMatchObject({
      IsoMic: 'XNYS',
      Mic: 'XNYS',
      Name: 'New York Stock Exchange',
      CountryCode: 'US',
      Currency: 'USD',
      TimeZone: 3,
      TimeZoneId: '3',
      TimeZoneName: 'America/New_York',
      TimeZoneAbbreviation: 'EST',
      TimeZoneOffset: '-05:00:00',
      TradingHours: {
        TimeZoneName: 'America/New_York',
        WeekendDays: ['Saturday', 'Sunday'],
        Phases: [
          { State: 'PreMarket', StartTime: '04:00', EndTime: '09:30' },
          { State: 'AutomatedTrading', StartTime: '09:30', EndTime: '16:00' },
          { State: 'PostMarket', StartTime: '16:00', EndTime: '20:00' },
        ],
      },
    });
    expect(byId.get('NYSE')!.Holidays.slice(0, 2)).toEqual([
      { Date: '2026-12-25', Name: 'Christmas Day' },
      { Date: '2027-01-01', Name: "New Year's Day" },
    ]);
    expect(byId.get('NYSE')!.EarlyCloses[0]).toEqual({
      Date: '2026-12-24',
      CloseTime: '13:00',
      Name: 'Christmas Eve',
    });
    // Toronto reports the platform's US Eastern zone but keeps its own IANA zone.
    expect(byId.get('TSE')).toMatchObject({ TimeZone: 3, TimeZoneName: 'America/Toronto', Currency: 'CAD' });
    expect(byId.get('TYO')).toMatchObject({
      TimeZone: 10,
      TimeZoneName: 'Asia/Tokyo',
      TimeZoneOffset: '09:00:00',
    });
    expect(byId.get('NSE')).toMatchObject({ TimeZone: 256, TimeZoneOffset: '05:30:00', Currency: 'INR' });
    expect(byId.get('TADAWUL')!.TradingHours.WeekendDays).toEqual(['Friday', 'Saturday']);
    expect(byId.get('CME')!.TradingHours.Phases).toEqual([
      { State: 'AutomatedTrading', StartTime: '17:00', EndTime: '16:00', StartsOn: 'PreviousCalendarDay' },
    ]);
    expect(byId.get('SBFX')).toMatchObject({ Name: 'Inter Bank', TimeZone: 0 });
    expect(byId.get('SBFX')!.Mic).toBeUndefined();
    // Where the platform's public exchanges sample opens: its ExchangeId, the ISO MIC of the
    // segment, and the MIC its symbols carry.
    expect(byId.get('EUR_AMS2')).toMatchObject({
      ExchangeId: 'EUR_AMS2',
      IsoMic: 'XEUE',
      Mic: 'XAMS',
      Name: 'Euronext Equity & Index Derivatives - AMS',
      CountryCode: 'NL',
      Currency: 'EUR',
      TimeZone: 4,
    });
    // The platform's ids, never MICs: every one names its exchange's MIC in Mic (SBFX has none).
    expect(byId.has('XNYS')).toBe(false);
    for (const [id, mic] of [
      ['NYSE', 'XNYS'],
      ['NASDAQ', 'XNAS'],
      ['NYSE_ARCA', 'ARCX'],
      ['FSE', 'XETR'],
      ['PAR', 'XPAR'],
      ['SIBE', 'XMAD'],
      ['LSE_SETS', 'XLON'],
      ['CSE', 'XCSE'],
      ['EUREX', 'XEUR'],
    ])
      expect(byId.get(id!)?.Mic, id).toBe(mic);
    for (const exchange of whole.body.Data) {
      expect(exchange.CountryCode, exchange.ExchangeId).toMatch(/^[A-Z]{2}$/);
      expect(exchange.Currency, exchange.ExchangeId).toMatch(/^[A-Z]{3}$/);
      expect(
        exchange.Holidays.map((holiday) => holiday.Date),
        exchange.ExchangeId,
      ).toEqual(exchange.Holidays.map((holiday) => holiday.Date).sort());
      for (const holiday of exchange.Holidays) {
        const weekday = WEEKDAYS[DateTime.fromISO(holiday.Date, { zone: 'UTC' }).weekday - 1]!;
        expect(exchange.TradingHours.WeekendDays, `${exchange.ExchangeId} ${holiday.Date}`).not.toContain(
          weekday,
        );
      }
    }
  });

  it('answers one exchange by id, case-insensitively, 404 for an unknown id and 400 for bad paging', async () => {
    const xetra = await sim.get<ExchangeDetails>('ref/v1/exchanges/fse');
    expect(xetra.status).toBe(200);
    expect(xetra.body).toMatchObject({
      ExchangeId: 'FSE',
      IsoMic: 'XETR',
      Mic: 'XETR',
      CountryCode: 'DE',
      Currency: 'EUR',
      TimeZone: 4,
    });
    expect((await sim.get<ExchangeDetails>('ref/v1/exchanges/EUR_AMS2')).body).toMatchObject({
      ExchangeId: 'EUR_AMS2',
      Mic: 'XAMS',
    });
    // A MIC is no ExchangeId.
    expect((await sim.get('ref/v1/exchanges/XETR')).status).toBe(404);
    expect(xetra.body.Holidays.map((holiday) => holiday.Date)).toEqual(
      expect.arrayContaining(['2026-12-24', '2026-12-25', '2026-12-31']),
    );

    const unknown = await sim.get<{ ErrorCode: string; Message: string }>('ref/v1/exchanges/XXXX');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ErrorCode: 'NotFound', Message: expect.stringContaining('XXXX') });

    expectBadParameter(await sim.get('ref/v1/exchanges?$top=-1'), '$top');
    expectBadParameter(await sim.get('ref/v1/exchanges?$top=1001'), '$top');
    expectBadParameter(await sim.get('ref/v1/exchanges?$skip=x'), '$skip');
    expectBadParameter(await sim.get('ref/v1/currencies?$top=ten'), '$top');
  });

  it('lists holidays over a range of days, past ones too, as the exchanges list names those ahead', async () => {
    // A year behind the clock: what a deadline passed long ago is counted over.
    const past = await sim.get<Feed<ExchangeHolidayEntry>>(
      'ref/v1/exchanges/holidays?FromDate=2025-11-01&ToDate=2025-12-31&ExchangeIds=NYSE,lse_sets',
    );
    expect(past.status).toBe(200);
    expectNoNulls(past.body);
    expect(past.body.Data).toEqual([
      { Date: '2025-11-27', ExchangeId: 'NYSE', Name: expect.stringMatching(/Thanksgiving/) },
      { Date: '2025-12-25', ExchangeId: 'LSE_SETS', Name: expect.any(String) },
      { Date: '2025-12-25', ExchangeId: 'NYSE', Name: expect.any(String) },
      { Date: '2025-12-26', ExchangeId: 'LSE_SETS', Name: expect.any(String) },
    ]);
    // Ahead, the same days as the exchange's own list; weekend days never listed.
    const listed = (await sim.get<ExchangeDetails>('ref/v1/exchanges/FSE')).body.Holidays;
    const { items: ahead } = await collectFeed<ExchangeHolidayEntry>(
      sim,
      `ref/v1/exchanges/holidays?FromDate=${listed[0]!.Date}&ToDate=${listed.at(-1)!.Date}&ExchangeIds=FSE&$top=3`,
    );
    expect(ahead.map(({ Date, Name }) => ({ Date, Name }))).toEqual(listed);
    const everyExchange = await sim.get<Feed<ExchangeHolidayEntry>>(
      'ref/v1/exchanges/holidays?FromDate=2024-01-01&ToDate=2026-12-31',
    );
    expect(new Set(everyExchange.body.Data.map((holiday) => holiday.ExchangeId)).size).toBeGreaterThan(30);
    expect(
      everyExchange.body.Data.every((holiday) => {
        const weekday = new Date(`${holiday.Date}T00:00:00Z`).getUTCDay();
        return holiday.ExchangeId === 'TADAWUL' ? weekday !== 5 && weekday !== 6 : weekday !== 0 && weekday !== 6;
      }),
    ).toBe(true);

    expectBadParameter(await sim.get('ref/v1/exchanges/holidays?ToDate=2026-01-31'), 'FromDate');
    expectBadParameter(await sim.get('ref/v1/exchanges/holidays?FromDate=2026-01-01'), 'ToDate');
    expectBadParameter(await sim.get('ref/v1/exchanges/holidays?FromDate=2026-02-01&ToDate=2026-01-01'), 'ToDate');
    expectBadParameter(await sim.get('ref/v1/exchanges/holidays?FromDate=2020-01-01&ToDate=2026-01-01'), 'ToDate');
    expectBadParameter(await sim.get('ref/v1/exchanges/holidays?FromDate=2026-13-01&ToDate=2027-01-01'), 'FromDate');
    expectBadParameter(
      await sim.get('ref/v1/exchanges/holidays?FromDate=2026-01-01&ToDate=2026-02-01&ExchangeIds=NYSE,NOPE'),
      'ExchangeIds',
    );
  });

  it('lists options on Amsterdam shares under EUR_AMS2, in search, details and schedules alike', async () => {
    const found = await sim.get<Feed<SummaryInfo>>('ref/v1/instruments?ExchangeId=EUR_AMS2&$top=50');
    expect(found.status).toBe(200);
    const asml = found.body.Data.find((item) => item.Symbol === 'ASML:xams');
    expect(asml).toMatchObject({
      SummaryType: 'ContractOptionRoot',
      AssetType: 'StockOption',
      ExchangeId: 'EUR_AMS2',
    });
    expect(found.body.Data.every((item) => item.ExchangeId === 'EUR_AMS2')).toBe(true);
    // The share itself stays on Euronext Amsterdam's cash market.
    const share = await sim.get<Feed<SummaryInfo>>(
      'ref/v1/instruments?Keywords=ASML&AssetTypes=Stock&ExchangeId=AMS',
    );
    expect(share.body.Data.map((item) => item.Symbol)).toContain('ASML:xams');

    const space = await sim.get<{
      Exchange: { ExchangeId: string; Name: string };
      OptionSpace: { SpecificOptions?: { Uic: number }[] }[];
    }>(`ref/v1/instruments/contractoptionspaces/${asml!.Identifier}?OptionSpaceSegment=AllDates`);
    expect(space.body.Exchange).toMatchObject({
      ExchangeId: 'EUR_AMS2',
      Name: 'Euronext Equity & Index Derivatives - AMS',
    });
    const uic = space.body.OptionSpace.flatMap((expiry) => expiry.SpecificOptions ?? [])[0]!.Uic;
    const schedule = await sim.get<InstrumentTradeSessions>(
      `ref/v1/instruments/tradingschedule/${uic}/StockOption`,
    );
    const exchange = await sim.get<ExchangeDetails>('ref/v1/exchanges/EUR_AMS2');
    expect(schedule.body.Sessions).toEqual(exchange.body.ExchangeSessions);
  });

  it('gives hours that agree with the trading schedule of an instrument on each exchange', async () => {
    const exchanges = (await sim.get<Feed<ExchangeDetails>>('ref/v1/exchanges')).body.Data;
    let compared = 0;
    let probes = 0;
    for (const exchange of exchanges) {
      const found = await sim.get<Feed<SummaryInfo>>(
        `ref/v1/instruments?ExchangeId=${exchange.ExchangeId}&IncludeNonTradable=true&$top=50`,
      );
      const instrument = found.body.Data.find((item) => item.SummaryType === 'Instrument');
      if (!instrument) continue;
      const schedule = await sim.get<InstrumentTradeSessions>(
        `ref/v1/instruments/tradingschedule/${instrument.Identifier}/${instrument.AssetType}`,
      );
      expect(schedule.status).toBe(200);
      const context = `${exchange.ExchangeId} (${instrument.Symbol})`;
      expect(exchange.ExchangeSessions, context).toEqual(schedule.body.Sessions);
      expect(exchange.TimeZone, context).toBe(schedule.body.TimeZone);
      expect(exchange.TimeZoneOffset, context).toBe(schedule.body.TimeZoneOffset);
      compared++;

      // Each phase of the usual day, on the days of the window without a holiday or early close,
      // is what the schedule says; on a holiday the exchange is closed through the day's phases.
      const zone = exchange.TradingHours.TimeZoneName;
      const holidays = new Set(exchange.Holidays.map((holiday) => holiday.Date));
      const earlyCloses = new Set(exchange.EarlyCloses.map((close) => close.Date));
      const today = DateTime.fromJSDate(NOW, { zone }).startOf('day');
      for (let offset = 1; offset <= 5; offset++) {
        const day = today.plus({ days: offset });
        const date = day.toISODate()!;
        if (exchange.TradingHours.WeekendDays.includes(WEEKDAYS[day.weekday - 1]!) || earlyCloses.has(date))
          continue;
        const isTradingDay = (candidate: DateTime) =>
          !exchange.TradingHours.WeekendDays.includes(WEEKDAYS[candidate.weekday - 1]!) &&
          !holidays.has(candidate.toISODate()!);
        for (const phase of exchange.TradingHours.Phases) {
          const state = (at: DateTime) => sessionAt(exchange.ExchangeSessions, at)?.State;
          // The evening a phase starts on: the trading day, the calendar day before it, or the trading day before it.
          let evening = phase.StartsOn === undefined ? day : day.minus({ days: 1 });
          if (phase.StartsOn === 'PreviousTradingDay')
            while (!isTradingDay(evening)) evening = evening.minus({ days: 1 });
          if (evening < today) continue;
          const start = localTime(evening, phase.StartTime).plus({ minutes: 1 });
          const end = localTime(
            phase.StartsOn === undefined ? day : evening.plus({ days: 1 }),
            phase.EndTime,
          ).minus({
            minutes: 1,
          });
          if (holidays.has(date)) {
            // An evening phase before a holiday belongs to the next trading day, so only the day's own phases close.
            if (phase.StartsOn === undefined)
              expect(state(end), `${context} ${date} ${phase.EndTime} (holiday)`).toBe('Closed');
          } else {
            expect(state(start), `${context} ${date} after ${phase.StartTime}`).toBe(phase.State);
            expect(state(end), `${context} ${date} before ${phase.EndTime}`).toBe(phase.State);
          }
          probes++;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(40);
    expect(probes).toBeGreaterThan(200);
  });

  it('lists the ISO 4217 currencies the universe trades, with names and decimals', async () => {
    const whole = await sim.get<Feed<CurrencyDetails>>('ref/v1/currencies?$top=1000');
    expect(whole.status).toBe(200);
    expectNoNulls(whole.body);
    const byCode = new Map(whole.body.Data.map((currency) => [currency.CurrencyCode, currency]));
    expect(byCode.get('USD')).toEqual({ CurrencyCode: 'USD', Decimals: 2, Name: 'US Dollar', Symbol: '$' });
    expect(byCode.get('JPY')).toEqual({ CurrencyCode: 'JPY', Decimals: 0, Name: 'Yen', Symbol: '¥' });
    expect(byCode.get('GBP')).toEqual({
      CurrencyCode: 'GBP',
      Decimals: 2,
      Name: 'Pound Sterling',
      Symbol: '£',
    });
    expect(byCode.get('EUR')).toMatchObject({ Symbol: '€' });
    expect(byCode.get('DKK')).toMatchObject({ Name: 'Danish Krone', Symbol: 'kr.' });
    expect(byCode.get('SEK')).toMatchObject({ Symbol: 'kr' });
    expect(byCode.get('CHF')).not.toHaveProperty('Symbol');
    // No symbol of its own: the field is absent, as on the platform, never the code or null.
    expect(byCode.get('XAU')).toEqual({ CurrencyCode: 'XAU', Name: 'Gold' });
    expect(byCode.get('CNH')).not.toHaveProperty('Symbol');
    expect(byCode.get('CNH')).toMatchObject({ Decimals: 2 });
    // Pence and cents are quote units of London and Johannesburg shares, not currencies.
    expect(byCode.has('GBX')).toBe(false);
    expect(byCode.has('ZAc')).toBe(false);
    expect(whole.body.Data.map((currency) => currency.CurrencyCode)).toEqual([...byCode.keys()].sort());

    const pairs = (await sim.get<Feed<CurrencyPairDetails>>('ref/v1/currencypairs')).body.Data;
    for (const pair of pairs) expect(byCode.has(pair.CurrencyCode), pair.CurrencyCode).toBe(true);
    const exchanges = (await sim.get<Feed<ExchangeDetails>>('ref/v1/exchanges')).body.Data;
    for (const exchange of exchanges) expect(byCode.has(exchange.Currency), exchange.ExchangeId).toBe(true);

    const paged = await collectFeed<CurrencyDetails>(sim, 'ref/v1/currencies?$top=5');
    expect(paged.items).toEqual(whole.body.Data);
    expect(paged.counts.every((count) => count === whole.body.Data.length)).toBe(true);
  });
});
