/**
 * A replica pointed at a database that does not exist yet creates it when its login role may
 * (CREATEDB, or a superuser as in the team demo), so a team's first start needs no manual step;
 * when the role may not, the operator gets one sentence naming the database, the role and the
 * statement to run, instead of PostgreSQL's bare "database does not exist".
 */
import pg from 'pg';

/** Thrown when the database is missing and the role may not create it: the operator's to resolve. */
export class DatabaseMissingError extends Error {}

const INVALID_CATALOG_NAME = '3D000';
const DUPLICATE_DATABASE = '42P04';
const INSUFFICIENT_PRIVILEGE = '42501';

/** PostgreSQL's error code of `error`, if it is one of the server's errors. */
function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** A connected client of `databaseUrl`; a database that does not exist is created first when the role may. */
export async function connectCreatingDatabase(
  databaseUrl: string,
  log: (line: string) => void,
): Promise<pg.Client> {
  // A pg client that failed to connect cannot connect again: each attempt gets its own.
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
    await client.connect();
    return client;
  };
  try {
    return await connect();
  } catch (error) {
    if (codeOf(error) !== INVALID_CATALOG_NAME) throw error;
  }
  await createDatabase(databaseUrl, log);
  return connect();
}

async function createDatabase(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const role = decodeURIComponent(url.username) || process.env.PGUSER || 'the login role';
  // The maintenance database every cluster has: where CREATE DATABASE is issued from.
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.href, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    log(`created database ${name}`);
  } catch (error) {
    // Another replica starting at the same moment created it first: that is what we wanted.
    if (codeOf(error) === DUPLICATE_DATABASE) return;
    if (codeOf(error) === INSUFFICIENT_PRIVILEGE)
      throw new DatabaseMissingError(
        `database "${name}" does not exist and role "${role}" may not create it: ` +
          `ask a database administrator to run CREATE DATABASE ${admin.escapeIdentifier(name)} ` +
          `OWNER ${admin.escapeIdentifier(role)}, or give the role CREATEDB`,
      );
    throw error;
  } finally {
    await admin.end();
  }
}
