/**
 * Search as traders type (GET /ref/v1/instruments over HTTP): shares found by ISIN, FX pairs by
 * the forms traders write them in, and results ranked exact symbol and ISIN hits first, then
 * symbol and ISIN prefix hits, then the other matches, in search order within each rank.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, SummaryInfo } from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { collectFeed } from '../support/wireChecks';

/** Letters and digits of a text, lower case: how a symbol or ISIN is compared with what was typed. */
const spelled = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

describe('search as traders type', () => {
  let sim: TestSimulator;
  const search = (query: string) => sim.get<Feed<SummaryInfo>>(`ref/v1/instruments?${query}`);

  /** Search rank and ISIN of a result, read from the universe the simulator serves. */
  let entryOf: (item: SummaryInfo) => { id: number; isin: string | null };

  beforeAll(async () => {
    sim = await startTestSimulator();
    const statement = sim.simulator.context.universe.db.prepare(
      'SELECT id, isin FROM search_entries WHERE identifier = ? AND asset_type = ? AND summary_type = ?',
    );
    entryOf = (item) =>
      statement.get(item.Identifier, item.AssetType, item.SummaryType) as { id: number; isin: string | null };
  });
  afterAll(() => sim.close());

  it('finds a share by its full ISIN, in any case, first and as a keyword match', async () => {
    for (const isin of ['US0378331005', 'us0378331005']) {
      const response = await search(`Keywords=${isin}`);
      expect(response.status).toBe(200);
      expect(response.body.Data[0]).toMatchObject({
        Identifier: 211,
        AssetType: 'Stock',
        IsKeywordMatch: true,
      });
    }
    const sap = await search('Keywords=DE0007164600&AssetTypes=Stock');
    expect(sap.body.Data.map((item) => item.Symbol)).toEqual(['SAP:xetr']);
  });

  it('finds shares by the start of their ISIN, from the third character on', async () => {
    const prefix = await search('Keywords=US03783&AssetTypes=Stock');
    expect(prefix.body.Data.map((item) => item.Identifier)).toContain(211);
    expect(prefix.body.Data.every((item) => entryOf(item).isin?.startsWith('US03783'))).toBe(true);
    const withoutCountry = await search('Keywords=US0&AssetTypes=Stock&$top=1000');
    expect(withoutCountry.body.Data.map((item) => item.Identifier)).toContain(211);
    // Two letters are only a country code: "us" does not list every American share by ISIN.
    const country = await collectFeed<SummaryInfo>(
      sim,
      'ref/v1/instruments?Keywords=us&AssetTypes=Stock&$top=1000',
    );
    expect(country.items.map((item) => item.Identifier)).not.toContain(211);
  });

  it('finds the EUR/USD pair first however a trader writes it', async () => {
    for (const keywords of ['EUR/USD', 'EUR USD', 'eurusd', 'EURUSD', 'eur-usd']) {
      const response = await search(`Keywords=${encodeURIComponent(keywords)}`);
      expect(response.body.Data[0], keywords).toMatchObject({
        AssetType: 'FxSpot',
        Identifier: 21,
        Symbol: 'EURUSD',
      });
      expect(response.body.Data[0]!.IsKeywordMatch, keywords).toBe(true);
    }
    const usdJpy = await search(`Keywords=${encodeURIComponent('usd/jpy')}`);
    expect(usdJpy.body.Data[0]).toMatchObject({ AssetType: 'FxSpot', Symbol: 'USDJPY' });
  });

  it('finds a symbol spelled with or without its punctuation and exchange suffix', async () => {
    for (const keywords of ['BRK.B', 'brkb', 'BRK B', 'brk.b:xnys']) {
      const response = await search(`Keywords=${encodeURIComponent(keywords)}&AssetTypes=Stock`);
      expect(response.body.Data[0]?.Symbol, keywords).toBe('BRK.B:xnys');
    }
  });

  it('ranks exact symbol and ISIN hits first, then prefix hits, then the rest, each in search order', async () => {
    for (const keywords of ['sap', 'es', 'eur', 'gold', 'a', 'nestle', 'US0378331005']) {
      const { items, counts } = await collectFeed<SummaryInfo>(
        sim,
        `ref/v1/instruments?Keywords=${encodeURIComponent(keywords)}&$top=37`,
      );
      expect(items.length, keywords).toBe(counts[0]);
      const key = spelled(keywords);
      const tierOf = (item: SummaryInfo) => {
        const symbol = spelled(item.Symbol);
        const bare = spelled(item.Symbol.split(':')[0]!);
        const isin = spelled(entryOf(item).isin ?? '');
        if (bare === key || symbol === key || (key.length >= 3 && isin === key)) return 0;
        if (bare.startsWith(key) || symbol.startsWith(key) || (key.length >= 3 && isin.startsWith(key)))
          return 1;
        return 2;
      };
      const ranked = items.map((item) => ({ tier: tierOf(item), id: entryOf(item).id }));
      for (let index = 1; index < ranked.length; index++) {
        const [before, after] = [ranked[index - 1]!, ranked[index]!];
        expect(
          after.tier >= before.tier,
          `${keywords}: ${items[index]!.Symbol} after ${items[index - 1]!.Symbol}`,
        ).toBe(true);
        if (after.tier === before.tier)
          expect(after.id, `${keywords}: search order`).toBeGreaterThan(before.id);
      }
      expect(new Set(ranked.map((entry) => entry.id)).size, keywords).toBe(items.length);
    }
    expect((await search('Keywords=sap')).body.Data[0]).toMatchObject({
      Symbol: 'SAP:xetr',
      AssetType: 'Stock',
    });
    expect((await search('Keywords=es&AssetTypes=ContractFutures')).body.Data[0]).toMatchObject({
      Symbol: 'ES:xcme',
      DisplayHint: 'Continuous',
    });
  });

  it('pages through the ranked tiers with __next, every match exactly once and the same count', async () => {
    const whole = await search('Keywords=eur&$top=1000');
    const paged = await collectFeed<SummaryInfo>(sim, 'ref/v1/instruments?Keywords=eur&$top=9');
    expect(paged.items.map((item) => `${item.SummaryType}/${item.Identifier}/${item.AssetType}`)).toEqual(
      whole.body.Data.map((item) => `${item.SummaryType}/${item.Identifier}/${item.AssetType}`),
    );
    expect(paged.counts.every((count) => count === whole.body.__count)).toBe(true);
    expect((await search('Keywords=eur&$top=0')).body).toMatchObject({
      __count: whole.body.__count,
      Data: [],
    });
  });

  it('answers a repeated search with the same page, and never with the page of another search', async () => {
    const queries = [
      'Keywords=a',
      'Keywords=a&$top=5',
      'Keywords=a&$top=5&$skip=5',
      'Keywords=a&AssetTypes=Stock',
      'Keywords=a&AssetTypes=CfdOnStock&Class=Complex',
      'AssetTypes=Stock',
      'AssetTypes=Stock&IncludeNonTradable=true',
      'Keywords=ap',
    ];
    const first = await Promise.all(queries.map((query) => search(query)));
    const again = await Promise.all(queries.map((query) => search(query)));
    expect(again.map((response) => response.text)).toEqual(first.map((response) => response.text));
    expect(new Set(first.map((response) => response.text)).size).toBe(queries.length);
    const [all, five, nextFive, stocks, cfds, visible, withHidden] = first.map((response) => response.body);
    expect(five!.Data).toEqual(all!.Data.slice(0, 5));
    expect(nextFive!.Data).toEqual(all!.Data.slice(5, 10));
    expect(stocks!.Data.every((item) => item.AssetType === 'Stock')).toBe(true);
    expect(cfds!.Data.every((item) => item.AssetType === 'CfdOnStock')).toBe(true);
    expect(withHidden!.__count).toBeGreaterThan(visible!.__count!);
  });

  it('finds a non-tradable share by ISIN only with IncludeNonTradable', async () => {
    const hidden = await collectFeed<SummaryInfo>(
      sim,
      'ref/v1/instruments?AssetTypes=Stock&IncludeNonTradable=true&$top=1000',
    );
    const visible = new Set(
      (await collectFeed<SummaryInfo>(sim, 'ref/v1/instruments?AssetTypes=Stock&$top=1000')).items.map(
        (item) => item.Identifier,
      ),
    );
    const share = hidden.items.find((item) => !visible.has(item.Identifier) && entryOf(item).isin)!;
    const isin = entryOf(share).isin!;
    expect((await search(`Keywords=${isin}&AssetTypes=Stock`)).body.Data).toEqual([]);
    expect(
      (await search(`Keywords=${isin}&AssetTypes=Stock&IncludeNonTradable=true`)).body.Data[0],
    ).toMatchObject({
      Identifier: share.Identifier,
    });
  });
});
