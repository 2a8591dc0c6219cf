import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isValidIsin } from '../../main/simulator/data/instruments/isin';
import { instrumentSteps } from '../../main/simulator/data/instruments/steps';
import { openUniverse, type Universe } from '../../main/simulator/data/universe';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('the generated reference universe (small scale)', () => {
  let cacheDir: string;
  let universe: Universe;
  const all = <T>(sql: string, ...values: unknown[]) => universe.db.prepare(sql).all(...values) as T[];
  const get = <T>(sql: string, ...values: unknown[]) => universe.db.prepare(sql).get(...values) as T;

  beforeAll(() => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'refdesk-reference-'));
    universe = openUniverse({ seed: 7, scale: 'small', cacheDir, steps: instrumentSteps, asOf: NOW });
  });
  afterAll(() => {
    universe.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('has the instruments table the book steps rely on, with the well-known shares and their real ISINs', () => {
    const columns = all<{ name: string }>('PRAGMA table_info(instruments)').map((column) => column.name);
    expect(columns).toEqual(
      expect.arrayContaining([
        'uic',
        'asset_type',
        'symbol',
        'description',
        'isin',
        'currency',
        'exchange_id',
      ]),
    );
    expect(
      get(
        'SELECT uic, symbol, isin, currency, exchange_id FROM instruments WHERE asset_type = ? AND isin = ?',
        'Stock',
        'US0378331005',
      ),
    ).toEqual({
      uic: 211,
      symbol: 'AAPL:xnas',
      isin: 'US0378331005',
      currency: 'USD',
      exchange_id: 'NASDAQ',
    });
    expect(
      get<{ n: number }>(
        "SELECT count(*) AS n FROM instruments WHERE asset_type = 'Stock' AND isin = 'ES0113900J37'",
      ).n,
    ).toBe(1);
    expect(
      get<{ n: number }>(
        "SELECT count(*) AS n FROM instruments WHERE asset_type = 'Bond' AND isin IS NOT NULL",
      ).n,
    ).toBeGreaterThanOrEqual(60);
  });

  it('gives every generated ISIN a valid check digit', () => {
    const isins = all<{ isin: string }>('SELECT DISTINCT isin FROM instruments WHERE isin IS NOT NULL');
    expect(isins.length).toBeGreaterThan(300);
    expect(isins.filter(({ isin }) => !isValidIsin(isin))).toEqual([]);
  });

  it('contains every kind of instrument of the issue', () => {
    const counts = new Map(
      all<{ asset_type: string; n: number }>(
        'SELECT asset_type, count(*) AS n FROM instruments GROUP BY asset_type',
      ).map((row) => [row.asset_type, row.n]),
    );
    for (const assetType of [
      'FxSpot',
      'FxForwards',
      'FxSwap',
      'FxVanillaOption',
      'FxKnockInOption',
      'FxKnockOutOption',
      'Stock',
      'Etf',
      'Etc',
      'StockIndex',
      'CfdOnStock',
      'CfdOnIndex',
      'CfdOnFutures',
      'Bond',
      'MutualFund',
      'CertificateDiscount',
      'ContractFutures',
      'StockOption',
      'StockIndexOption',
      'FuturesOption',
    ]) {
      expect(counts.get(assetType), assetType).toBeGreaterThan(0);
    }
    expect(counts.get('FxSpot')).toBeGreaterThanOrEqual(40);
    // The S&P 500's two roots: SPX (AM-settled third Fridays) and SPXW (PM-settled weeklies).
    const spx = get<{ n: number }>(
      "SELECT count(*) AS n FROM instruments i JOIN option_roots r ON r.option_root_id = i.option_root_id WHERE r.symbol IN ('SPX:xcbo', 'SPXW:xcbo')",
    );
    expect(spx.n).toBeGreaterThanOrEqual(10_000);
    const categories = all<{ base_identifier: string }>('SELECT base_identifier FROM futures_spaces').map(
      (row) => row.base_identifier,
    );
    expect(categories).toEqual(expect.arrayContaining(['ES', 'ZN', 'CL', 'GC', 'ZC', '6E']));
  });

  it('indexes every searchable instrument and option root for search', () => {
    const searchable = get<{ n: number }>(
      'SELECT count(*) AS n FROM instruments WHERE search_rank IS NOT NULL',
    ).n;
    const roots = get<{ n: number }>('SELECT count(*) AS n FROM option_roots').n;
    expect(get<{ n: number }>('SELECT count(*) AS n FROM search_entries').n).toBe(searchable + roots);
    expect(
      get<{ n: number }>(
        `SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH '{filters hidden_filters} : ("_c0" OR "_c1")'`,
      ).n,
    ).toBe(searchable + roots);
  });

  it('is the same universe for the same seed and date, regenerated in place of the cached one', async () => {
    const again = openUniverse({
      seed: 7,
      scale: 'small',
      cacheDir,
      steps: instrumentSteps,
      asOf: NOW,
      regenerate: true,
    });
    try {
      const digest = (db: Universe['db']) =>
        db
          .prepare(
            "SELECT group_concat(uic || asset_type || symbol || coalesce(isin, '') || coalesce(details, ''), '|') AS all_rows FROM (SELECT * FROM instruments ORDER BY uic, asset_type)",
          )
          .get();
      expect(digest(again.db)).toEqual(digest(universe.db));
      // The new file took the old one's name; the old one, still open here, was deleted
      // afterwards under its second name (universeBuild.ts), which is not left behind.
      expect(again.info.file).toBe(universe.info.file);
      await vi.waitFor(() =>
        expect(readdirSync(cacheDir).filter((name) => !/\.sqlite(-wal|-shm)?$/.test(name))).toEqual([]),
      );
    } finally {
      again.close();
    }
  });

  it('keeps the uics of instruments from one day to the next, futures contracts for as long as they are listed', () => {
    const later = openUniverse({
      seed: 7,
      scale: 'small',
      cacheDir,
      steps: instrumentSteps,
      asOf: new Date('2027-01-05T10:00:00Z'),
    });
    try {
      // Everything with an ISIN (shares, ETFs, bonds, funds, certificates, CFDs on them) and
      // every continuous future, keyed by uic and asset type.
      const lasting = (db: Universe['db']) =>
        new Map(
          (
            db
              .prepare(
                `SELECT uic || '/' || asset_type AS key, isin AS identity FROM instruments WHERE isin IS NOT NULL
                 UNION ALL SELECT continuous_uic || '/ContractFutures', base_identifier FROM futures_spaces`,
              )
              .all() as { key: string; identity: string }[]
          ).map((row) => [row.key, row.identity]),
        );
      const today = lasting(universe.db);
      const tomorrow = lasting(later.db);
      expect(today.size).toBeGreaterThan(1000);
      const moved = [...today].filter(([key, identity]) => tomorrow.get(key) !== identity);
      expect(moved).toEqual([]);
      // The date does change what is listed: futures contracts roll.
      const contracts = (db: Universe['db']) =>
        (db.prepare(`SELECT group_concat(symbol) AS s FROM futures_space_elements`).get() as { s: string }).s;
      expect(contracts(later.db)).not.toBe(contracts(universe.db));

      // A futures contract (and a CFD on one) listed on both days has the same uic on both, and
      // no uic names one contract on one day and another on the next.
      const listed = (db: Universe['db'], sql: string) =>
        new Map(
          (db.prepare(sql).all() as { uic: number; identity: string }[]).map((row) => [
            row.uic,
            row.identity,
          ]),
        );
      for (const [sql, atLeast] of [
        [
          `SELECT e.uic AS uic, s.base_identifier || ' ' || e.expiry AS identity
           FROM futures_space_elements e JOIN futures_spaces s USING (continuous_uic)`,
          200,
        ],
        // Two CFDs per product, on its front contracts: most have rolled 45 days later.
        [
          `SELECT uic, symbol || ' ' || expiry AS identity FROM instruments WHERE asset_type = 'CfdOnFutures'`,
          10,
        ],
      ] as const) {
        const [first, second] = [listed(universe.db, sql), listed(later.db, sql)];
        const uicOf = new Map([...second].map(([uic, identity]) => [identity, uic]));
        const inBoth = [...first].filter(([, identity]) => uicOf.has(identity));
        expect(inBoth.length).toBeGreaterThan(atLeast);
        expect(inBoth.filter(([uic, identity]) => uicOf.get(identity) !== uic)).toEqual([]);
        expect(
          [...first].filter(([uic, identity]) => second.has(uic) && second.get(uic) !== identity),
        ).toEqual([]);
      }
    } finally {
      later.close();
    }
  });
});
