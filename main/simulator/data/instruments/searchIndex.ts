/**
 * The search index (spec 4.1): one entry per searchable instrument row and per option root,
 * keyed by its search rank (so index order is search order), with its SummaryInfo
 * pre-serialized, and an FTS5 index over three kinds of text: the words of symbol and
 * description, the symbol spelled as one word (`BRK.B:xnys` is brkb and brkbxnys, so "BRK B",
 * "brk.b" and "brkb" all find it; `EURUSD` is eurusd for "EUR/USD" and "EUR USD"), and the ISIN,
 * and the filter tokens (asset type, exchange, class, display hint, multi-leg support). Each
 * kind has a column for entries found without IncludeNonTradable and one for the others, so
 * visibility is a choice of columns rather than an exclusion the index would have to merge. Every search is then an index lookup returning rows in search order: no table scans
 * at any scale. Prefix indexes of 1 to 6 characters make the word starts users type (a, ap,
 * app... apple) direct doclist reads rather than merges of every word with that start;
 * `detail = column` (no word positions) halves the doclists that counts and filters read.
 * Entries are written as the instruments are, by the same writers; the full-text index last.
 */
import type Database from 'better-sqlite3';
import type { GenerationStep } from '../universe';

/**
 * Starts every token that is not a word of a symbol or description (symbol spellings, ISINs,
 * filter tokens), so they never share a doclist or a prefix-index entry with words: a search
 * for "ts" reads the words starting with ts, not every stock's asset-type token, and a symbol
 * prefix reads only symbols. The tokenizer keeps it as a token character; words are indexed
 * with it replaced by a space, so a word never starts with it.
 */
