/**
 * A throw-away PostgreSQL cluster for tests and benches: `initdb` into a temporary folder, a
 * server on a free 127.0.0.1 port, removed afterwards (also when the run dies: an exit hook
 * stops every cluster still running). The server refuses to run as root, and sessions and CI
 * run as root, so there the cluster belongs to the unprivileged `postgres` system user that
 * Debian's package creates (MACHINE-NOTES.md "PostgreSQL").
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './freePort';

/** Where Debian's postgresql-15 puts its server programs (not on PATH). */
export const POSTGRES_BIN = process.env.REFDESK_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
/** The superuser of every test cluster (trust authentication, 127.0.0.1 only). */
export const ADMIN_USER = 'refdesk_admin';

/** Why the tests cannot get a cluster here, or undefined when they can. */
export function postgresMissingReason(): string | undefined {
  if (!existsSync(path.join(POSTGRES_BIN, 'initdb')))
    return `PostgreSQL is not installed (no ${POSTGRES_BIN}/initdb; apt-get install postgresql, as .ci/run does)`;
  if (isRoot() && !systemUserExists('postgres'))
    return 'running as root and no `postgres` system user to own the cluster (useradd --system postgres)';
  return undefined;
}

export interface TestPostgres {
  port: number;
  /** A connection URL for `database` as `user` (default: the superuser). */
  url(database: string, user?: string): string;
  /** Creates an empty database and returns its name. */
  createDatabase(prefix?: string): Promise<string>;
  /** Runs SQL as the superuser in `database`. */
  sql(database: string, text: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** Stops the server (`pg_ctl -m fast`): clients are cut off, data stays. */
  stop(): void;
  /** Starts it again on the same port. */
  start(): void;
  /** Stops the server and deletes the folder. */
  remove(): void;
  /** The server's main process id (its backends are its children). */
  serverPid(): number;
}

const clusters = new Set<string>();
const removeAll = () => {
  for (const folder of clusters) removeCluster(folder);
  clusters.clear();
};
process.on('exit', removeAll);
// A run ended by a signal (a test runner stopping a worker, Ctrl-C) skips 'exit': a server left
// running would outlive it. Tidy up, then let the signal do what it would have done.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    removeAll();
    process.kill(process.pid, signal);
  });
}

/**
 * Creates, starts and returns a cluster (about 2-3 s); `settings` are extra server settings
 * (`name=value`, e.g. the bench's `shared_preload_libraries=pg_stat_statements`).
 */
export async function startTestPostgres(settings: string[] = []): Promise<TestPostgres> {
  const reason = postgresMissingReason();
  if (reason) throw new Error(reason);
  const folder = mkdtempSync(path.join(tmpdir(), 'refdesk-pg-'));
  clusters.add(folder);
  if (isRoot()) chownSync(folder, systemUid('postgres'), systemGid('postgres'));
  const data = path.join(folder, 'data');
  asOwner('initdb', ['-D', data, '-A', 'trust', '-U', ADMIN_USER, '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // fsync off: a test cluster needs speed, not durability across power loss.
  const serverOptions = [
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ');
  const start = () =>
    asOwner('pg_ctl', [
      '-D',
      data,
      '-o',
      serverOptions,
      '-l',
      path.join(folder, 'server.log'),
      '-w',
      'start',
    ]);
  start();
  const url = (database: string, user = ADMIN_USER) => `postgres://${user}@127.0.0.1:${port}/${database}`;
  let databases = 0;
  const sql = async (database: string, text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: url(database) });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };
  return {
    port,
    url,
    sql,
    async createDatabase(prefix = 'review') {
      const name = `${prefix}_${process.pid}_${++databases}`;
      await sql('postgres', `CREATE DATABASE ${name}`);
      return name;
    },
    stop: () => asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    remove() {
      removeCluster(folder);
      clusters.delete(folder);
    },
    serverPid: () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
  };
}

function removeCluster(folder: string): void {
  const data = path.join(folder, 'data');
  if (existsSync(path.join(data, 'postmaster.pid'))) {
    try {
      asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already gone: nothing to stop.
    }
  }
  rmSync(folder, { recursive: true, force: true });
}

/** Runs a server program as the cluster's owner: `postgres` when we are root, else ourselves. */
function asOwner(program: string, args: string[]): void {
  const binary = path.join(POSTGRES_BIN, program);
  const [command, commandArgs] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: tmpdir() });
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function systemUserExists(name: string): boolean {
  try {
    systemUid(name);
    return true;
  } catch {
    return false;
  }
}

function systemUid(name: string): number {
  return Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
}

function systemGid(name: string): number {
  return Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
}
