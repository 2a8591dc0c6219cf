/**
 * The search index (spec 4.1): one entry per searchable instrument row and per option root,
 * numbered in search order (search rank), with its SummaryInfo pre-serialized, and an FTS5
 * index over the words of symbol and description plus filter tokens (asset type, exchange,
 * class, display hint, visibility, multi-leg support), so every search is an index lookup
 * returning rows in search order: no table scans at any scale.
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
  summary TEXT NOT NULL
);
CREATE VIRTUAL TABLE search_fts USING fts5(
  words, filters, content = '', columnsize = 0, prefix = '1 2 3', tokenize = "unicode61 remove_diacritics 2"
);
`;

const SEARCH_INDEXES = 'CREATE INDEX search_entries_by_uic ON search_entries (uic) WHERE uic IS NOT NULL;';

/** Filter tokens are letters and digits only, so the tokenizer keeps each one whole. */
function token(prefix: string, value: string): string {
  return `${prefix}${value.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

export const filterToken = {
  assetType: (assetType: string) => token('t', assetType),
  exchange: (exchangeId: string) => token('x', exchangeId),
  complex: (isComplex: boolean) => (isComplex ? 'c1' : 'c0'),
  displayHint: (hint: string) => token('h', hint),
  visible: 'v1',
  multiLeg: (canParticipate: boolean) => (canParticipate ? 'm1' : 'm0'),
};

/**
 * Visible without IncludeNonTradable: tradable instruments, plus the reference-only kinds
 * that are never tradable and that users still look up (stock indices).
 */
function isVisible(isTradable: boolean, assetType: string): boolean {
  return isTradable || assetType === 'StockIndex';
}

interface InstrumentSource {
  uic: number;
  asset_type: string;
  symbol: string;
  description: string;
  currency: string;
  exchange_id: string | null;
  display_hint: string | null;
  is_tradable: number;
  is_complex: number;
  search_rank: number;
  tradable_as: string | null;
  primary_listing: number | null;
  group_id: number | null;
  multi_leg: number | null;
  underlying_asset_type: string | null;
}

interface RootSource {
  option_root_id: number;
  asset_type: string;
  symbol: string;
  description: string;
  currency: string;
  exchange_id: string | null;
  underlying_uic: number;
  underlying_asset_type: string;
  can_multi_leg: number;
  search_rank: number;
}

function buildSearchIndex(db: Database.Database): void {
  db.exec(SEARCH_SCHEMA);
  const insertEntry = db.prepare(
    `INSERT INTO search_entries (id, summary_type, identifier, uic, asset_type, symbol, description, exchange_id, is_complex,
       display_hint, visible, multi_leg, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertWords = db.prepare('INSERT INTO search_fts (rowid, words, filters) VALUES (?, ?, ?)');
  db.exec(
    'CREATE INDEX instruments_by_search_rank ON instruments (search_rank) WHERE search_rank IS NOT NULL',
  );
  // In batches: better-sqlite3 cannot write while a read is still iterating.
  const batch = db.prepare(
    `SELECT uic, asset_type, symbol, description, currency, exchange_id, display_hint, is_tradable, is_complex, search_rank,
       json_extract(details, '$.TradableAs') AS tradable_as, json_extract(details, '$.PrimaryListing') AS primary_listing,
       json_extract(details, '$.GroupId') AS group_id, json_extract(details, '$.CanParticipateInMultiLegOrder') AS multi_leg,
       json_extract(details, '$.UnderlyingAssetType') AS underlying_asset_type
     FROM instruments WHERE search_rank > ? ORDER BY search_rank LIMIT 20000`,
  );
  function* instruments(): Generator<InstrumentSource> {
    for (let after = -1; ;) {
      const rows = batch.all(after) as InstrumentSource[];
      if (rows.length === 0) return;
      yield* rows;
      after = rows.at(-1)!.search_rank;
    }
  }
  const roots = db
    .prepare(
      `SELECT option_root_id, asset_type, symbol, description, currency, exchange_id, underlying_uic, underlying_asset_type,
         can_multi_leg, search_rank FROM option_roots ORDER BY search_rank`,
    )
    .all() as RootSource[];

  let id = 0;
  let rootIndex = 0;
  const addRoot = (root: RootSource) => {
    const multiLeg = root.can_multi_leg === 1;
    const summary = {
      AssetType: root.asset_type,
      CanParticipateInMultiLegOrder: multiLeg,
      CurrencyCode: root.currency,
      Description: root.description,
      ExchangeId: root.exchange_id ?? '',
      GroupId: 0,
      GroupOptionRootId: root.option_root_id,
      Identifier: root.option_root_id,
      SummaryType: 'ContractOptionRoot',
      Symbol: root.symbol,
      TradableAs: [root.asset_type],
      UnderlyingAssetType: root.underlying_asset_type,
      UnderlyingUic: root.underlying_uic,
    };
    id++;
    insertEntry.run(
      id,
      'ContractOptionRoot',
      root.option_root_id,
      null,
      root.asset_type,
      root.symbol,
      root.description,
      root.exchange_id,
      1,
      null,
      1,
      multiLeg ? 1 : 0,
      JSON.stringify(summary),
    );
    const filters = [
      filterToken.assetType(root.asset_type),
      filterToken.complex(true),
      filterToken.visible,
      filterToken.multiLeg(multiLeg),
    ];
    if (root.exchange_id) filters.push(filterToken.exchange(root.exchange_id));
    insertWords.run(id, `${root.symbol} ${root.description}`, filters.join(' '));
  };

  for (const row of instruments()) {
    while (rootIndex < roots.length && roots[rootIndex]!.search_rank < row.search_rank)
      addRoot(roots[rootIndex++]!);
    const multiLeg = row.multi_leg === null ? undefined : row.multi_leg === 1;
    const summary: Record<string, unknown> = {
      AssetType: row.asset_type,
      ...(multiLeg !== undefined ? { CanParticipateInMultiLegOrder: multiLeg } : {}),
      CurrencyCode: row.currency,
      Description: row.description,
      ...(row.display_hint ? { DisplayHint: row.display_hint } : {}),
      ExchangeId: row.exchange_id ?? '',
      GroupId: row.group_id ?? 0,
      Identifier: row.uic,
      PrimaryListing: row.primary_listing ?? row.uic,
      SummaryType: 'Instrument',
      Symbol: row.symbol,
      TradableAs: row.tradable_as ? (JSON.parse(row.tradable_as) as string[]) : [row.asset_type],
      ...(row.underlying_asset_type ? { UnderlyingAssetType: row.underlying_asset_type } : {}),
    };
    const visible = isVisible(row.is_tradable === 1, row.asset_type);
    id++;
    insertEntry.run(
      id,
      'Instrument',
      row.uic,
      row.uic,
      row.asset_type,
      row.symbol,
      row.description,
      row.exchange_id,
      row.is_complex,
      row.display_hint,
      visible ? 1 : 0,
      multiLeg === undefined ? null : multiLeg ? 1 : 0,
      JSON.stringify(summary),
    );
    const filters = [filterToken.assetType(row.asset_type), filterToken.complex(row.is_complex === 1)];
    if (visible) filters.push(filterToken.visible);
    if (row.exchange_id) filters.push(filterToken.exchange(row.exchange_id));
    if (row.display_hint) filters.push(filterToken.displayHint(row.display_hint));
    if (multiLeg !== undefined) filters.push(filterToken.multiLeg(multiLeg));
    insertWords.run(id, `${row.symbol} ${row.description}`, filters.join(' '));
  }
  while (rootIndex < roots.length) addRoot(roots[rootIndex++]!);
  db.exec(SEARCH_INDEXES);
  db.exec("INSERT INTO search_fts (search_fts) VALUES ('optimize')");
}

export const searchIndexStep: GenerationStep = {
  name: 'reference:search-index',
  run: ({ db }) => buildSearchIndex(db),
};
