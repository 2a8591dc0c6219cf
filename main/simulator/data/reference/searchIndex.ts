/**
 * The search index (spec 4.1): one entry per searchable instrument row and per option root,
 * keyed by its search rank (so index order is search order), with its SummaryInfo
 * pre-serialized, and an FTS5 index over the words of symbol and description plus filter
 * tokens (asset type, exchange, class, display hint, visibility, multi-leg support). Every
 * search is then an index lookup returning rows in search order: no table scans at any scale.
 * Prefix indexes of 1 to 6 characters make the word starts users type (a, ap, app... apple)
 * direct doclist reads rather than merges of every word with that start; `detail = column`
 * (no word positions) halves the doclists that counts and filters read.
 * Entries are written as the instruments are, by the same writers; the full-text index last.
 */
import type Database from 'better-sqlite3';
import type { GenerationStep } from '../universe';

export const SEARCH_SCHEMA = `
CREATE TABLE search_entries (
  id INTEGER PRIMARY KEY,
  summary_type TEXT NOT NULL,
  identifier INTEGER NOT NULL,
  uic INTEGER,
  asset_type TEXT NOT NULL,
  symbol TEXT NOT NULL,
  description TEXT NOT NULL,
  exchange_id TEXT,
  is_complex INTEGER NOT NULL,
  display_hint TEXT,
  visible INTEGER NOT NULL,
  multi_leg INTEGER,
  filters TEXT NOT NULL,
  summary TEXT NOT NULL
);
CREATE VIRTUAL TABLE search_fts USING fts5(
  words, filters, content = '', columnsize = 0, detail = column, prefix = '1 2 3 4 5 6',
  tokenize = "unicode61 remove_diacritics 2"
);
`;

/** Filter tokens are letters and digits only, so the tokenizer keeps each one whole. */
function token(prefix: string, value: string): string {
  return `${prefix}${value.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

export const filterToken = {
  assetType: (assetType: string) => token('t', assetType),
  exchange: (exchangeId: string) => token('x', exchangeId),
  complex: (isComplex: boolean) => (isComplex ? 'c1' : 'c0'),
  displayHint: (hint: string) => token('h', hint),
  visible: (isVisible: boolean) => (isVisible ? 'v1' : 'v0'),
  multiLeg: (canParticipate: boolean) => (canParticipate ? 'm1' : 'm0'),
};

/** What a search entry is made of. */
export interface SearchEntry {
  rank: number;
  summaryType: 'Instrument' | 'ContractOptionRoot';
  identifier: number;
  uic?: number | undefined;
  assetType: string;
  symbol: string;
  description: string;
  exchangeId?: string | undefined;
  isComplex: boolean;
  displayHint?: string | undefined;
  /** Found without IncludeNonTradable. */
  visible: boolean;
  multiLeg?: boolean | undefined;
  /** SummaryInfo (spec 2.3) without IsKeywordMatch, which depends on the keywords. */
  summary: Record<string, unknown>;
}

/**
 * Visible without IncludeNonTradable: tradable instruments, plus the reference-only kinds
 * that are never tradable and that users still look up (stock indices).
 */
export function isVisible(isTradable: boolean, assetType: string): boolean {
  return isTradable || assetType === 'StockIndex';
}

/** The full-text row of a search entry: its words and its filter tokens. */
function filtersOf(entry: SearchEntry): string {
  const filters = [filterToken.assetType(entry.assetType), filterToken.complex(entry.isComplex)];
  filters.push(filterToken.visible(entry.visible));
  if (entry.exchangeId) filters.push(filterToken.exchange(entry.exchangeId));
  if (entry.displayHint) filters.push(filterToken.displayHint(entry.displayHint));
  if (entry.multiLeg !== undefined) filters.push(filterToken.multiLeg(entry.multiLeg));
  return filters.join(' ');
}

/**
 * Inserts search entries, and removes them. While a universe is generated the full-text index
 * is built at the end (searchIndexStep); once it exists (a roll), entries go into it at once.
 */
export class SearchIndexWriter {
  private readonly insertEntry: Database.Statement;
  private readonly selectEntry: Database.Statement;
  private readonly deleteEntry: Database.Statement;
  private readonly ftsInsert: Database.Statement | undefined;
  private readonly ftsDelete: Database.Statement | undefined;

  constructor(db: Database.Database) {
    this.insertEntry = db.prepare(
      `INSERT INTO search_entries (id, summary_type, identifier, uic, asset_type, symbol, description, exchange_id, is_complex,
         display_hint, visible, multi_leg, filters, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectEntry = db.prepare('SELECT symbol, description, filters FROM search_entries WHERE id = ?');
    this.deleteEntry = db.prepare('DELETE FROM search_entries WHERE id = ?');
    if (isIndexBuilt(db)) {
      this.ftsInsert = db.prepare('INSERT INTO search_fts (rowid, words, filters) VALUES (?, ?, ?)');
      // The index keeps no copy of the text: a row is removed by giving the text it was made from.
      this.ftsDelete = db.prepare(
        "INSERT INTO search_fts (search_fts, rowid, words, filters) VALUES ('delete', ?, ?, ?)",
      );
    }
  }

  write(entry: SearchEntry): void {
    const filters = filtersOf(entry);
    this.insertEntry.run(
      entry.rank,
      entry.summaryType,
      entry.identifier,
      entry.uic ?? null,
      entry.assetType,
      entry.symbol,
      entry.description,
      entry.exchangeId ?? null,
      entry.isComplex ? 1 : 0,
      entry.displayHint ?? null,
      entry.visible ? 1 : 0,
      entry.multiLeg === undefined ? null : entry.multiLeg ? 1 : 0,
      filters,
      JSON.stringify(entry.summary),
    );
    this.ftsInsert?.run(entry.rank, `${entry.symbol} ${entry.description}`, filters);
  }

  /** Removes the entry of rank `rank` (and its full-text row), if there is one. */
  remove(rank: number): void {
    const entry = this.selectEntry.get(rank) as
      { symbol: string; description: string; filters: string } | undefined;
    if (!entry) return;
    this.ftsDelete?.run(rank, `${entry.symbol} ${entry.description}`, entry.filters);
    this.deleteEntry.run(rank);
  }
}

/** True once searchIndexStep has filled the full-text index (a finished universe). */
function isIndexBuilt(db: Database.Database): boolean {
  return (
    db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'search_entries_by_uic'")
      .get() !== undefined
  );
}

const ASCII = /^[ -~]*$/;
const ASCII_WORD = /[a-z0-9]+/g;

/** Words of a text as the index sees them: letters and digits, lower case, without diacritics. */
export function wordsOf(text: string): string[] {
  // Plain ASCII has no diacritics to strip: the common case skips Unicode normalization.
  if (ASCII.test(text)) return text.toLowerCase().match(ASCII_WORD) ?? [];
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Last step: the full-text index, filled in rank order (FTS5 flushes its pending terms
 * whenever a rowid is lower than the last one, so out-of-order inserts would be slow), and
 * the uic index of search entries.
 */
export const searchIndexStep: GenerationStep = {
  name: 'reference:search-index',
  run({ db }) {
    db.exec(
      `INSERT INTO search_fts (rowid, words, filters) SELECT id, symbol || ' ' || description, filters FROM search_entries ORDER BY id`,
    );
    db.exec("INSERT INTO search_fts (search_fts) VALUES ('optimize')");
    db.exec('CREATE INDEX search_entries_by_uic ON search_entries (uic) WHERE uic IS NOT NULL');
  },
};
