/**
 * Tables of the reference-data universe and the one writer every reference step inserts
 * through. `instruments` is also read by the accounts steps (corporate actions): its first seven
 * columns are a contract with them.
 *
 * Storage: one row per (uic, asset type) with the indexed columns searches and joins need,
 * plus `details`, the instrument's wire InstrumentDetails as compact JSON written once at
 * generation. Specific options carry no `details`: theirs are derived from their option root
 * at request time, which keeps a million-instrument universe small.
 */
import type Database from 'better-sqlite3';
import { CURRENCIES_SCHEMA } from '../reference/currencies';
import { DetailFragments, FRAGMENT_SCHEMA } from './detailFragments';
import { OPTION_UIC_SCHEMA } from './optionContracts';
import { SERIES_INDEXES, SERIES_SCHEMA } from './series';
import { isVisible, SEARCH_SCHEMA, SearchIndexWriter } from './searchIndex';

export const REFERENCE_SCHEMA = `
CREATE TABLE instruments (
  uic INTEGER NOT NULL,
  asset_type TEXT NOT NULL,
  symbol TEXT NOT NULL,
  description TEXT NOT NULL,
  isin TEXT,
  currency TEXT NOT NULL,
  exchange_id TEXT,
  mic TEXT,
  display_hint TEXT,
  -- Seed price in the quote currency (strike ladders, CFD levels); not sent on the wire.
  price REAL,
  is_tradable INTEGER NOT NULL DEFAULT 1,
  is_complex INTEGER NOT NULL DEFAULT 0,
  -- Order in which search lists the instrument (lower first); NULL: not a search entry.
  search_rank INTEGER,
  -- Specific options: their root, expiry, strike, side, underlying and status.
  option_root_id INTEGER,
  expiry TEXT,
  strike REAL,
  put_call TEXT,
  underlying_uic INTEGER,
  trading_status TEXT,
  details TEXT,
  PRIMARY KEY (uic, asset_type)
);

CREATE TABLE option_roots (
  option_root_id INTEGER PRIMARY KEY,
  asset_type TEXT NOT NULL,
  symbol TEXT NOT NULL,
  description TEXT NOT NULL,
  currency TEXT NOT NULL,
  exchange_id TEXT,
  underlying_uic INTEGER NOT NULL,
  underlying_asset_type TEXT NOT NULL,
  can_multi_leg INTEGER NOT NULL,
  search_rank INTEGER NOT NULL,
  -- The root's wire fields (spec 2.2) without OptionSpace, as compact JSON.
  details TEXT NOT NULL
);

CREATE TABLE option_expiries (
  option_root_id INTEGER NOT NULL,
  expiry TEXT NOT NULL,
  display_expiry TEXT NOT NULL,
  last_trade TEXT NOT NULL,
  underlying_uic INTEGER NOT NULL,
  -- Daily, Weekly, Monthly, Quarterly or LongDated, and the strike ladders listed (long,mid,near).
  kind TEXT NOT NULL,
  strike_tiers TEXT NOT NULL,
  PRIMARY KEY (option_root_id, expiry)
) WITHOUT ROWID;

CREATE TABLE futures_spaces (
  continuous_uic INTEGER PRIMARY KEY,
  base_identifier TEXT NOT NULL
);

CREATE TABLE futures_space_elements (
  continuous_uic INTEGER NOT NULL,
  expiry TEXT NOT NULL,
  uic INTEGER NOT NULL,
  symbol TEXT NOT NULL,
  PRIMARY KEY (continuous_uic, expiry, uic)
) WITHOUT ROWID;

CREATE TABLE fx_pairs (
  uic INTEGER PRIMARY KEY,
  base TEXT NOT NULL,
  quote TEXT NOT NULL
);
${OPTION_UIC_SCHEMA}
${SERIES_SCHEMA}
${SEARCH_SCHEMA}
${FRAGMENT_SCHEMA}
${CURRENCIES_SCHEMA}
`;

/** Indexes created after the bulk inserts (cheaper than maintaining them row by row). */
export const REFERENCE_INDEXES = `
CREATE INDEX instruments_by_type ON instruments (asset_type, uic);
CREATE INDEX instruments_by_root ON instruments (option_root_id, expiry) WHERE option_root_id IS NOT NULL;
CREATE INDEX instruments_by_isin ON instruments (isin) WHERE isin IS NOT NULL;
${SERIES_INDEXES}`;

/** One row of `instruments` as the generators produce it. */
export interface InstrumentRow {
  uic: number;
  assetType: string;
  symbol: string;
  description: string;
  isin?: string | undefined;
  currency: string;
  exchangeId?: string | undefined;
  mic?: string | undefined;
  displayHint?: string | undefined;
  price?: number | undefined;
  isTradable: boolean;
  isComplex: boolean;
  searchRank?: number | undefined;
  optionRootId?: number | undefined;
  expiry?: string | undefined;
  strike?: number | undefined;
  putCall?: string | undefined;
  underlyingUic?: number | undefined;
  tradingStatus?: string | undefined;
  /**
   * The wire InstrumentDetails, fields in alphabetical order (undefined ones are left out);
   * omitted for specific options.
   */
  details?: Record<string, unknown> | undefined;
}

