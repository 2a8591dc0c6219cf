/**
 * Read access to the reference universe for the /ref/v1 routes: prepared statements over the
 * tables the reference steps generate. The universe never changes while the simulator runs,
 * so counts and option roots are cached after their first use.
 */
import type Database from 'better-sqlite3';
import { expandDetails, loadFragments } from './detailFragments';

export interface InstrumentRecord {
  uic: number;
  asset_type: string;
  symbol: string;
  description: string;
  currency: string;
  exchange_id: string | null;
  mic: string | null;
  display_hint: string | null;
  /** Seed price in the quote currency (what the market's prices move around); null for specific options and FX. */
  price: number | null;
  is_tradable: number;
  option_root_id: number | null;
  expiry: string | null;
  strike: number | null;
  put_call: string | null;
  underlying_uic: number | null;
  trading_status: string | null;
  details: string | null;
}

export interface OptionRootRecord {
  option_root_id: number;
  asset_type: string;
  can_multi_leg: number;
  details: string;
}

export interface OptionExpiryRecord {
  expiry: string;
  display_expiry: string;
  last_trade: string;
  underlying_uic: number;
}

export interface SpecificOptionRecord {
  uic: number;
  expiry: string;
  strike: number;
  put_call: string;
  trading_status: string;
  underlying_uic: number;
}

export interface SearchEntryRecord {
  /** What IsKeywordMatch compares keywords with (searchIndex.ts matchTextOf). */
  match_text: string;
  summary: string;
}

export interface FuturesElementRecord {
  expiry: string;
  uic: number;
  symbol: string;
}

/** Column filters of a search when it goes by uic rather than through the full-text index. */
export interface SearchColumnFilters {
  uics: number[];
  assetTypes?: string[] | undefined;
  exchangeId?: string | undefined;
  isComplex?: boolean | undefined;
  displayHint?: string | undefined;
  visibleOnly: boolean;
  multiLeg?: boolean | undefined;
  /** Full-text expression the entries must also match. */
  match?: string | undefined;
}

/** Up to 4 GiB mapped: every scale's file fits. */
const MMAP_BYTES = 4 * 1024 ** 3;

const INSTRUMENT_COLUMNS = `uic, asset_type, symbol, description, currency, exchange_id, mic, display_hint, price, is_tradable, option_root_id, expiry,
  strike, put_call, underlying_uic, trading_status, details`;

export class ReferenceStore {
  private readonly statements;
  private readonly counts = new Map<string, number>();
  private readonly roots = new Map<number, OptionRootRecord | null>();
  private readonly fragments: string[];

