/**
 * The team demo's throw-away PostgreSQL cluster: Debian's postgresql-15 server programs, a
 * cluster in the demo's folder on a free 127.0.0.1 port, with a random password (never trust
 * authentication: other local users could connect). The server refuses to run as root, and demo
 * machines often run as root, so there the cluster belongs to the `postgres` system user that
 * Debian's package creates (MACHINE-NOTES.md "PostgreSQL").
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where Debian's postgresql-15 puts its server programs (not on PATH). */
const POSTGRES_BIN = process.env.REFDESK_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
/** The cluster's superuser: the replicas log in as it (they then work as the restricted service role). */
const DEMO_ROLE = 'refdesk_demo';

export interface DemoCluster {
  /** The connection URL of `database` (with the password: keep it off command lines). */
  url(database: string): string;
  port: number;
  /** Stops the server (fast shutdown); safe to call when it is already stopped. */
  stop(): void;
}

/** Why a cluster cannot be made here, or undefined when it can. */
export function clusterMissingReason(): string | undefined {
  if (!existsSync(path.join(POSTGRES_BIN, 'initdb')))
    return `PostgreSQL is not installed (no ${POSTGRES_BIN}/initdb): apt-get install postgresql, or set REFDESK_POSTGRES_BIN`;
  if (isRoot() && !userExists('postgres'))
    return 'running as root and there is no `postgres` system user to own the cluster: useradd --system postgres';
  return undefined;
}

/** Creates and starts a cluster in `folder` (which must not exist yet) listening on `port`. */
export function startDemoCluster(folder: string, port: number): DemoCluster {
  const reason = clusterMissingReason();
  if (reason) throw new Error(reason);
  mkdirSync(folder, { mode: 0o700 });
  if (isRoot()) chownSync(folder, idOf('-u'), idOf('-g'));
  const password = randomBytes(18).toString('base64url');
  const passwordFile = path.join(folder, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (isRoot()) chownSync(passwordFile, idOf('-u'), idOf('-g'));
  const data = path.join(folder, 'data');
  asOwner('initdb', [
    '-D',
    data,
    '-U',
    DEMO_ROLE,
    '--auth=scram-sha-256',
    `--pwfile=${passwordFile}`,
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  asOwner('pg_ctl', [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`,
    '-l',
    path.join(folder, 'server.log'),
    '-w',
    'start',
  ]);
  let running = true;
  return {
    port,
    url: (database) =>
      `postgres://${DEMO_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop() {
      if (!running) return;
      running = false;
      try {
        asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // Already down (Ctrl+C reached the server too): nothing left to stop.
      }
    },
  };
}

/** Runs a server program as the cluster's owner: `postgres` when we are root, else ourselves. */
function asOwner(program: string, args: string[]): void {
  const binary = path.join(POSTGRES_BIN, program);
  const [command, commandArgs] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  // A folder the owner may enter: `postgres` may not enter root's current folder.
  execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: '/' });
}

/** Lets the cluster's owner pass through the demo's own (root's) folder to reach its cluster. */
export function letClusterOwnerThrough(folder: string): void {
  if (isRoot()) chmodSync(folder, 0o711);
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The `postgres` user's uid (`-u`) or gid (`-g`). */
function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}
