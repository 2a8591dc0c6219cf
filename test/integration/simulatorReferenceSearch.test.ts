import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, InstrumentDetails, SummaryInfo } from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { collectFeed, expectBadParameter, expectNoNulls } from '../support/wireChecks';

/** Words of a text the way a user reads them: letters and digits, case and accents ignored. */
const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

describe('GET /ref/v1/instruments (search)', () => {
  let sim: TestSimulator;
  const search = (query: string) => sim.get<Feed<SummaryInfo>>(`ref/v1/instruments?${query}`);

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it('finds a well-known share by name and by symbol, case-insensitively, with its SummaryInfo', async () => {
    const byName = await search('Keywords=APPLE&AssetTypes=Stock');
    expect(byName.status).toBe(200);
    expect(byName.body.Data[0]).toEqual({
      AssetType: 'Stock',
      CurrencyCode: 'USD',
      Description: 'Apple Inc.',
      ExchangeId: 'NASDAQ',
      GroupId: 0,
      Identifier: 211,
      IsKeywordMatch: true,
      PrimaryListing: 211,
      SummaryType: 'Instrument',
      Symbol: 'AAPL:xnas',
      TradableAs: ['Stock', 'CfdOnStock'],
    });
    const bySymbol = await search('Keywords=aapl&AssetTypes=Stock');
    expect(bySymbol.body.Data.map((item) => item.Identifier)).toContain(211);
    expectNoNulls(byName.body);
  });

  it('requires every keyword to match the start of a word of the symbol or description', async () => {
    const response = await search('Keywords=ba ho&IncludeNonTradable=true&$top=1000');
    expect(response.body.Data.length).toBeGreaterThan(0);
    for (const item of response.body.Data) {
      const itemWords = [...words(item.Symbol), ...words(item.Description)];
      for (const keyword of ['ba', 'ho'])
        expect(
          itemWords.some((word) => word.startsWith(keyword)),
          item.Description,
        ).toBe(true);
    }
    // A keyword matching only the middle of a word finds nothing.
    expect(
      (await search('Keywords=pple&AssetTypes=Stock')).body.Data.map((item) => item.Symbol),
    ).not.toContain('AAPL:xnas');
  });

  it('reports IsKeywordMatch true for whole words and false for word starts, only when Keywords is given', async () => {
    const prefix = await search('Keywords=appl&AssetTypes=Stock');
    expect(prefix.body.Data.find((item) => item.Identifier === 211)?.IsKeywordMatch).toBe(false);
    const whole = await search('Keywords=apple inc&AssetTypes=Stock');
    expect(whole.body.Data.find((item) => item.Identifier === 211)?.IsKeywordMatch).toBe(true);
    const noKeywords = await search('AssetTypes=FxSpot');
    expect(noKeywords.body.Data.every((item) => item.IsKeywordMatch === undefined)).toBe(true);
  });

  it('matches symbols with punctuation and accented descriptions', async () => {
    expect((await search('Keywords=BRK.B')).body.Data.map((item) => item.Symbol)).toContain('BRK.B:xnys');
    expect((await search('Keywords=nestle')).body.Data.map((item) => item.Description)).toContain('Nestlé');
  });

  it('filters by AssetTypes, accepting Futures for ContractFutures, and rejects unknown types', async () => {
    const fx = await collectFeed<SummaryInfo>(sim, 'ref/v1/instruments?AssetTypes=FxSpot&$top=1000');
    expect(fx.items.length).toBeGreaterThanOrEqual(40);
    expect(new Set(fx.items.map((item) => item.AssetType))).toEqual(new Set(['FxSpot']));
    const eurusd = fx.items.find((item) => item.Symbol === 'EURUSD')!;
    expect(eurusd).toMatchObject({
      Identifier: 21,
      ExchangeId: 'SBFX',
      TradableAs: ['FxSpot', 'FxForwards', 'FxVanillaOption', 'FxKnockInOption', 'FxKnockOutOption'],
    });

    const futures = await search('AssetTypes=Futures&Keywords=E-mini');
    expect(futures.body.Data.length).toBeGreaterThan(0);
    expect(new Set(futures.body.Data.map((item) => item.AssetType))).toEqual(new Set(['ContractFutures']));

    expectBadParameter(await search('AssetTypes=Stock,Shares'), 'AssetTypes', 'AssetTypesParseFailed');
  });

  it('filters by ExchangeId, Uics, Class and one display-hint tag', async () => {
    const xetra = await search('ExchangeId=FSE&AssetTypes=Stock&$top=100');
    expect(xetra.body.Data.length).toBeGreaterThan(0);
    expect(xetra.body.Data.every((item) => item.ExchangeId === 'FSE')).toBe(true);

    const uics = await search('Uics=21,211&IncludeNonTradable=true');
    expect(new Set(uics.body.Data.map((item) => item.Identifier))).toEqual(new Set([21, 211]));
    expect(uics.body.Data.some((item) => item.AssetType === 'CfdOnStock')).toBe(true);

    const nonComplex = await search('Uics=211&Class=NonComplex');
    expect(nonComplex.body.Data.map((item) => item.AssetType)).toEqual(['Stock']);
    const complex = await search('Keywords=apple&Class=Complex&AssetTypes=Stock,CfdOnStock');
    expect(complex.body.Data.map((item) => item.AssetType)).toEqual(['CfdOnStock']);

    const etfs = await search('Tags=Etf&$top=200');
    expect(etfs.body.Data.length).toBeGreaterThan(5);
    expect(etfs.body.Data.every((item) => item.DisplayHint === 'Etf')).toBe(true);
    expect(etfs.body.Data.map((item) => item.Symbol)).toContain('SPY:arcx');
    expectBadParameter(await search('Tags=Etf,Etc'), 'Tags');
    expectBadParameter(await search('Tags=Shares'), 'Tags');
  });

  it('leaves out non-tradable instruments unless IncludeNonTradable is true', async () => {
    const visible = await collectFeed<SummaryInfo>(sim, 'ref/v1/instruments?AssetTypes=Stock&$top=1000');
    const all = await collectFeed<SummaryInfo>(
      sim,
      'ref/v1/instruments?AssetTypes=Stock&IncludeNonTradable=true&$top=1000',
    );
    expect(all.items.length).toBeGreaterThan(visible.items.length);
    const hidden = all.items.filter(
      (item) => !visible.items.some((seen) => seen.Identifier === item.Identifier),
    );
    const details = await sim.get<InstrumentDetails>(
      `ref/v1/instruments/details/${hidden[0]!.Identifier}/Stock`,
    );
    expect(details.body).toMatchObject({ IsTradable: false, NonTradableReason: 'NotOnlineClientTradable' });
    // Stock indices are never tradable and are still found.
    expect(
      (await search('Keywords=S%26P 500&AssetTypes=StockIndex')).body.Data.map((item) => item.Symbol),
    ).toContain('SPX.I');
  });

  it('returns option roots as ContractOptionRoot summaries whose Identifier opens the option space', async () => {
    const roots = await search('AssetTypes=StockIndexOption&Keywords=S%26P');
    const spx = roots.body.Data.find((item) => item.Symbol === 'SPX:xcbo')!;
    expect(spx).toMatchObject({
      SummaryType: 'ContractOptionRoot',
      AssetType: 'StockIndexOption',
      CanParticipateInMultiLegOrder: true,
    });
    expect(spx.GroupOptionRootId).toBe(spx.Identifier);
    const space = await sim.get<{ OptionRootId: number; Symbol: string }>(
      `ref/v1/instruments/contractoptionspaces/${spx.Identifier}`,
    );
    expect(space.body).toMatchObject({ OptionRootId: spx.Identifier, Symbol: 'SPX:xcbo' });
  });

  it('restricts option roots by CanParticipateInMultiLegOrder', async () => {
    const all = await collectFeed<SummaryInfo>(sim, 'ref/v1/instruments?AssetTypes=StockOption&$top=1000');
    const multiLeg = await collectFeed<SummaryInfo>(
      sim,
      'ref/v1/instruments?AssetTypes=StockOption&CanParticipateInMultiLegOrder=true&$top=1000',
    );
    const single = await collectFeed<SummaryInfo>(
      sim,
      'ref/v1/instruments?AssetTypes=StockOption&CanParticipateInMultiLegOrder=false&$top=1000',
    );
    expect(multiLeg.items.every((item) => item.CanParticipateInMultiLegOrder === true)).toBe(true);
    expect(single.items.every((item) => item.CanParticipateInMultiLegOrder === false)).toBe(true);
    expect(multiLeg.items.length + single.items.length).toBe(all.items.length);
  });

  it('asks for search criteria and validates paging parameters, naming them', async () => {
    const none = await search('');
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ ErrorCode: 'NoSearchCriteriaProvided', Message: expect.any(String) });
    expect((await search('AccountKey=abc')).body).toMatchObject({ ErrorCode: 'NoSearchCriteriaProvided' });
    expectBadParameter(await search('AssetTypes=FxSpot&$top=1001'), '$top');
    expectBadParameter(await search('AssetTypes=FxSpot&$top=ten'), '$top');
    expectBadParameter(await search('AssetTypes=FxSpot&$skip=-1'), '$skip');
    expectBadParameter(await search('AssetTypes=FxSpot&IncludeNonTradable=maybe'), 'IncludeNonTradable');
    expectBadParameter(await search('AssetTypes=FxSpot&Class=Simple'), 'Class');
    expectBadParameter(await search('Uics=21,x'), 'Uics');
    expect(
      (await search('AssetTypes=FxSpot&AccountKey=anything&OneWeekTotalValueChangesFrom=-5')).status,
    ).toBe(200);
  });

  it('pages with $top (default 50) and $skip, and an absolute __next that yields every item exactly once', async () => {
    const first = await search('AssetTypes=Bond');
    expect(first.body.Data).toHaveLength(50);
    expect(first.body.MaxRows).toBe(1000);
    expect(first.body.__next).toMatch(
      new RegExp(`^${sim.baseUrl.replace(/[.]/g, '\\.')}/ref/v1/instruments\\?`),
    );

    const pages = await collectFeed<SummaryInfo>(
      sim,
      'ref/v1/instruments?AssetTypes=Bond,FxSpot,Etf&$top=17',
    );
    const total = pages.counts[0]!;
    expect(pages.counts.every((count) => count === total)).toBe(true);
    expect(pages.items).toHaveLength(total);
    expect(new Set(pages.items.map((item) => `${item.Identifier}/${item.AssetType}`)).size).toBe(total);
    expect(pages.links.length).toBe(Math.ceil(total / 17) - 1);

    const whole = await search('AssetTypes=Bond,FxSpot,Etf&$top=1000');
    expect(whole.body.__next).toBeUndefined();
    expect(whole.body.Data.map((item) => item.Identifier)).toEqual(
      pages.items.map((item) => item.Identifier),
    );
    expect((await search('AssetTypes=FxSpot&$top=0')).body).toMatchObject({
      __count: fxCount(whole.body.Data),
      Data: [],
    });
  });
});

function fxCount(items: SummaryInfo[]): number {
  return items.filter((item) => item.AssetType === 'FxSpot').length;
}