  constructor(private readonly db: Database.Database) {
    // Read the universe through a memory map: lookups scattered over a large file then cost no
    // read() system calls (the file is read-only while the simulator runs).
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    this.fragments = loadFragments(db);
    this.statements = {
      instrument: db.prepare(
        `SELECT ${INSTRUMENT_COLUMNS} FROM instruments WHERE uic = ? AND asset_type = ?`,
      ),
      anyInstrument: db.prepare('SELECT asset_type FROM instruments WHERE uic = ? LIMIT 1'),
      countByType: db.prepare('SELECT count(*) AS n FROM instruments WHERE asset_type = ?'),
      countByTypeAndHint: db.prepare(
        'SELECT count(*) AS n FROM instruments WHERE asset_type = ? AND display_hint = ?',
      ),
      pageByType: db.prepare(
        `SELECT ${INSTRUMENT_COLUMNS} FROM instruments WHERE asset_type = ? ORDER BY uic LIMIT ? OFFSET ?`,
      ),
      pageByTypeAndHint: db.prepare(
        `SELECT ${INSTRUMENT_COLUMNS} FROM instruments WHERE asset_type = ? AND display_hint = ? ORDER BY uic LIMIT ? OFFSET ?`,
      ),
      root: db.prepare(
        'SELECT option_root_id, asset_type, can_multi_leg, details FROM option_roots WHERE option_root_id = ?',
      ),
      expiries: db.prepare(
        'SELECT expiry, display_expiry, last_trade, underlying_uic FROM option_expiries WHERE option_root_id = ? ORDER BY expiry',
      ),
      optionsOfExpiry: db.prepare(
        `SELECT uic, expiry, strike, put_call, trading_status, underlying_uic FROM instruments
         WHERE option_root_id = ? AND expiry = ? ORDER BY strike, put_call`,
      ),
      strikeCounts: db.prepare(
        'SELECT expiry, count(DISTINCT strike) AS strikes FROM instruments WHERE option_root_id = ? GROUP BY expiry ORDER BY expiry',
      ),
      futuresSpace: db.prepare('SELECT base_identifier FROM futures_spaces WHERE continuous_uic = ?'),
      futuresElements: db.prepare(
        'SELECT expiry, uic, symbol FROM futures_space_elements WHERE continuous_uic = ? ORDER BY expiry, uic',
      ),
      fxPairs: db.prepare('SELECT uic, base, quote FROM fx_pairs ORDER BY uic'),
      currencyCodes: db
        .prepare(
          'SELECT currency_code FROM currencies UNION SELECT base FROM fx_pairs UNION SELECT quote FROM fx_pairs',
        )
        .pluck(),
      searchCount: db.prepare('SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH ?'),
      // The page's rowids first, then their entries: the entries of skipped matches are never read.
      searchPage: db.prepare(
        `SELECT e.match_text, e.summary
         FROM (SELECT rowid AS id FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid LIMIT ? OFFSET ?) f
         JOIN search_entries e ON e.id = f.id ORDER BY f.id`,
      ),
    };
  }

  /** One instrument row, or undefined. */
  instrument(uic: number, assetType: string): InstrumentRecord | undefined {
    const record = this.statements.instrument.get(uic, assetType) as InstrumentRecord | undefined;
    return record && this.expanded(record);
  }

  /** A record with its stored details expanded to plain JSON. */
  private expanded(record: InstrumentRecord): InstrumentRecord {
    if (record.details !== null) record.details = expandDetails(record.details, this.fragments);
    return record;
  }

  /** True when any instrument has this uic. */
  hasUic(uic: number): boolean {
    return this.statements.anyInstrument.get(uic) !== undefined;
  }

  /** Every row (one per asset type) of these uics, optionally of some asset types only. */
  instrumentsOf(uics: readonly number[], assetTypes?: readonly string[]): InstrumentRecord[] {
    if (uics.length === 0) return [];
    const typeFilter = assetTypes ? ` AND asset_type IN (${assetTypes.map(() => '?').join(', ')})` : '';
    return this.db
      .prepare(
        `SELECT ${INSTRUMENT_COLUMNS} FROM instruments WHERE uic IN (${uics.map(() => '?').join(', ')})${typeFilter}`,
      )
      .all(...uics, ...(assetTypes ?? []))
      .map((record) => this.expanded(record as InstrumentRecord));
  }

  /** How many instruments have this asset type (and display hint). */
  countOfType(assetType: string, displayHint?: string): number {
    const key = `${assetType}|${displayHint ?? ''}`;
    let count = this.counts.get(key);
    if (count === undefined) {
      const row = (
        displayHint === undefined
          ? this.statements.countByType.get(assetType)
          : this.statements.countByTypeAndHint.get(assetType, displayHint)
      ) as { n: number };
      count = row.n;
      this.counts.set(key, count);
    }
    return count;
  }

  /** A page of instruments of one asset type (and display hint), in uic order. */
  pageOfType(
    assetType: string,
    displayHint: string | undefined,
    limit: number,
    offset: number,
  ): InstrumentRecord[] {
    const records = (
      displayHint === undefined
        ? this.statements.pageByType.all(assetType, limit, offset)
        : this.statements.pageByTypeAndHint.all(assetType, displayHint, limit, offset)
    ) as InstrumentRecord[];
    return records.map((record) => this.expanded(record));
  }

