/**
 * Prepared statements cached per database, so the hot read paths prepare their SQL once. The
 * cache is bounded: filtered list queries produce many distinct SQL texts.
 */
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

const cache = new WeakMap<Database.Database, LRUCache<string, Database.Statement>>();

/** The prepared statement for `sql` on `db`, prepared on first use. */
export function statement(db: Database.Database, sql: string): Database.Statement {
  let byText = cache.get(db);
  if (!byText) {
    byText = new LRUCache({ max: 500 });
    cache.set(db, byText);
  }
  let prepared = byText.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    byText.set(sql, prepared);
  }
  return prepared;
}
