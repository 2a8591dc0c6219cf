/**
 * The service's connections to PostgreSQL: a pool for the API and the change feed's queries,
 * every connection working as the restricted role `refdesk_review_service` (whatever the login
 * role may do, the service itself can never rewrite the audit log), and one transaction per
 * review action. A database that cannot be reached is reported as such, so the API can answer
 * 503 instead of a 500, and the pool simply opens new connections once it is back.
 */
import pg from 'pg';

/** The role every connection of the service takes (created and granted by the first migration). */
export const SERVICE_ROLE = 'refdesk_review_service';

/**
 * The service's session settings, added to whatever the operator's URL sets. A request's
 * transaction is two round trips with the planning in between (milliseconds), and it holds the
 * team's lock: a replica that hangs inside one (stopped, swapped out) is cut off after 3 s idle,
 * so the team's other desks wait at most that long; nobody waits for the lock more than 5 s.
 */
const SESSION_OPTIONS = `-c role=${SERVICE_ROLE} -c statement_timeout=15000 -c lock_timeout=5000 -c idle_in_transaction_session_timeout=3000`;

/** A connection URL with the service role and timeouts added to its `options`. */
export function serviceConnectionString(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const existing = url.searchParams.get('options');
  url.searchParams.set('options', existing ? `${existing} ${SESSION_OPTIONS}` : SESSION_OPTIONS);
  if (!url.searchParams.has('application_name'))
    url.searchParams.set('application_name', 'refdesk-review-service');
  return url.toString();
}

/** Client settings for one service connection (the pool's and the change feed's LISTEN connection). */
export function serviceClientConfig(databaseUrl: string): pg.ClientConfig {
  return { connectionString: serviceConnectionString(databaseUrl), connectionTimeoutMillis: 3000 };
}

/**
 * The API's pool; errors of idle connections (the server went away) are logged, not thrown. A
 * request may wait up to 10 s for a connection: the team's writers queue for its lock, each on a
 * connection, so under a burst the pool is busy rather than the database gone (a server that is
 * down refuses connections at once).
 */
export function createServicePool(databaseUrl: string, log: (line: string) => void, max = 10): pg.Pool {
  const pool = new pg.Pool({
    ...serviceClientConfig(databaseUrl),
    connectionTimeoutMillis: 10_000,
    max,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => log(`database connection lost: ${error.message}`));
  return pool;
}

const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|terminating connection/i;

/** True when `error` means the database cannot be reached (down, restarting, unreachable), not a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/** Errors after which the whole transaction may simply run again (races between replicas). */
const RETRYABLE_CODES = new Set(['40001', '40P01', '23505']);
const ATTEMPTS = 4;

/**
 * Runs `work` in one transaction: committed whole or not at all. A serialization failure,
 * deadlock or a lost race to create the same row runs it again from the start.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      broken = isDatabaseUnavailable(error);
      if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
      const code = (error as { code?: unknown }).code;
      if (attempt < ATTEMPTS && typeof code === 'string' && RETRYABLE_CODES.has(code)) continue;
      throw error;
    } finally {
      // A connection that failed mid-transaction is dropped, never handed to the next request.
      client.release(broken);
    }
  }
}
