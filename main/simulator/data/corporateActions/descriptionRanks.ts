/**
 * The InstrumentDescription sort of corporate action events: each instrument with events has a
 * rank by description (case-insensitive, then by number), kept in `ca_instruments.desc_rank`
 * and copied to its scope rows. Ranks follow SQLite's order of the lower-cased descriptions
 * (`ca_instrument_keys`, indexed), so a roll that moves some instruments (bonds whose next
 * issue has another maturity) orders again only the keys between their old and new places,
 * instead of sorting every instrument.
 */
import type Database from 'better-sqlite3';

/** The sort key of a description. */
export function descriptionKey(description: string): string {
  return description.toLowerCase();
}

/** Every instrument's rank, from the keys in `ca_instrument_keys` (a new universe). */
export function rankDescriptions(db: Database.Database): Map<number, number> {
  const ids = db
    .prepare('SELECT instrument_id FROM ca_instrument_keys ORDER BY description_key, instrument_id')
    .pluck()
    .all() as number[];
  return new Map(ids.map((id, rank) => [id, rank]));
}

/** SQLite's order of two keys (memcmp of their UTF-8 bytes). */
function compareKeys(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left), Buffer.from(right));
}

/**
 * Gives instruments new description keys and every instrument whose rank that changes its new
 * rank. The instruments whose keys lie within the span of the moved keys (old and new) hold
 * the same block of ranks before and after, so only that block is ordered again; moves whose
 * spans overlap (bills of one issuer maturing together) are ordered together.
 */
export function moveDescriptions(
  db: Database.Database,
  moves: readonly { instrumentId: number; key: string }[],
): void {
  const keyOf = db.prepare('SELECT description_key FROM ca_instrument_keys WHERE instrument_id = ?').pluck();
  const setKey = db.prepare('UPDATE ca_instrument_keys SET description_key = ? WHERE instrument_id = ?');
  const spans: { low: string; high: string }[] = [];
  for (const { instrumentId, key } of moves) {
    const old = keyOf.get(instrumentId) as string;
    if (old === key) continue;
    setKey.run(key, instrumentId);
    spans.push(compareKeys(old, key) < 0 ? { low: old, high: key } : { low: key, high: old });
  }
  spans.sort((a, b) => compareKeys(a.low, b.low));
  const merged: { low: string; high: string }[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && compareKeys(span.low, last.high) <= 0) {
      if (compareKeys(span.high, last.high) > 0) last.high = span.high;
    } else merged.push({ ...span });
  }
  const block = db.prepare(
    `SELECT k.instrument_id AS id, c.desc_rank AS rank FROM ca_instrument_keys k JOIN ca_instruments c ON c.instrument_id = k.instrument_id
     WHERE k.description_key BETWEEN ? AND ? ORDER BY k.description_key, k.instrument_id`,
  );
  const setRank = db.prepare('UPDATE ca_instruments SET desc_rank = ? WHERE instrument_id = ?');
  const setScopes = db.prepare('UPDATE event_scopes SET desc_rank = ? WHERE instrument_id = ?');
  for (const span of merged) {
    const rows = block.all(span.low, span.high) as { id: number; rank: number }[];
    const first = Math.min(...rows.map((row) => row.rank));
    rows.forEach((row, index) => {
      if (row.rank === first + index) return;
      setRank.run(first + index, row.id);
      setScopes.run(first + index, row.id);
    });
  }
}
