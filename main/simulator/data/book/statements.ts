/**
 * Prepared statements cached per database, so the hot read paths prepare their SQL once.
 */
import type Database from 'better-sqlite3';

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The prepared statement for `sql` on `db`, prepared on first use. */
export function statement(db: Database.Database, sql: string): Database.Statement {
  let byText = cache.get(db);
  if (!byText) {
    byText = new Map();
    cache.set(db, byText);
  }
  let prepared = byText.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    byText.set(sql, prepared);
  }
  return prepared;
}
