import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, InstrumentDetails, SummaryInfo } from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { collectFeed, expectBadParameter, expectNoNulls, expectUtcDateTimes } from '../support/wireChecks';

type Details = InstrumentDetails & Record<string, unknown>;

/** Fields that belong to some asset types only (spec 2.1), and the asset types they belong to. */
const FIELDS_OF: Record<string, (assetType: string) => boolean> = {
  IsDmaEnabled: (type) => type === 'FxSpot',
  DefaultSlippage: (type) => type === 'FxSpot',
  FxForwardMaxForwardDate: (type) => ['FxSpot', 'FxForwards', 'FxSwap'].includes(type),
  Coupon: (type) => type === 'Bond',
  CouponType: (type) => type === 'Bond',
  BondType: (type) => type === 'Bond',
  DistributionPolicy: (type) => type === 'MutualFund',
  CutOffTimeForSubscriptions: (type) => type === 'MutualFund',
  RedemptionDays: (type) => type === 'MutualFund',
  PutCall: (type) => ['StockOption', 'StockIndexOption', 'FuturesOption'].includes(type),
  StrikePrice: (type) => ['StockOption', 'StockIndexOption', 'FuturesOption'].includes(type),
  LotSizeText: (type) => type === 'ContractFutures',
  IsPitTraded: (type) => type === 'ContractFutures',
  NoticeDate: (type) => type === 'ContractFutures',
  ExpiryDateTime: (type) => type === 'CfdOnFutures',
  TradingUnitsPlural: (type) => type === 'CfdOnFutures',
  CanParticipateInMultiLegOrder: (type) => type === 'FxVanillaOption',
  ExpiryDate: (type) =>
    ['ContractFutures', 'CfdOnFutures', 'StockOption', 'StockIndexOption', 'FuturesOption'].includes(type),
  SettlementStyle: (type) =>
    ['StockOption', 'StockIndexOption', 'FuturesOption'].includes(type) || type.startsWith('Certificate'),
};

const OBSOLETE = ['FxSpotDate', 'RelatedOptionRoots', 'DefaultExpiry', 'DefaultOption'];