  /** An option root, or undefined. */
  optionRoot(rootId: number): OptionRootRecord | undefined {
    let root = this.roots.get(rootId);
    if (root === undefined) {
      root = (this.statements.root.get(rootId) as OptionRootRecord | undefined) ?? null;
      this.roots.set(rootId, root);
    }
    return root ?? undefined;
  }

  /** The listed expiries of a root, in date order. */
  expiries(rootId: number): OptionExpiryRecord[] {
    return this.statements.expiries.all(rootId) as OptionExpiryRecord[];
  }

  /** The specific options of one expiry of a root, by strike, calls before puts. */
  optionsOfExpiry(rootId: number, expiry: string): SpecificOptionRecord[] {
    return this.statements.optionsOfExpiry.all(rootId, expiry) as SpecificOptionRecord[];
  }

  /** How many strikes each listed expiry of a root has, in date order. */
  strikeCounts(rootId: number): { expiry: string; strikes: number }[] {
    return this.statements.strikeCounts.all(rootId) as { expiry: string; strikes: number }[];
  }

  /** Base identifier of a continuous futures instrument's space, or undefined when the uic has none. */
  futuresSpace(continuousUic: number): string | undefined {
    return (this.statements.futuresSpace.get(continuousUic) as { base_identifier: string } | undefined)
      ?.base_identifier;
  }

  futuresElements(continuousUic: number): FuturesElementRecord[] {
    return this.statements.futuresElements.all(continuousUic) as FuturesElementRecord[];
  }

  fxPairs(): { uic: number; base: string; quote: string }[] {
    return this.statements.fxPairs.all() as { uic: number; base: string; quote: string }[];
  }

  /** Every currency code instruments are quoted or traded in (quote units such as GBX included). */
  currencyCodes(): string[] {
    return this.statements.currencyCodes.all() as string[];
  }

  /** Number of search entries matching a full-text expression. */
  searchCount(match: string): number {
    return (this.statements.searchCount.get(match) as { n: number }).n;
  }

  /** A page of search entries matching a full-text expression, in search order. */
  searchPage(match: string, limit: number, offset: number): SearchEntryRecord[] {
    return this.statements.searchPage.all(match, limit, offset) as SearchEntryRecord[];
  }

  /** Search entries of some uics, filtered by column, in search order. */
  searchByUics(filters: SearchColumnFilters): SearchEntryRecord[] {
    const conditions = [`uic IN (${filters.uics.map(() => '?').join(', ')})`];
    const values: unknown[] = [...filters.uics];
    if (filters.assetTypes) {
      conditions.push(`asset_type IN (${filters.assetTypes.map(() => '?').join(', ')})`);
      values.push(...filters.assetTypes);
    }
    if (filters.exchangeId !== undefined) {
      conditions.push('exchange_id = ? COLLATE NOCASE');
      values.push(filters.exchangeId);
    }
    if (filters.isComplex !== undefined) {
      conditions.push('is_complex = ?');
      values.push(filters.isComplex ? 1 : 0);
    }
    if (filters.displayHint !== undefined) {
      conditions.push('display_hint = ?');
      values.push(filters.displayHint);
    }
    if (filters.visibleOnly) conditions.push('visible = 1');
    if (filters.multiLeg !== undefined) {
      conditions.push('(multi_leg IS NULL OR multi_leg = ?)');
      values.push(filters.multiLeg ? 1 : 0);
    }
    if (filters.match !== undefined) {
      conditions.push('id IN (SELECT rowid FROM search_fts WHERE search_fts MATCH ?)');
      values.push(filters.match);
    }
    return this.db
      .prepare(`SELECT match_text, summary FROM search_entries WHERE ${conditions.join(' AND ')} ORDER BY id`)
      .all(...values) as SearchEntryRecord[];
  }
}
