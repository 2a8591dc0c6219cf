/**
 * Expiring instruments over a whole generated universe (small scale): every futures contract,
 * continuous future and CFD on a future names the next expiring instance of its series as its
 * PrimaryListing (spec 2.1), in its details and in its search summary, and no listed CFD has
 * expired. Checked on two days: one when some CFDs roll before their contracts stop trading
 * (late November: COMEX metals and coffee), one in a quarterly roll (mid-March).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentSteps } from '../../main/simulator/data/instruments/steps';
import { ReferenceStore, type InstrumentRecord } from '../../main/simulator/data/instruments/store';
import { openUniverse, type Universe } from '../../main/simulator/data/universe';

interface Listing {
  uic: number;
  expiry: string;
  primaryListing: unknown;
  series: number;
}

describe.each(['2026-11-23', '2027-03-15'])('expiring instruments on %s', (day) => {
  let cacheDir: string;
  let universe: Universe;
  let store: ReferenceStore;

  beforeAll(() => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'refdesk-expiring-'));
    universe = openUniverse({
      seed: 11,
      scale: 'small',
      cacheDir,
      steps: instrumentSteps,
      asOf: new Date(`${day}T09:00:00Z`),
    });
    store = new ReferenceStore(universe.db);
  });
  afterAll(() => {
    universe.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const everyOfType = (assetType: string): InstrumentRecord[] =>
    store.pageOfType(assetType, undefined, 1_000_000, 0);
  const detailsOf = (record: InstrumentRecord) => JSON.parse(record.details!) as Record<string, unknown>;
  const searchSummaryOf = (uic: number, assetType: string) => {
    const row = universe.db
      .prepare('SELECT summary FROM search_entries WHERE uic = ? AND asset_type = ?')
      .get(uic, assetType) as { summary: string } | undefined;
    return row && (JSON.parse(row.summary) as { PrimaryListing?: number });
  };

  /** Listings grouped by series, each series with the uic of its earliest expiry. */
  function bySeries(listings: Listing[]): Map<number, { next: number; listings: Listing[] }> {
    const series = new Map<number, { next: number; listings: Listing[] }>();
    for (const listing of [...listings].sort((a, b) => a.expiry.localeCompare(b.expiry) || a.uic - b.uic)) {
      const group = series.get(listing.series) ?? { next: listing.uic, listings: [] };
      group.listings.push(listing);
      series.set(listing.series, group);
    }
    return series;
  }

  it('points every futures contract and its continuous future at the contract that expires next', () => {
    const futures = everyOfType('ContractFutures');
    const contracts = futures.filter((record) => record.display_hint !== 'Continuous');
    const continuous = futures.filter((record) => record.display_hint === 'Continuous');
    expect(contracts.length).toBeGreaterThan(500);
    expect(contracts.every((record) => record.expiry! > day)).toBe(true);

    const series = bySeries(
      contracts.map((record) => ({
        uic: record.uic,
        expiry: record.expiry!,
        primaryListing: detailsOf(record).PrimaryListing,
        series: record.underlying_uic!,
      })),
    );
    expect(series.size).toBe(continuous.length);
    for (const { next, listings } of series.values())
      for (const listing of listings) {
        expect(listing.primaryListing, `contract ${listing.uic}`).toBe(next);
        expect(searchSummaryOf(listing.uic, 'ContractFutures')?.PrimaryListing).toBe(next);
      }
    for (const record of continuous) {
      const next = series.get(record.uic)?.next;
      expect(next, `continuous ${record.symbol} has contracts`).toBeDefined();
      expect(detailsOf(record).PrimaryListing).toBe(next);
      expect(searchSummaryOf(record.uic, 'ContractFutures')?.PrimaryListing).toBe(next);
    }
  });

  it('points every CFD on a future at the CFD of its product that expires next, and lists no expired CFD', () => {
    const contracts = new Map(everyOfType('ContractFutures').map((record) => [record.uic, record]));
    const cfds = everyOfType('CfdOnFutures');
    expect(cfds.length).toBeGreaterThan(20);
    const series = bySeries(
      cfds.map((record) => ({
        uic: record.uic,
        expiry: record.expiry!,
        primaryListing: detailsOf(record).PrimaryListing,
        // The product: the continuous future of the contract the CFD is on.
        series: contracts.get(record.underlying_uic!)!.underlying_uic!,
      })),
    );
    for (const { next, listings } of series.values()) {
      expect(listings.length).toBe(2);
      for (const listing of listings) {
        expect(listing.expiry > day, `CFD ${listing.uic} expired ${listing.expiry}`).toBe(true);
        expect(listing.primaryListing, `CFD ${listing.uic}`).toBe(next);
        expect(searchSummaryOf(listing.uic, 'CfdOnFutures')?.PrimaryListing).toBe(next);
      }
    }
  });
});