describe('GET /ref/v1/instruments/details and /details/{Uic}/{AssetType}', () => {
  let sim: TestSimulator;
  const one = (uic: number | string, assetType: string, query = '') =>
    sim.get<Details>(`ref/v1/instruments/details/${uic}/${assetType}${query ? `?${query}` : ''}`);
  const list = (query: string) => sim.get<Feed<Details>>(`ref/v1/instruments/details?${query}`);

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it('returns one row per asset type of an FX uic when given Uics alone', async () => {
    const response = await list('Uics=23');
    expect(response.status).toBe(200);
    expect(response.body.__count).toBe(6);
    expect(response.body.Data.map((row) => row.AssetType).sort()).toEqual([
      'FxForwards',
      'FxKnockInOption',
      'FxKnockOutOption',
      'FxSpot',
      'FxSwap',
      'FxVanillaOption',
    ]);
    expect(response.body.Data.every((row) => row.Uic === 23 && row.Symbol === 'GBPCAD')).toBe(true);
    expect((await list('Uics=23&AssetTypes=FxSpot')).body.Data.map((row) => row.AssetType)).toEqual([
      'FxSpot',
    ]);
  });

  it('describes FX spot the platform way', async () => {
    const eurusd = (await one(21, 'FxSpot')).body;
    expect(eurusd).toMatchObject({
      AssetType: 'FxSpot',
      CurrencyCode: 'USD',
      Description: 'Euro/US Dollar',
      Exchange: { CountryCode: 'DK', ExchangeId: 'SBFX', Name: 'Inter Bank' },
      Format: { Decimals: 4, Format: 'AllowDecimalPips', OrderDecimals: 4 },
      IsDmaEnabled: true,
      Symbol: 'EURUSD',
      TickSize: 0.00001,
      TradableAs: ['FxSpot', 'FxForwards', 'FxVanillaOption', 'FxKnockInOption', 'FxKnockOutOption'],
      Uic: 21,
    });
    expect(eurusd.FxForwardMinForwardDate! < eurusd.FxForwardMaxForwardDate!).toBe(true);
    expect((await one(42, 'FxSpot')).body).toMatchObject({
      Symbol: 'USDJPY',
      Format: { Decimals: 2, Format: 'AllowDecimalPips' },
    });
  });

  it('describes shares, bonds, funds, futures and CFDs with the fields of their asset type', async () => {
    expect((await one(211, 'Stock')).body).toMatchObject({
      AssetType: 'Stock',
      Exchange: { ExchangeId: 'NASDAQ', CountryCode: 'US' },
      LotSize: 1,
      PrimaryListing: 211,
      TradableAs: ['Stock', 'CfdOnStock'],
      RelatedOptionRootsEnhanced: [{ AssetType: 'StockOption', OptionRootId: expect.any(Number) }],
    });
    expect((await one(211, 'CfdOnStock')).body).toMatchObject({ AssetType: 'CfdOnStock', IsComplex: true });

    const bonds = await list('AssetTypes=Bond&$top=100');
    expect(bonds.body.Data.find((bond) => bond.Symbol?.startsWith('UST 4.25%'))).toMatchObject({
      BondType: 'Government',
      Coupon: 4.25,
      CouponType: 'Fixed',
      CurrencyCode: 'USD',
    });
    expect(
      bonds.body.Data.some(
        (bond) => bond.BondIndexRatio !== undefined && bond.DeflationFloorProtectionType !== undefined,
      ),
    ).toBe(true);

    const fund = (await list('AssetTypes=MutualFund&$top=1')).body.Data[0]!;
    expect(fund).toMatchObject({
      DisplayHint: 'Fund',
      DistributionPolicy: expect.any(String),
      DividendPeriodicity: expect.any(String),
      CutOffTimeForSubscriptions: expect.stringMatching(/^\d{2}:\d{2}$/),
      SubscriptionDaysType: 'BusinessDays',
      MinimumTradeSizeCurrency: fund.CurrencyCode,
    });

    const futures = (await list('AssetTypes=ContractFutures&$top=1000')).body.Data.filter(
      (row) => row.ExpiryDate,
    );
    expect(futures.every((row) => /T00:00:00Z$/.test(row.ExpiryDate!))).toBe(true);
    const cfd = (await list('AssetTypes=CfdOnFutures&$top=1')).body.Data[0]!;
    expect(cfd).toMatchObject({
      ExpiryDateTime: expect.stringMatching(/Z$/),
      TradingUnitsPlural: expect.any(String),
      PriceToContractFactor: 1,
    });
  });

  it('carries only the fields that apply to each asset type, and no obsolete ones', async () => {
    const assetTypes = [
      'FxSpot',
      'FxForwards',
      'FxSwap',
      'FxVanillaOption',
      'FxKnockInOption',
      'Stock',
      'CfdOnStock',
      'Etf',
      'StockIndex',
      'CfdOnIndex',
      'Bond',
      'MutualFund',
      'ContractFutures',
      'CfdOnFutures',
      'StockOption',
      'StockIndexOption',
      'FuturesOption',
      'CertificateDiscount',
    ];
    for (const assetType of assetTypes) {
      const rows = (await list(`AssetTypes=${assetType}&$top=40`)).body.Data;
      expect(rows.length, assetType).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.AssetType).toBe(assetType);
        for (const [field, belongs] of Object.entries(FIELDS_OF)) {
          if (!belongs(assetType)) expect(row[field], `${assetType} ${row.Symbol} ${field}`).toBeUndefined();
        }
        for (const field of OBSOLETE) expect(row[field]).toBeUndefined();
        expectNoNulls(row);
        expectUtcDateTimes(row);
      }
    }
  });

  it('adds OrderSetting, SupportedOrderTypeSettings and TradingSessions only when asked', async () => {
    const plain = (await one(211, 'Stock')).body;
    expect(plain.OrderSetting).toBeUndefined();
    expect(plain.TradingSessions).toBeUndefined();
    const full = (
      await one(211, 'Stock', 'FieldGroups=OrderSetting,SupportedOrderTypeSettings,TradingSessions')
    ).body;
    expect(full.OrderSetting).toMatchObject({ Currency: 'USD', MaxOrderSize: expect.any(Number) });
    expect(full.SupportedOrderTypeSettings).toContainEqual({
      OrderType: 'Limit',
      DurationTypes: expect.arrayContaining(['DayOrder']),
    });
    const sessions = full.TradingSessions!;
    expect(sessions.TimeZone).toBe(3);
    expect(sessions.Sessions.length).toBeGreaterThan(3);
    const schedule = await sim.get<{ Sessions: unknown[] }>('ref/v1/instruments/tradingschedule/211/Stock');
    expect(sessions.Sessions).toEqual(schedule.body.Sessions);
    const listed = await list('Uics=211&AssetTypes=Stock&FieldGroups=TradingSessions');
    expect(listed.body.Data[0]!.TradingSessions).toBeDefined();
    expectBadParameter(await one(211, 'Stock', 'FieldGroups=Everything'), 'FieldGroups');
  });

  it('lists an asset type in pages whose __next yields every instrument exactly once', async () => {
    const pages = await collectFeed<Details>(
      sim,
      'ref/v1/instruments/details?AssetTypes=Bond,MutualFund&$top=23',
    );
    expect(pages.items).toHaveLength(pages.counts[0]!);
    expect(new Set(pages.items.map((row) => `${row.Uic}/${row.AssetType}`)).size).toBe(pages.items.length);
    expect(pages.items.slice(0, 10).every((row) => row.AssetType === 'Bond')).toBe(true);
    expect(pages.items.at(-1)!.AssetType).toBe('MutualFund');
    expect((await list('AssetTypes=Bond')).body.Data).toHaveLength(50);
  });

  it('filters the list by one display-hint tag', async () => {
    const etfs = await list('AssetTypes=Etf,Stock&Tags=Etf&$top=1000');
    expect(etfs.body.Data.length).toBeGreaterThan(0);
    expect(etfs.body.Data.every((row) => row.DisplayHint === 'Etf')).toBe(true);
  });

  it('gives the details of a specific option from its option space', async () => {
    const roots = await sim.get<Feed<SummaryInfo>>('ref/v1/instruments?Keywords=AAPL&AssetTypes=StockOption');
    const rootId = roots.body.Data[0]!.Identifier;
    const space = await sim.get<{
      OptionSpace: {
        Expiry: string;
        SpecificOptions?: { Uic: number; StrikePrice: number; PutCall: string }[];
      }[];
    }>(`ref/v1/instruments/contractoptionspaces/${rootId}?OptionSpaceSegment=DefaultDates`);
    const entry = space.body.OptionSpace[0]!;
    const option = entry.SpecificOptions![0]!;
    const details = (await one(option.Uic, 'StockOption')).body;
    expect(details).toMatchObject({
      AssetType: 'StockOption',
      ExerciseStyle: 'American',
      ExpiryDate: entry.Expiry,
      PutCall: option.PutCall,
      SettlementStyle: 'PhysicalDelivery',
      StrikePrice: option.StrikePrice,
      Uic: option.Uic,
      RelatedInstruments: [{ AssetType: 'Stock', Uic: 211 }],
    });
    expect((await list(`Uics=${option.Uic}`)).body.Data).toHaveLength(1);
    // The spec's ContractOptions names the contract options whatever their kind.
    expect((await one(option.Uic, 'ContractOptions')).body.Uic).toBe(option.Uic);
  });

  it('accepts Futures for ContractFutures in the route', async () => {
    const continuous = await sim.get<Feed<SummaryInfo>>(
      'ref/v1/instruments?Keywords=ES&AssetTypes=ContractFutures&ExchangeId=CME',
    );
    const uic = continuous.body.Data[0]!.Identifier;
    expect((await one(uic, 'Futures')).body).toMatchObject({ AssetType: 'ContractFutures', Uic: uic });
  });

  it('answers 404 for unknown instruments and 400 naming bad route or query values', async () => {
    expect((await one(999_999_999, 'Stock')).status).toBe(404);
    expect((await one(211, 'FxSpot')).status).toBe(404);
    expect((await one(211, 'Shares')).body).toMatchObject({ ErrorCode: 'InvalidAssetType' });
    expectBadParameter(await one('abc', 'Stock'), 'Uic');
    expect((await list('')).body).toMatchObject({ ErrorCode: 'NoSearchCriteriaProvided' });
    expect((await list('Tags=Etf')).body).toMatchObject({ ErrorCode: 'NoSearchCriteriaProvided' });
    expectBadParameter(await list('AssetTypes=Stock&$top=5000'), '$top');
    expectBadParameter(await list('AssetTypes=Gold'), 'AssetTypes', 'AssetTypesParseFailed');
    expect((await one(211, 'Stock', 'AccountKey=x&ClientKey=y')).status).toBe(200);
  });
});

