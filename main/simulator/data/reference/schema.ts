/**
 * Tables of the reference-data universe and the one writer every reference step inserts
 * through. `instruments` is also read by the book steps (corporate actions): its first seven
 * columns are a contract with them.
 *
 * Storage: one row per (uic, asset type) with the indexed columns searches and joins need,
 * plus `details`, the instrument's wire InstrumentDetails as compact JSON written once at
 * generation. Specific options carry no `details`: theirs are derived from their option root
 * at request time, which keeps a million-instrument universe small.
 */
import type Database from 'better-sqlite3';
import { CURRENCIES_SCHEMA } from './currencies';
import { DetailFragments, FRAGMENT_SCHEMA } from './detailFragments';
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
${SEARCH_SCHEMA}
${FRAGMENT_SCHEMA}
${CURRENCIES_SCHEMA}
`;

/** Indexes created after the bulk inserts (cheaper than maintaining them row by row). */
export const REFERENCE_INDEXES = `
CREATE INDEX instruments_by_type ON instruments (asset_type, uic);
CREATE INDEX instruments_by_root ON instruments (option_root_id, expiry) WHERE option_root_id IS NOT NULL;
CREATE INDEX instruments_by_isin ON instruments (isin) WHERE isin IS NOT NULL;
`;

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

/** Inserts instrument rows, the search entries of those with a search rank, and the currencies they use. */
export class InstrumentWriter {
  private readonly insert: Database.Statement;
  private readonly insertCurrency: Database.Statement;
  private readonly currencies = new Set<string>();
  private readonly search: SearchIndexWriter;
  private readonly fragments: DetailFragments;

  constructor(db: Database.Database) {
    this.search = new SearchIndexWriter(db);
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
