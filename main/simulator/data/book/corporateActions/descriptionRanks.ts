/**
 * The InstrumentDescription sort of corporate action events: each instrument with events has a
 * rank by description (case-insensitive, then by number), kept in `ca_instruments.desc_rank`
 * and copied to its scope rows. Ranks are SQLite's order of the lower-cased descriptions, so a
 * roll can move one instrument (a bond whose next issue has another maturity) with a count over
 * an index and a shift of the ranks in between, instead of sorting every instrument again.
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

/** Gives an instrument a new description key and moves its rank there, shifting those it passes. */
export function moveDescription(db: Database.Database, instrumentId: number, key: string): void {
  const rankOf = db.prepare('SELECT desc_rank FROM ca_instruments WHERE instrument_id = ?').pluck();
  const before = rankOf.get(instrumentId) as number;
  db.prepare('UPDATE ca_instrument_keys SET description_key = ? WHERE instrument_id = ?').run(
    key,
    instrumentId,
  );
  const after = db
    .prepare(
      `SELECT count(*) FROM ca_instrument_keys
       WHERE description_key < ? OR (description_key = ? AND instrument_id < ?)`,
    )
    .pluck()
    .get(key, key, instrumentId) as number;
  if (after === before) return;
  // Those between the two places move one place towards the old one.
  const [low, high, shift] = after > before ? [before + 1, after, -1] : [after, before - 1, 1];
  const passed = db
    .prepare(
      'SELECT instrument_id FROM ca_instruments WHERE desc_rank BETWEEN ? AND ? AND instrument_id != ?',
    )
    .pluck()
    .all(low, high, instrumentId) as number[];
  const setRank = db.prepare('UPDATE ca_instruments SET desc_rank = ? WHERE instrument_id = ?');
  const setScopes = db.prepare('UPDATE event_scopes SET desc_rank = ? WHERE instrument_id = ?');
  for (const id of passed) {
    const rank = (rankOf.get(id) as number) + shift;
    setRank.run(rank, id);
    setScopes.run(rank, id);
  }
  setRank.run(after, instrumentId);
  setScopes.run(after, instrumentId);
}