export const MARK = '_';

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
  -- Index tokens of the symbol spelled as one word, with and without its exchange suffix.
  symbol_keys TEXT NOT NULL,
  isin TEXT,
  filters TEXT NOT NULL,
  -- What IsKeywordMatch compares the keywords with (matchTextOf()).
  match_text TEXT NOT NULL,
  summary TEXT NOT NULL
);
CREATE VIRTUAL TABLE search_fts USING fts5(
  words, symbols, isins, filters, hidden_words, hidden_symbols, hidden_isins, hidden_filters,
  content = '', columnsize = 0, detail = column, prefix = '1 2 3 4 5 6',
  tokenize = "unicode61 remove_diacritics 2 tokenchars '${MARK}'"
);
`;

/** The full-text columns of each kind of text: for visible entries, and for the others too. */
export const SEARCH_COLUMNS = {
  words: { visible: 'words', all: '{words hidden_words}' },
  symbols: { visible: 'symbols', all: '{symbols hidden_symbols}' },
  isins: { visible: 'isins', all: '{isins hidden_isins}' },
  filters: { visible: 'filters', all: '{filters hidden_filters}' },
} as const;

/** Filter tokens are the mark, letters and digits only, so the tokenizer keeps each one whole. */
function token(prefix: string, value: string): string {
  return `${MARK}${prefix}${value.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

export const filterToken = {
  assetType: (assetType: string) => token('t', assetType),
  exchange: (exchangeId: string) => token('x', exchangeId),
  complex: (isComplex: boolean) => token('c', isComplex ? '1' : '0'),
  displayHint: (hint: string) => token('h', hint),
  multiLeg: (canParticipate: boolean) => token('m', canParticipate ? '1' : '0'),
};

/** The index token of a symbol spelling or an ISIN (`eurusd` → `_eurusd`). */
export function keyToken(key: string): string {
  return `${MARK}${key.toLowerCase()}`;
}

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
  isin?: string | undefined;
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

/** The filter tokens of a search entry (its visibility is a choice of columns, not a token). */
function filtersOf(entry: SearchEntry): string {
  const filters = [filterToken.assetType(entry.assetType), filterToken.complex(entry.isComplex)];
  if (entry.exchangeId) filters.push(filterToken.exchange(entry.exchangeId));
  if (entry.displayHint) filters.push(filterToken.displayHint(entry.displayHint));
  if (entry.multiLeg !== undefined) filters.push(filterToken.multiLeg(entry.multiLeg));
  return filters.join(' ');
}

/** The stored columns a search entry's full-text row is made from. */
interface StoredEntry {
  visible: number;
  symbol: string;
  description: string;
  symbol_keys: string;
  isin: string | null;
  filters: string;
}

/**
 * The values of the full-text columns (SEARCH_SCHEMA's order) of a stored entry, exactly as
 * searchIndexStep writes them: a contentless index removes a row only given the same values.
 */
function ftsValues(entry: StoredEntry): (string | null)[] {
  const words = `${entry.symbol} ${entry.description}`.replaceAll(MARK, ' ');
  const isinKey = entry.isin === null ? null : `${MARK}${entry.isin}`;
  const texts = [words, entry.symbol_keys, isinKey, entry.filters];
  const none = texts.map(() => null);
  return entry.visible ? [...texts, ...none] : [...none, ...texts];
}

const FTS_COLUMNS = 'words, symbols, isins, filters, hidden_words, hidden_symbols, hidden_isins, hidden_filters';

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
         display_hint, visible, multi_leg, symbol_keys, isin, filters, match_text, summary)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectEntry = db.prepare(
      'SELECT visible, symbol, description, symbol_keys, isin, filters FROM search_entries WHERE id = ?',
    );
    this.deleteEntry = db.prepare('DELETE FROM search_entries WHERE id = ?');
    if (isIndexBuilt(db)) {
      this.ftsInsert = db.prepare(`INSERT INTO search_fts (rowid, ${FTS_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      // The index keeps no copy of the text: a row is removed by giving the text it was made from.
      this.ftsDelete = db.prepare(
        `INSERT INTO search_fts (search_fts, rowid, ${FTS_COLUMNS}) VALUES ('delete', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
    }
  }

  write(entry: SearchEntry): void {
    const keys = symbolKeys(entry.symbol);
    const stored: StoredEntry = {
      visible: entry.visible ? 1 : 0,
      symbol: entry.symbol,
      description: entry.description,
      symbol_keys: keys.map(keyToken).join(' '),
      isin: entry.isin ?? null,
      filters: filtersOf(entry),
    };
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
      stored.visible,
      entry.multiLeg === undefined ? null : entry.multiLeg ? 1 : 0,
      stored.symbol_keys,
      stored.isin,
      stored.filters,
      matchTextOf(entry.symbol, entry.description, keys, entry.isin),
      JSON.stringify(entry.summary),
    );
    this.ftsInsert?.run(entry.rank, ...ftsValues(stored));
  }

  /** Removes the entry of rank `rank` (and its full-text row), if there is one. */
  remove(rank: number): void {
    const entry = this.selectEntry.get(rank) as StoredEntry | undefined;
    if (!entry) return;
    this.ftsDelete?.run(rank, ...ftsValues(entry));
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

/** A text spelled as one word: its words run together (`EUR/USD` and `EUR USD` are eurusd). */
export function keyOf(text: string): string {
  return wordsOf(text).join('');
}

/**
 * The one-word spellings of a symbol: without and with its exchange suffix (`NOVO B:xcse` is
 * novob and novobxcse), so a trader's "NOVO B", "novob" or "novob:xcse" is an exact hit.
 */
export function symbolKeys(symbol: string): string[] {
  const colon = symbol.indexOf(':');
  const keys = [keyOf(colon < 0 ? symbol : symbol.slice(0, colon)), keyOf(symbol)];
  return [...new Set(keys)].filter((key) => key !== '');
}

/**
 * The text IsKeywordMatch looks for whole keywords in: the words of symbol and description,
 * the symbol's one-word spellings and the ISIN, lower case, space-separated and space-ended.
 */
export function matchTextOf(
  symbol: string,
  description: string,
  keys: readonly string[],
  isin?: string | undefined,
): string {
  return ` ${[...wordsOf(`${symbol} ${description}`), ...keys, ...(isin ? [isin.toLowerCase()] : [])].join(' ')} `;
}

/** Entries added to the full-text index between two progress reports (about one in this many). */
const PROGRESS_EVERY = 4096;

/** FTS5's own merge settings (its defaults), which the index keeps for the rolls' small writes. */
const MERGE_DEFAULTS = { automerge: 4, crisismerge: 16 };

/**
 * Segments FTS5 may pile up before it merges them while the index is filled: more than a fill
 * makes (about 540 at the large scale, one per megabyte of pending terms), so it merges none
 * and the closing 'optimize' merges them all in one pass. With 64, every segment was merged once
 * on the way as well: 1 s more at the large scale. FTS5 allows up to 1,999.
 */
const FILL_CRISIS_MERGE = 1000;

function setFtsOption(db: Database.Database, option: keyof typeof MERGE_DEFAULTS, value: number): void {
  // An integer, as FTS5 wants it (a bound JavaScript number would arrive as a real).
  db.prepare('INSERT INTO search_fts (search_fts, rank) VALUES (?, ?)').run(option, BigInt(value));
}

/**
 * Last step: the full-text index, filled in rank order (FTS5 flushes its pending terms
 * whenever a rowid is lower than the last one, so out-of-order inserts would be slow), and
 * the uic index of search entries. While it is filled, segments are left unmerged
 * (FILL_CRISIS_MERGE): the closing 'optimize' merges them all into one anyway, and the merges
 * on the way were close to half the step (5 s at the large scale). The defaults are put back
 * after.
 */
export const searchIndexStep: GenerationStep = {
  name: 'reference:search-index',
  run({ db, advance }) {
    setFtsOption(db, 'automerge', 0);
    setFtsOption(db, 'crisismerge', FILL_CRISIS_MERGE);
    // One statement (each statement would flush FTS5's pending terms), reporting progress from
    // a function SQLite calls on one entry in PROGRESS_EVERY; the closing 'optimize' counts as
    // the last fifth.
    const marks = db
      .prepare(`SELECT count(*) FROM search_entries WHERE id % ${PROGRESS_EVERY} = 0`)
      .pluck()
      .get() as number;
    let seen = 0;
    db.function('search_fill_progress', { deterministic: false }, () => {
      advance(++seen, Math.ceil(marks * 1.25));
      return 1;
    });
    db.exec(
      `INSERT INTO search_fts (rowid, words, symbols, isins, filters, hidden_words, hidden_symbols, hidden_isins, hidden_filters)
       SELECT id,
         iif(visible, words, NULL), iif(visible, symbol_keys, NULL), iif(visible, isin_key, NULL), iif(visible, filters, NULL),
         iif(visible, NULL, words), iif(visible, NULL, symbol_keys), iif(visible, NULL, isin_key), iif(visible, NULL, filters)
       FROM (SELECT id, visible, symbol_keys, filters, replace(symbol || ' ' || description, '${MARK}', ' ') AS words,
               '${MARK}' || isin AS isin_key FROM search_entries
             WHERE id % ${PROGRESS_EVERY} <> 0 OR search_fill_progress())
       ORDER BY id`,
    );
    db.exec("INSERT INTO search_fts (search_fts) VALUES ('optimize')");
    setFtsOption(db, 'automerge', MERGE_DEFAULTS.automerge);
    setFtsOption(db, 'crisismerge', MERGE_DEFAULTS.crisismerge);
    db.exec('CREATE INDEX search_entries_by_uic ON search_entries (uic) WHERE uic IS NOT NULL');
  },
  expectedMs: { small: 20, default: 800, large: 8600 },
};