describe('details served again (rendered-details cache)', () => {
  let sim: TestSimulator;
  let now = new Date('2026-11-23T12:00:00Z');
  const one = (query = '') => sim.get<Details>(`ref/v1/instruments/details/211/Stock${query ? `?${query}` : ''}`);

  beforeAll(async () => {
    sim = await startTestSimulator({ clock: () => now });
  });
  afterAll(() => sim.close());

  it('answers a repeat with the same body and keeps field groups apart', async () => {
    const first = await one();
    const again = await one();
    expect(again.text).toBe(first.text);
    const withSettings = await one('FieldGroups=OrderSetting');
    expect(withSettings.body.OrderSetting).toBeDefined();
    expect((await one()).body.OrderSetting).toBeUndefined();
    // The same groups in another order are the same request.
    expect((await one('FieldGroups=SupportedOrderTypeSettings,OrderSetting')).text).toBe(
      (await one('FieldGroups=OrderSetting,SupportedOrderTypeSettings')).text,
    );
  });

  it('renders TradingSessions afresh as the clock moves', async () => {
    const monday = (await one('FieldGroups=TradingSessions')).body.TradingSessions!.Sessions;
    now = new Date('2026-11-25T12:00:00Z');
    const wednesday = (await one('FieldGroups=TradingSessions')).body.TradingSessions!.Sessions;
    expect(wednesday[0]!.StartTime > monday[0]!.StartTime).toBe(true);
  });
});
