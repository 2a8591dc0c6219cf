import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, InstrumentDetails, SummaryInfo } from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { expectBadParameter, expectNoNulls, expectUtcDateTimes } from '../support/wireChecks';

interface SpecificOption {
  PutCall: string;
  StrikePrice: number;
  TradingStatus: string;
  Uic: number;
  UnderlyingUic: number;
}
interface OptionEntry {
  DisplayDaysToExpiry: number;
  DisplayDaysToLastTradeDate: number;
  DisplayExpiry: string;
  Expiry: string;
  LastTradeDate: string;
  SpecificOptions?: SpecificOption[];
}
interface OptionRootSpace extends InstrumentDetails {
  OptionRootId: number;
  ExerciseStyle: string;
  OptionSpace: OptionEntry[];
}
interface FuturesSpace {
  BaseIdentifier: string;
  Elements: { DaysToExpiry: number; ExpiryDate: string; Symbol: string; Uic: number }[];
}

const DAY_MS = 86_400_000;
const utcDay = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

describe('option spaces, futures spaces and currency pairs', () => {
  let sim: TestSimulator;
  let now = new Date();
  const rootIds = new Map<string, number>();
  const space = (rootId: number, query = '') =>
    sim.get<OptionRootSpace>(`ref/v1/instruments/contractoptionspaces/${rootId}${query ? `?${query}` : ''}`);

  beforeAll(async () => {
    sim = await startTestSimulator({ clock: () => now });
    for (const [symbol, assetType] of [
      ['SPX:xcbo', 'StockIndexOption'],
      ['SPXW:xcbo', 'StockIndexOption'],
      ['ES:xcme', 'FuturesOption'],
      ['AAPL:xcbo', 'StockOption'],
    ] as const) {
      const found = await sim.get<Feed<SummaryInfo>>(
        `ref/v1/instruments?Keywords=${symbol.split(':')[0]}&AssetTypes=${assetType}`,
      );
      rootIds.set(symbol, found.body.Data.find((item) => item.Symbol === symbol)!.Identifier);
    }
  });
  afterAll(() => sim.close());

  it('lists every expiry of a root without SpecificOptions by default (OptionSpaceSegment None)', async () => {
    const response = await space(rootIds.get('SPX:xcbo')!);
    expect(response.status).toBe(200);
    const root = response.body;
    expect(root).toMatchObject({
      AssetType: 'StockIndexOption',
      ExerciseStyle: 'European',
      SettlementStyle: 'CashDelivery',
      Symbol: 'SPX:xcbo',
      UnderlyingAssetType: 'StockIndex',
    });
    // SPX lists its AM-settled third Fridays only (the weeklies are SPXW's).
    expect(root.OptionSpace.length).toBeGreaterThanOrEqual(15);
    expect(root.OptionSpace.every((entry) => entry.SpecificOptions === undefined)).toBe(true);
    const expiries = root.OptionSpace.map((entry) => entry.Expiry);
    expect([...expiries].sort()).toEqual(expiries);
    expect(root).not.toHaveProperty('DefaultExpiry');
    expect(root).not.toHaveProperty('DefaultOption');
    expect(root).not.toHaveProperty('RelatedOptionRoots');
    expectNoNulls(root);
    expectUtcDateTimes(root);
  });

  it('has weekly (SPXW), monthly, quarterly and long-dated (SPX) S&P 500 expiries and at least 10,000 contracts', async () => {
    const root = (await space(rootIds.get('SPX:xcbo')!, 'OptionSpaceSegment=AllDates')).body;
    const weeklies = (await space(rootIds.get('SPXW:xcbo')!, 'OptionSpaceSegment=AllDates')).body;
    const contracts = [...root.OptionSpace, ...weeklies.OptionSpace].reduce(
      (sum, entry) => sum + entry.SpecificOptions!.length,
      0,
    );
    expect(contracts).toBeGreaterThanOrEqual(10_000);
    expect(root.OptionSpace.length + weeklies.OptionSpace.length).toBeGreaterThanOrEqual(40);
    const expiries = root.OptionSpace.map((entry) => new Date(entry.Expiry));
    const yearsOut = (expiries.at(-1)!.getTime() - now.getTime()) / (365 * DAY_MS);
    expect(yearsOut).toBeGreaterThan(3);
    expect(
      weeklies.OptionSpace.filter((entry) => entry.DisplayDaysToExpiry <= 35).length,
    ).toBeGreaterThanOrEqual(15);
    // Monthlies show the first of the month as DisplayExpiry.
    expect(
      root.OptionSpace.every(
        (entry) => entry.DisplayExpiry.endsWith('-01T00:00:00Z') && entry.Expiry !== entry.DisplayExpiry,
      ),
    ).toBe(true);
    for (const entry of [...root.OptionSpace, ...weeklies.OptionSpace]) {
      const strikes = entry
        .SpecificOptions!.filter((option) => option.PutCall === 'Call')
        .map((option) => option.StrikePrice);
      const puts = entry
        .SpecificOptions!.filter((option) => option.PutCall === 'Put')
        .map((option) => option.StrikePrice);
      expect(puts).toEqual(strikes);
      expect([...strikes].sort((a, b) => a - b)).toEqual(strikes);
      expect(strikes.every((strike) => strike % 5 === 0)).toBe(true);
    }
    const near = weeklies.OptionSpace[0]!.SpecificOptions!.map((option) => option.StrikePrice);
    expect(near.length / 2).toBeGreaterThanOrEqual(150);
  });

  it('gives SpecificOptions only on the selected expiries', async () => {
    const rootId = rootIds.get('SPX:xcbo')!;
    const defaults = (await space(rootId, 'OptionSpaceSegment=DefaultDates')).body.OptionSpace;
    expect(defaults.slice(0, 3).every((entry) => entry.SpecificOptions!.length > 0)).toBe(true);
    expect(defaults.slice(3).every((entry) => !('SpecificOptions' in entry))).toBe(true);

    const all = (await space(rootId)).body.OptionSpace;
    const picked = [all[5]!.Expiry.slice(0, 10), all[9]!.Expiry.slice(0, 10)];
    const specific = (await space(rootId, `OptionSpaceSegment=SpecificDates&ExpiryDates=${picked.join(',')}`))
      .body.OptionSpace;
    expect(
      specific.filter((entry) => entry.SpecificOptions).map((entry) => entry.Expiry.slice(0, 10)),
    ).toEqual(picked);

    const tradable = (await space(rootId, 'OptionSpaceSegment=AllDates&TradingStatus=Tradable')).body
      .OptionSpace;
    const statuses = new Set(
      tradable.flatMap((entry) => entry.SpecificOptions!.map((option) => option.TradingStatus)),
    );
    expect(statuses).toEqual(new Set(['Tradable']));
    const nonTradable = (
      await space(rootId, 'OptionSpaceSegment=AllDates&TradingStatus=NonTradable,ReduceOnly')
    ).body.OptionSpace;
    expect(nonTradable.flatMap((entry) => entry.SpecificOptions!).length).toBeGreaterThan(0);
  });

  it('selects the expiries of one underlying future with OptionSpaceSegment=UnderlyingUic', async () => {
    const rootId = rootIds.get('ES:xcme')!;
    const all = (await space(rootId, 'OptionSpaceSegment=AllDates')).body;
    expect(all).toMatchObject({
      AssetType: 'FuturesOption',
      UnderlyingAssetType: 'ContractFutures',
      ExerciseStyle: 'American',
    });
    const underlyings = [
      ...new Set(all.OptionSpace.map((entry) => entry.SpecificOptions![0]!.UnderlyingUic)),
    ];
    expect(underlyings.length).toBeGreaterThan(1);
    const chosen = underlyings[1]!;
    const future = (await sim.get<InstrumentDetails>(`ref/v1/instruments/details/${chosen}/ContractFutures`))
      .body;
    expect(future.Symbol).toMatch(/^ES[HMUZ]\d$/);
    const selected = (await space(rootId, `OptionSpaceSegment=UnderlyingUic&UnderlyingUic=${chosen}`)).body
      .OptionSpace;
    const withOptions = selected.filter((entry) => entry.SpecificOptions);
    expect(withOptions.length).toBeGreaterThan(0);
    expect(
      withOptions.every((entry) => entry.SpecificOptions!.every((option) => option.UnderlyingUic === chosen)),
    ).toBe(true);
    // Options exercise into a future expiring on or after them.
    expect(withOptions.every((entry) => entry.Expiry <= future.ExpiryDate!)).toBe(true);
  });

  it('counts DisplayDaysToExpiry at request time from the clock', async () => {
    const rootId = rootIds.get('AAPL:xcbo')!;
    const before = (await space(rootId)).body.OptionSpace;
    const expiry = new Date(before[0]!.Expiry);
    expect(before[0]!.DisplayDaysToExpiry).toBe(Math.round((utcDay(expiry) - utcDay(now)) / DAY_MS));
    const saved = now;
    now = new Date(now.getTime() + 3 * DAY_MS);
    try {
      const after = (await space(rootId)).body.OptionSpace;
      expect(after[0]!.DisplayDaysToExpiry).toBe(before[0]!.DisplayDaysToExpiry - 3);
      expect(after[0]!.DisplayDaysToLastTradeDate).toBe(before[0]!.DisplayDaysToLastTradeDate - 3);
    } finally {
      now = saved;
    }
  });

  it('validates option space parameters', async () => {
    const rootId = rootIds.get('SPX:xcbo')!;
    expect((await space(rootId, 'OptionSpaceSegment=SpecificDates')).body).toMatchObject({
      ErrorCode: 'ExpiryDatesMustBeSet',
      Message: expect.any(String),
    });
    expect((await space(rootId, 'OptionSpaceSegment=UnderlyingUic')).body).toMatchObject({
      ErrorCode: 'UnderlyingUICMustBeSet',
    });
    expectBadParameter(await space(rootId, 'OptionSpaceSegment=Everything'), 'OptionSpaceSegment');
    expectBadParameter(
      await space(rootId, 'OptionSpaceSegment=SpecificDates&ExpiryDates=2026-02-30'),
      'ExpiryDates',
    );
    expectBadParameter(await space(rootId, 'TradingStatus=Open'), 'TradingStatus');
    expect((await sim.get('ref/v1/instruments/contractoptionspaces/abc')).body).toMatchObject({
      ErrorCode: 'InvalidOptionRootId',
    });
    expect((await sim.get('ref/v1/instruments/contractoptionspaces/999999')).status).toBe(404);
    const multiLeg = await space(rootId, 'CanParticipateInMultiLegOrder=false');
    expect(multiLeg.status).toBe(404);
    expect((await space(rootId, 'CanParticipateInMultiLegOrder=true&ClientKey=abc')).status).toBe(200);
  });

  it('lists a futures space by expiry with month-code symbols and days to expiry', async () => {
    const continuous = await sim.get<Feed<SummaryInfo>>(
      'ref/v1/instruments?Keywords=E-mini S%26P 500&AssetTypes=ContractFutures',
    );
    const es = continuous.body.Data.find(
      (item) => item.Symbol === 'ES:xcme' && item.DisplayHint === 'Continuous',
    )!;
    const response = await sim.get<FuturesSpace>(`ref/v1/instruments/futuresspaces/${es.Identifier}`);
    expect(response.status).toBe(200);
    const { BaseIdentifier, Elements } = response.body;
    expect(BaseIdentifier).toBe('ES');
    expect(Elements.length).toBe(5);
    expect(Elements.map((element) => element.ExpiryDate)).toEqual(
      [...Elements.map((element) => element.ExpiryDate)].sort(),
    );
    for (const element of Elements) {
      expect(element.Symbol).toMatch(/^ES[HMUZ]\d$/);
      const expiry = new Date(element.ExpiryDate);
      expect(element.ExpiryDate).toMatch(/T00:00:00Z$/);
      expect(element.DaysToExpiry).toBe(Math.round((expiry.getTime() - utcDay(now)) / DAY_MS));
      // Third Friday (or the business day before it when that Friday is a holiday).
      expect(expiry.getUTCDate()).toBeGreaterThanOrEqual(14);
      expect(expiry.getUTCDate()).toBeLessThanOrEqual(21);
    }
    expect(es.PrimaryListing).toBe(Elements[0]!.Uic);

    const crude = await sim.get<Feed<SummaryInfo>>(
      'ref/v1/instruments?Keywords=crude&AssetTypes=ContractFutures',
    );
    const cl = crude.body.Data.find((item) => item.Symbol === 'CL:xnym')!;
    const clSpace = (await sim.get<FuturesSpace>(`ref/v1/instruments/futuresspaces/${cl.Identifier}`)).body;
    expect(clSpace.BaseIdentifier).toBe('CL');
    const codes = new Set(clSpace.Elements.slice(0, 12).map((element) => element.Symbol[2]));
    expect(codes).toEqual(new Set('FGHJKMNQUVXZ'));
  });

  it('answers 400 InvalidContinuousFuturesUic for non-continuous or malformed uics and 404 for unknown ones', async () => {
    expect((await sim.get('ref/v1/instruments/futuresspaces/211')).body).toMatchObject({
      ErrorCode: 'InvalidContinuousFuturesUic',
    });
    expect((await sim.get('ref/v1/instruments/futuresspaces/x1')).body).toMatchObject({
      ErrorCode: 'InvalidContinuousFuturesUic',
    });
    expect((await sim.get('ref/v1/instruments/futuresspaces/999999999')).status).toBe(404);
  });

  it('derives currency pairs from the FX spot pairs', async () => {
    const response = await sim.get<
      Feed<{ CurrencyCode: string; RelatedCurrencies: { CurrencyCode: string; Uic: number }[] }>
    >('ref/v1/currencypairs?AccountKey=abc&ClientKey=def');
    expect(response.status).toBe(200);
    const eur = response.body.Data.find((item) => item.CurrencyCode === 'EUR')!;
    expect(eur.RelatedCurrencies).toEqual(
      expect.arrayContaining([
        { CurrencyCode: 'USD', Uic: 21 },
        { CurrencyCode: 'AUD', Uic: 12 },
        { CurrencyCode: 'GBP', Uic: 17 },
      ]),
    );
    const usd = response.body.Data.find((item) => item.CurrencyCode === 'USD')!;
    expect(usd.RelatedCurrencies).toContainEqual({ CurrencyCode: 'EUR', Uic: 21 });
    const uics = [
      ...new Set(response.body.Data.flatMap((item) => item.RelatedCurrencies.map((related) => related.Uic))),
    ];
    const spots = await sim.get<Feed<InstrumentDetails>>(
      `ref/v1/instruments/details?Uics=${uics.join(',')}&AssetTypes=FxSpot&$top=1000`,
    );
    expect(spots.body.__count).toBe(uics.length);
  });
});
