/**
 * Brings the review database to this version's schema at start: the migration files in
 * ../migrations applied by node-pg-migrate, under its advisory lock so replicas starting
 * together migrate once. A database already migrated by a newer version of the service (a
 * migration this version does not know) is refused with a clear message instead of being used
 * by code that does not understand it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PG_MIGRATE_LOCK_ID, runner } from 'node-pg-migrate';
import type pg from 'pg';
import { connectCreatingDatabase } from './createDatabase';

/** The folder of this version's migrations (SQL files, applied in name order). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** node-pg-migrate's bookkeeping table. */
export const MIGRATIONS_TABLE = 'pgmigrations';

/** Thrown when the database's schema is newer than this version of the service. */
export class SchemaTooNewError extends Error {}

/** Names of the migrations this version knows, as node-pg-migrate records them (no extension). */
export function knownMigrations(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => path.basename(file, '.sql'))
    .sort();
}

/**
 * Applies the pending migrations to the database at `databaseUrl` (connected as a role that may
 * create tables and, the first time, the service role; the database itself when it is missing
 * and the role may) and answers the names applied.
 */
export async function migrateDatabase(
  databaseUrl: string,
  log: (line: string) => void = () => {},
): Promise<string[]> {
  const client = await connectCreatingDatabase(databaseUrl, log);
  try {
    // Held across the check and the run: another replica cannot migrate in between.
    await client.query('SELECT pg_advisory_lock($1)', [PG_MIGRATE_LOCK_ID]);
    try {
      await refuseNewerSchema(client);
      const applied = await runner({
        dbClient: client,
        dir: MIGRATIONS_DIR,
        migrationsTable: MIGRATIONS_TABLE,
        direction: 'up',
        checkOrder: true,
        singleTransaction: true,
        noLock: true,
        log: (line) => log(line),
      });
      return applied.map((migration) => migration.name);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PG_MIGRATE_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

async function refuseNewerSchema(client: pg.Client): Promise<void> {
  const table = await client.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
    MIGRATIONS_TABLE,
  ]);
  if (!table.rows[0]?.exists) return;
  const applied = await client.query<{ name: string }>(
    `SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY run_on, id`,
  );
  const known = new Set(knownMigrations());
  const unknown = applied.rows.map((row) => row.name).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new SchemaTooNewError(
      `The review database was migrated by a newer version of the review service (migration${unknown.length > 1 ? 's' : ''} ` +
        `${unknown.join(', ')} unknown to this version, which knows up to ${[...known].pop() ?? 'none'}). ` +
        'Run the newer version of the service (every replica), or restore a backup taken before that upgrade.',
    );
  }
}
