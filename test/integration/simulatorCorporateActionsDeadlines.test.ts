/**
 * The simulator's response deadlines as a back office reads them: instants at 17:00 in the
 * market's own zone (universe facts: "usually 1–3 business days before [the market deadline],
 * for example 17:00 local"), on business days of that market, which the desk learns the way it
 * does in the inbox: the instrument's exchange from its details, a bond traded over the counter
 * counting in its issuer's home market (the first listed exchange of its ISIN's country; Brussels,
 * Euroclear's, for an international security), the
 * exchanges list for the zone and weekend, and the holidays feed.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CorporateActionEvent,
  ExchangeDetails,
  ExchangeHolidayEntry,
  Feed,
  InstrumentDetails,
} from '../../contract/wire/types';
import { businessDaysFrom, isBusinessDay, marketCalendar } from '../../renderer/src/features/corporateActions/logic/marketCalendar';
import { marketDay } from '../../renderer/src/features/corporateActions/logic/deadlines';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { collectFeed } from '../support/wireChecks';

const AS_OF = '2026-11-28';

/** The issuer's country by the ISIN; international securities (XS, Eurobonds) are held in Brussels at Euroclear. */
const homeCountry = (event: CorporateActionEvent) => {
  const prefix = event.DisplayAndFormat?.IsinCode?.slice(0, 2);
  return prefix === 'XS' ? 'BE' : prefix;
};

describe('response deadlines of the simulated events', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ asOf: new Date(`${AS_OF}T00:00:00Z`) });
  });
  afterAll(() => sim.close());

  it('fall at 17:00 in the market’s zone on its business days, before the market deadline', async () => {
    const { items: events } = await collectFeed<CorporateActionEvent>(sim, 'ca/v2/events?$top=1000&IncludeLapsedEvents=true');
    const exchanges = (await sim.get<Feed<ExchangeDetails>>('ref/v1/exchanges?$top=1000')).body.Data;
    const { items: holidays } = await collectFeed<ExchangeHolidayEntry>(sim, 'ref/v1/exchanges/holidays?FromDate=2024-06-01&ToDate=2027-05-31');
    const listedOn = new Map<string, string>();
    for (const assetType of ['Stock', 'Bond']) {
      const uics = [...new Set(events.filter((e) => e.AssetType === assetType).map((e) => e.Uic!))];
      for (let start = 0; start < uics.length; start += 200) {
        const page = await sim.get<Feed<InstrumentDetails>>(
          `ref/v1/instruments/details?Uics=${uics.slice(start, start + 200).join(',')}&AssetTypes=${assetType}&$top=200`,
        );
        for (const details of page.body.Data) listedOn.set(`${assetType}:${details.Uic}`, details.Exchange!.ExchangeId);
      }
    }
    const calendarOf = (event: CorporateActionEvent) => {
      let id = listedOn.get(`${event.AssetType}:${event.Uic}`)!;
      if (!exchanges.find((exchange) => exchange.ExchangeId === id)?.IsoMic)
        id = exchanges.find((exchange) => exchange.CountryCode === homeCountry(event) && exchange.IsoMic)!.ExchangeId;
      const exchange = exchanges.find((candidate) => candidate.ExchangeId === id)!;
      return marketCalendar({
        exchangeId: id,
        name: exchange.Name,
        zone: exchange.TimeZoneName,
        weekendDays: exchange.TradingHours.WeekendDays,
        holidays: holidays.filter((holiday) => holiday.ExchangeId === id).map((holiday) => holiday.Date),
      });
    };

    let checked = 0;
    for (const event of events) {
      const calendar = calendarOf(event);
      for (const option of event.Options ?? []) {
        if (!option.Deadline?.Date || !option.MarketDeadline?.Date) continue;
        const at = Date.parse(option.Deadline.Date);
        const market = Date.parse(option.MarketDeadline.Date);
        const local = DateTime.fromMillis(at, { zone: calendar.zone });
        const where = `${event.EventId} option ${option.OptionId} (${calendar.exchangeId}, ${option.Deadline.Date})`;
        expect(local.toFormat('HH:mm'), where).toBe('17:00');
        // Only deadlines within the holidays read can be checked against them.
        if (local.toISODate()! < '2024-06-01' || local.toISODate()! > '2027-05-31') continue;
        expect(isBusinessDay(calendar, marketDay(at, calendar.zone)), where).toBe(true);
        const before = businessDaysFrom(calendar, marketDay(at, calendar.zone), marketDay(market, calendar.zone));
        expect(before, where).toBeGreaterThanOrEqual(1);
        expect(before, where).toBeLessThanOrEqual(3);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
