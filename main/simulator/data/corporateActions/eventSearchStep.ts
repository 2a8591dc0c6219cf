/**
 * The keyword index of the instruments with corporate actions (`ca_search`, the Keywords filter
 * of /ca/v2/events): description, ISIN and symbol of each, lower-cased, under trigrams so a
 * substring of three characters or more is an index look-up. Its own step after the events: it
 * reads what they wrote, and it rolls after them.
 */
import type { GenerationStep } from '../universe';

const SCHEMA = `
-- rowid = instrument_id
CREATE VIRTUAL TABLE ca_search USING fts5(search, tokenize = 'trigram', detail = 'none');
`;

interface KeywordRow {
  instrumentId: number;
  description: string;
  isin: string | null;
  symbol: string;
}

/** The keyword text of an instrument: description, ISIN and symbol. */
function searchText(instrument: KeywordRow): string {
  return `${instrument.description}|${instrument.isin ?? ''}|${instrument.symbol}`.toLowerCase();
}

const KEYWORDS = `SELECT c.instrument_id AS instrumentId, i.description, i.isin, i.symbol
  FROM ca_instruments c JOIN instruments i ON i.uic = c.uic AND i.asset_type = c.asset_type`;

export const eventSearchStep: GenerationStep = {
  name: 'book.event-search',
  run({ db }) {
    db.exec(SCHEMA);
    const insert = db.prepare('INSERT INTO ca_search (rowid, search) VALUES (?, ?)');
    for (const row of db.prepare(`${KEYWORDS} ORDER BY c.instrument_id`).all() as KeywordRow[])
      insert.run(row.instrumentId, searchText(row));
  },
  /** An instrument the roll rewrote (a bond's next issue) has new keywords. */
  roll({ db }) {
    const update = db.prepare('UPDATE ca_search SET search = ? WHERE rowid = ?');
    const rolled = db
      .prepare(`${KEYWORDS} JOIN rolled_instruments r ON r.uic = c.uic AND r.asset_type = c.asset_type`)
      .all() as KeywordRow[];
    for (const row of rolled) update.run(searchText(row), row.instrumentId);
  },
  expectedMs: { small: 20, default: 60, large: 700 },
  // Beside the events, in the worker, which has the instruments it reads (the events' copy).
  parallel: { after: 'reference:well-known-equities' },
};
