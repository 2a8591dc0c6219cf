import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedArgOf, ResultOf } from '../../contract/channels';
import type { SummaryInfo } from '../../contract/wire/types';
import { getApplication, getApplications } from '../../main/core/api/apps';
import { endpoints, type Endpoint, type EndpointChannel } from '../../main/core/api/endpoints';
import { feedItems } from '../../main/core/api/feed';
import { createHttpClient, type HttpClient, type SessionAuth } from '../../main/core/api/http';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

/** Calls the endpoint function of `channel` over `http`. */
const endpoint = <C extends EndpointChannel>(
  http: HttpClient,
  channel: C,
  arg: ParsedArgOf<C>,
): Promise<ResultOf<C>> => (endpoints[channel] as unknown as Endpoint<C>)(http, arg);

/** Every endpoint of spec section 4 through its endpoint function, over HTTP, against the simulator. */
describe('the endpoint functions against the simulator', () => {
  let sim: TestSimulator;
  let http: HttpClient;
  const call = <C extends EndpointChannel>(channel: C, arg: ParsedArgOf<C>) => endpoint(http, channel, arg);

  beforeAll(async () => {
    sim = await startTestSimulator();
    let token = await sim.accessToken('demo');
    const auth: SessionAuth = {
      accessToken: () => token,
      reauthenticate: async () => {
        token = await sim.accessToken('demo');
        return true;
      },
    };
    http = createHttpClient({ baseUrl: sim.baseUrl, auth });
  });
  afterAll(() => sim.close());

  const search = (params: ParsedArgOf<'instruments:search'>) => call('instruments:search', params);
  const first = async (
    params: ParsedArgOf<'instruments:search'>,
    pick: (s: SummaryInfo) => boolean = () => true,
  ) => {
    const found = (await search({ ...params, $top: 200 })).Data.find(pick);
    if (!found) throw new Error(`no instrument for ${JSON.stringify(params)}`);
    return found;
  };

  it('4.7 countries: every ISO 3166-1 country', async () => {
    const feed = await call('reference:countries', undefined);
    expect(feed.Data).toHaveLength(249);
    expect(feed.Data).toContainEqual({ A3: 'DNK', CountryCode: 'DK', Name: 'Denmark', Numeric: 208 });
  });

  it('4.8 time zones: the platform ids with IANA names', async () => {
    const zones = (await call('reference:timeZones', undefined)).Data;
    expect(zones.find((zone) => zone.TimeZoneId === '3')?.ZoneName).toBe('America/New_York');
    for (const zone of zones) expect(zone.TimeZoneOffset).toMatch(/^-?\d{2}:\d{2}:\d{2}$/);
  });

  it('4.9 currency pairs: each currency with its pairs and their uics', async () => {
    const pairs = (await call('reference:currencyPairs', {})).Data;
    const euro = pairs.find((pair) => pair.CurrencyCode === 'EUR');
    expect(euro?.RelatedCurrencies.map((related) => related.CurrencyCode)).toContain('USD');
    for (const related of euro?.RelatedCurrencies ?? []) expect(Number.isInteger(related.Uic)).toBe(true);
  });

  it('exchanges (beyond the spec): every venue across pages, with hours, holidays and the sessions ahead', async () => {
    const exchanges = (await call('reference:exchanges', undefined)).Data;
    expect(exchanges.length).toBeGreaterThan(40);
    expect(new Set(exchanges.map((exchange) => exchange.ExchangeId)).size).toBe(exchanges.length);
    const nasdaq = exchanges.find((exchange) => exchange.ExchangeId === 'NASDAQ');
    expect(nasdaq).toMatchObject({ Name: expect.stringContaining('Nasdaq'), TimeZoneName: 'America/New_York', Currency: 'USD' });
    expect(nasdaq?.TradingHours.Phases.some((phase) => phase.State === 'AutomatedTrading' && phase.StartTime === '09:30')).toBe(true);
    expect(nasdaq?.ExchangeSessions.length).toBeGreaterThan(5);
  });

  it('4.1 search: keywords and asset types, one page at a time, every item once across pages', async () => {
    const page = await search({ Keywords: 'EURUSD', AssetTypes: ['FxSpot'] });
    expect(page.Data.map((item) => item.Symbol)).toContain('EURUSD');
    const firstPage = await search({ AssetTypes: ['Stock'], $top: 5 });
    expect(firstPage.Data).toHaveLength(5);
    expect(firstPage.__next).toBeDefined();
    const identifiers: number[] = [];
    for await (const item of feedItems<SummaryInfo>(
      http,
      'ref/v1/instruments',
      { AssetTypes: ['Stock'] },
      { maxItems: 5_000, pageSize: 100 },
    )) {
      identifiers.push(item.Identifier);
    }
    expect(new Set(identifiers).size).toBe(identifiers.length);
    expect(identifiers.length).toBe(firstPage.__count);
  });

  it('4.3 details of one instrument, and a typed 404 for an unknown one', async () => {
    const stock = await first({ AssetTypes: ['Stock'] });
    const details = await call('instruments:details', { Uic: stock.Identifier, AssetType: 'Stock' });
    expect(details).toMatchObject({ Uic: stock.Identifier, AssetType: 'Stock', Symbol: stock.Symbol });
    expect(details.Exchange?.ExchangeId).toBeTruthy();
    await expect(
      call('instruments:details', { Uic: 2_000_000_000, AssetType: 'Stock' }),
    ).rejects.toMatchObject({
      kind: 'service',
      status: 404,
    });
  });

  it('4.2 details of a list of instruments', async () => {
    const fx = await first({ Keywords: 'EURUSD', AssetTypes: ['FxSpot'] }, (s) => s.Symbol === 'EURUSD');
    const feed = await call('instruments:detailsList', { Uics: [fx.Identifier] });
    expect(feed.Data.length).toBeGreaterThan(0);
    expect(feed.Data.every((row) => row.Uic === fx.Identifier)).toBe(true);
    expect(feed.Data.map((row) => row.AssetType)).toContain('FxSpot');
  });

  it('4.4 option space: SpecificOptions only on the selected expiries', async () => {
    const root = await first(
      { AssetTypes: ['StockOption', 'StockIndexOption'] },
      (s) => s.SummaryType === 'ContractOptionRoot',
    );
    const bare = await call('instruments:optionSpace', { OptionRootId: root.Identifier });
    expect(bare.OptionRootId).toBe(root.Identifier);
    expect(bare.OptionSpace.length).toBeGreaterThan(0);
    expect(bare.OptionSpace.every((entry) => entry.SpecificOptions === undefined)).toBe(true);
    const expiry = bare.OptionSpace[0]!.Expiry.slice(0, 10);
    const chosen = await call('instruments:optionSpace', {
      OptionRootId: root.Identifier,
      OptionSpaceSegment: 'SpecificDates',
      ExpiryDates: [expiry],
    });
    const withOptions = chosen.OptionSpace.filter((entry) => entry.SpecificOptions !== undefined);
    expect(withOptions.map((entry) => entry.Expiry.slice(0, 10))).toEqual([expiry]);
    expect(withOptions[0]!.SpecificOptions!.length).toBeGreaterThan(0);
  });

  it('4.5 futures space of a continuous future, ordered by expiry', async () => {
    const continuous = await first(
      { AssetTypes: ['ContractFutures'] },
      (s) => s.DisplayHint === 'Continuous',
    );
    const space = await call('instruments:futuresSpace', { ContinuousFuturesUic: continuous.Identifier });
    expect(space.Elements.length).toBeGreaterThan(1);
    const expiries = space.Elements.map((element) => element.ExpiryDate);
    expect([...expiries].sort()).toEqual(expiries);
  });

  it('4.6 trading schedule: contiguous sessions', async () => {
    const stock = await first({ AssetTypes: ['Stock'] });
    const schedule = await call('instruments:tradingSchedule', { Uic: stock.Identifier, AssetType: 'Stock' });
    expect(schedule.Sessions.length).toBeGreaterThan(0);
    schedule.Sessions.slice(1).forEach((session, i) =>
      expect(session.StartTime).toBe(schedule.Sessions[i]!.EndTime),
    );
  });

  it('4.10 and 4.11 corporate action events: a filtered page, then one event by id', async () => {
    const page = await call('corporateActions:events', { $top: 5, EventStatus: 'Active' });
    expect(page.Data.length).toBeGreaterThan(0);
    expect(page.Data.length).toBeLessThanOrEqual(5);
    expect(page.Data.every((event) => event.EventStatus === 'Active')).toBe(true);
    const event = await call('corporateActions:event', { EventId: page.Data[0]!.EventId });
    expect(event.EventId).toBe(page.Data[0]!.EventId);
    expect(event.EventType?.Code).toMatch(/^[A-Z]{4}$/);
    await expect(call('corporateActions:event', { EventId: 'no-such-event' })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('4.12 and 4.13 applications: a page with the total and no secrets, then one app by key with its secrets', async () => {
    const list = await getApplications(http, { $top: 5, $skip: 0 });
    expect(list.Data.length).toBeGreaterThan(0);
    expect(list.__count).toBeGreaterThanOrEqual(list.Data.length);
    expect(list.Data.every((app) => app.Secrets === undefined)).toBe(true);
    const app = await getApplication(http, list.Data[0]!.AppKey);
    expect(app).toMatchObject({ AppKey: list.Data[0]!.AppKey, Name: list.Data[0]!.Name });
  });

  it('re-authenticates once when the service rejects an expired token', async () => {
    let token = 'not-a-token';
    let renewals = 0;
    const renewing = createHttpClient({
      baseUrl: sim.baseUrl,
      auth: {
        accessToken: () => token,
        reauthenticate: async () => {
          renewals += 1;
          token = await sim.accessToken('demo');
          return true;
        },
      },
    });
    expect((await endpoint(renewing, 'reference:countries', undefined)).Data).toHaveLength(249);
    expect(renewals).toBe(1);
  });
});
