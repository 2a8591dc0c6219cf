/**
 * The contents of a universe database as a client would see them, table by table, for
 * comparing two universes (one rolled to a day, one generated for it): every row of every
 * table in key order, stored details expanded (fragment ids depend on the order fragments were
 * first met), and the full-text indexes as their term → row lists. ANALYZE statistics and the
 * full-text indexes' internal pages are left out: they depend on how the rows arrived.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { expandDetails, loadFragments } from '../../main/simulator/data/instruments/detailFragments';

const FULL_TEXT = ['search_fts', 'ca_search'];
const LEFT_OUT = /^(sqlite_|detail_fragments$|universe_meta$)/;
const FULL_TEXT_SHADOW = /^(search_fts|ca_search)_(data|idx|config|docsize|content)$/;

/** Table name → its rows, one text line each, in key order. */
export function universeContents(db: Database.Database): Map<string, string[]> {
  const fragments = loadFragments(db);
  const tables = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as { name: string; sql: string }[];
  const contents = new Map<string, string[]>();
  for (const { name } of tables) {
    if (LEFT_OUT.test(name) || FULL_TEXT_SHADOW.test(name) || FULL_TEXT.includes(name)) continue;
    const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map(
      (c) => c.name,
    );
    const rows = db
      .prepare(`SELECT * FROM "${name}" ORDER BY ${columns.map((c) => `"${c}"`).join(', ')}`)
      .raw()
      .all() as unknown[][];
    const detailsAt = name === 'instruments' ? columns.indexOf('details') : -1;
    contents.set(
      name,
      rows.map((row) => {
        if (detailsAt >= 0 && typeof row[detailsAt] === 'string')
          row[detailsAt] = expandDetails(row[detailsAt] as string, fragments);
        return JSON.stringify(row);
      }),
    );
  }
  for (const table of FULL_TEXT) {
    if (!tables.some((t) => t.name === table)) continue;
    db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS temp."${table}_terms" USING fts5vocab(main, "${table}", 'instance')`,
    );
    const rows = db
      .prepare(`SELECT term, doc, col FROM temp."${table}_terms" ORDER BY term, doc, col`)
      .raw()
      .all();
    contents.set(
      `${table} (terms)`,
      rows.map((row) => JSON.stringify(row)),
    );
  }
  return contents;
}

/** A short digest per table, for a readable comparison of two universes. */
export function contentDigests(contents: Map<string, string[]>): Record<string, string> {
  const digests: Record<string, string> = {};
  for (const [table, rows] of contents)
    digests[table] =
      `${rows.length} rows ${createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 12)}`;
  return digests;
}

/** The first rows in which two tables differ (for a failure message that says what moved). */
export function firstDifferences(left: string[], right: string[], limit = 5): string[] {
  const leftSet = new Set(left);
  const rightSet = new Set(right);
  return [
    ...left
      .filter((row) => !rightSet.has(row))
      .slice(0, limit)
      .map((row) => `- ${row.slice(0, 300)}`),
    ...right
      .filter((row) => !leftSet.has(row))
      .slice(0, limit)
      .map((row) => `+ ${row.slice(0, 300)}`),
  ];
}
