/**
 * The last generation step fills the full-text index: it reports its progress as it goes (not
 * only once done), finds what it indexed, and leaves FTS5's own merge settings for the rolls.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { REFERENCE_SCHEMA } from '../../main/simulator/data/instruments/schema';
import { SearchIndexWriter, searchIndexStep } from '../../main/simulator/data/instruments/searchIndex';
import { randomStream } from '../../main/simulator/data/random';
import { progressCounter } from '../../main/simulator/data/universeProgress';

const ENTRIES = 3 * 4096 + 10;

describe('filling the full-text index', () => {
  it('reports its progress while it fills, finds every entry, and puts FTS5’s merge defaults back', () => {
    const db = new Database(':memory:');
    db.exec(REFERENCE_SCHEMA);
    const writer = new SearchIndexWriter(db);
    for (let rank = 1; rank <= ENTRIES; rank++)
      writer.write({
        rank,
        summaryType: 'Instrument',
        identifier: rank,
        uic: rank,
        assetType: 'Stock',
        symbol: `S${rank}:xnas`,
        description: rank % 2 ? 'Nimbus Beverages Inc.' : 'Glacier Mining Corp.',
        exchangeId: 'NASDAQ',
        isComplex: false,
        visible: true,
        summary: {},
      });
    const reports: [number, number][] = [];
    searchIndexStep.run({
      db,
      seed: 1,
      scale: 'small',
      asOf: new Date('2026-11-27T00:00:00Z'),
      random: (name) => randomStream(1, name),
      advance: (done, total) => reports.push([done, total]),
    });
    // One report per 4096 entries filled, out of a total that leaves a fifth for 'optimize'.
    expect(reports).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
    ]);
    const count = db.prepare('SELECT count(*) FROM search_fts WHERE search_fts MATCH ?').pluck();
    expect(count.get('words : "nimbus"*')).toBe(Math.ceil(ENTRIES / 2));
    expect(count.get('words : "glac"*')).toBe(Math.floor(ENTRIES / 2));
    const config = db.prepare('SELECT k, v FROM search_fts_config ORDER BY k').all();
    expect(config).toEqual([
      { k: 'automerge', v: 4 },
      { k: 'crisismerge', v: 16 },
      { k: 'version', v: 4 },
    ]);
    db.close();
  });
});

describe('a step’s progress counter', () => {
  it('tells every n-th unit and the last, and nothing in between', () => {
    const told: number[] = [];
    const counted = progressCounter((done) => told.push(done), 12, 5);
    for (let unit = 0; unit < 12; unit++) counted();
    expect(told).toEqual([5, 10, 12]);
  });
});
