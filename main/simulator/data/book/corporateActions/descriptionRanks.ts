/**
 * The InstrumentDescription sort of corporate action events: each instrument with events has a
 * rank by description (case-insensitive, then by number), kept in `ca_instruments.desc_rank`
 * and copied to its scope rows. Ranks follow SQLite's order of the lower-cased descriptions
 * (`ca_instrument_keys`, indexed), so a roll moves one instrument (a bond whose next issue has
 * another maturity) by looking at the few keys between its old and new place, instead of
 * sorting every instrument again.
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

/** Moves instruments to new description keys, shifting the ranks of those they pass. */
export class DescriptionRanks {
  private readonly keyOf: Database.Statement;
  private readonly after: Database.Statement;
  private readonly rankOf: Database.Statement;
  private readonly between: Database.Statement;
  private readonly setKey: Database.Statement;
  private readonly setRank: Database.Statement;
  private readonly setScopes: Database.Statement;

  constructor(db: Database.Database) {
    this.keyOf = db.prepare('SELECT description_key FROM ca_instrument_keys WHERE instrument_id = ?').pluck();
    this.after = db.prepare('SELECT ? > ?').pluck();
    this.rankOf = db.prepare('SELECT desc_rank FROM ca_instruments WHERE instrument_id = ?').pluck();
    // The instruments strictly between (low key, low id) and (high key, high id) in rank order.
    this.between = db.prepare(
      `SELECT instrument_id AS id FROM ca_instrument_keys
       WHERE description_key BETWEEN :lowKey AND :highKey
         AND (description_key > :lowKey OR instrument_id > :lowId)
         AND (description_key < :highKey OR instrument_id < :highId)`,
    );
    this.setKey = db.prepare('UPDATE ca_instrument_keys SET description_key = ? WHERE instrument_id = ?');
    this.setRank = db.prepare('UPDATE ca_instruments SET desc_rank = ? WHERE instrument_id = ?');
    this.setScopes = db.prepare('UPDATE event_scopes SET desc_rank = ? WHERE instrument_id = ?');
  }

  /** Gives an instrument a new key and the rank that goes with it. */
  move(instrumentId: number, key: string): void {
    const old = this.keyOf.get(instrumentId) as string;
    if (old === key) return;
    // Compared as SQLite orders keys (the ranks' order), not as JavaScript does.
    const forward = this.after.get(key, old) === 1;
    const passed = (
      this.between.all({
        lowKey: forward ? old : key,
        lowId: instrumentId,
        highKey: forward ? key : old,
        highId: instrumentId,
      }) as { id: number }[]
    ).map((row) => row.id);
    this.setKey.run(key, instrumentId);
    if (passed.length === 0) return;
    // Those passed move one place towards the instrument's old one.
    const shift = forward ? -1 : 1;
    for (const id of passed) this.rank(id, (this.rankOf.get(id) as number) + shift);
    this.rank(instrumentId, (this.rankOf.get(instrumentId) as number) - shift * passed.length);
  }

  private rank(instrumentId: number, rank: number): void {
    this.setRank.run(rank, instrumentId);
    this.setScopes.run(rank, instrumentId);
  }
}