/** What identifies an instrument row and where it lists: what other steps read of it. */
export type ListedInstrument = Pick<
  InstrumentRow,
  'uic' | 'assetType' | 'symbol' | 'description' | 'isin' | 'currency' | 'exchangeId' | 'mic'
>;

/** The identity columns of a row. */
export function listedInstrument(row: InstrumentRow): ListedInstrument {
  const { uic, assetType, symbol, description, isin, currency, exchangeId, mic } = row;
  return { uic, assetType, symbol, description, isin, currency, exchangeId, mic };
}

/**
 * Inserts instrument rows, the search entries of those with a search rank and the currencies they
 * use; removes an instrument and its search entry when a roll delists it.
 */
export class InstrumentWriter {
  private readonly insert: Database.Statement;
  private readonly insertCurrency: Database.Statement;
  private readonly currencies = new Set<string>();
  private readonly search: SearchIndexWriter;
  private readonly fragments: DetailFragments;
  private readonly selectRank: Database.Statement;
  private readonly deleteRow: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.search = new SearchIndexWriter(db);
    this.selectRank = db
      .prepare('SELECT search_rank FROM instruments WHERE uic = ? AND asset_type = ?')
      .pluck();
    this.deleteRow = db.prepare('DELETE FROM instruments WHERE uic = ? AND asset_type = ?');
    this.fragments = DetailFragments.of(db);
    this.insertCurrency = db.prepare('INSERT OR IGNORE INTO currencies (currency_code) VALUES (?)');
    this.insert = db.prepare(
      `INSERT INTO instruments (uic, asset_type, symbol, description, isin, currency, exchange_id, mic, display_hint, price,
         is_tradable, is_complex, search_rank, option_root_id, expiry, strike, put_call, underlying_uic, trading_status, details)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  write(row: InstrumentRow): void {
    const details = row.details;
    if (!this.currencies.has(row.currency)) {
      this.currencies.add(row.currency);
      this.insertCurrency.run(row.currency);
    }
    this.insert.run(
      row.uic,
      row.assetType,
      row.symbol,
      row.description,
      row.isin ?? null,
      row.currency,
      row.exchangeId ?? null,
      row.mic ?? null,
      row.displayHint ?? null,
      row.price ?? null,
      row.isTradable ? 1 : 0,
      row.isComplex ? 1 : 0,
      row.searchRank ?? null,
      row.optionRootId ?? null,
      row.expiry ?? null,
      row.strike ?? null,
      row.putCall ?? null,
      row.underlyingUic ?? null,
      row.tradingStatus ?? null,
      details === undefined ? null : this.fragments.compact(details),
    );
    if (row.searchRank !== undefined) this.writeSearchEntry(row, row.searchRank, details ?? {});
  }

  /** Removes one instrument row and its search entry. */
  remove(uic: number, assetType: string): void {
    const rank = this.selectRank.get(uic, assetType) as number | null | undefined;
    if (rank !== undefined && rank !== null) this.search.remove(rank);
    this.deleteRow.run(uic, assetType);
  }

  /** Removes every instrument row matching `where` (SQL over `instruments`) and their search entries. */
  removeWhere(where: string, ...values: unknown[]): void {
    const rows = this.db.prepare(`SELECT uic, asset_type FROM instruments WHERE ${where}`).all(...values) as {
      uic: number;
      asset_type: string;
    }[];
    for (const row of rows) this.remove(row.uic, row.asset_type);
  }

  /** Replaces an instrument row (same uic and asset type) and its search entry. */
  replace(row: InstrumentRow): void {
    this.remove(row.uic, row.assetType);
    this.write(row);
  }

  private writeSearchEntry(row: InstrumentRow, rank: number, details: Record<string, unknown>): void {
    const multiLeg = details.CanParticipateInMultiLegOrder as boolean | undefined;
    const summary: Record<string, unknown> = {
      AssetType: row.assetType,
      ...(multiLeg !== undefined ? { CanParticipateInMultiLegOrder: multiLeg } : {}),
      CurrencyCode: row.currency,
      Description: row.description,
      ...(row.displayHint ? { DisplayHint: row.displayHint } : {}),
      ExchangeId: row.exchangeId ?? '',
      GroupId: details.GroupId ?? 0,
      Identifier: row.uic,
      PrimaryListing: details.PrimaryListing ?? row.uic,
      SummaryType: 'Instrument',
      Symbol: row.symbol,
      TradableAs: details.TradableAs ?? [row.assetType],
      ...(details.UnderlyingAssetType ? { UnderlyingAssetType: details.UnderlyingAssetType } : {}),
    };
    this.search.write({
      rank,
      summaryType: 'Instrument',
      identifier: row.uic,
      uic: row.uic,
      assetType: row.assetType,
      symbol: row.symbol,
      description: row.description,
      exchangeId: row.exchangeId,
      isComplex: row.isComplex,
      displayHint: row.displayHint,
      visible: isVisible(row.isTradable, row.assetType),
      isin: row.isin,
      multiLeg,
      summary,
    });
  }
}
