/**
 * `npm run team-demo [-- --scale small]`: a team review setup on one machine, in one command. A
 * throw-away PostgreSQL cluster, the platform (the standalone simulator), a team file of the
 * demo users, an audit key and two replicas of the team review service, all in one temporary
 * folder; prints what to type on each desk and `READY {json}`. Ctrl+C (or SIGTERM) stops
 * everything and removes the folder.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandLine, printReady, runCommand, UsageError } from '../node/cli';
import { createAuditKeyFile } from '../reviewService/audit/auditKey';
import type { ReviewServiceInfo } from '../reviewService/server';
import type { SimulatorInfo } from '../simulator/server';
import {
  clusterMissingReason,
  letClusterOwnerThrough,
  startDemoCluster,
  type DemoCluster,
} from './demoCluster';
import { deskInstructions, demoMembers, writeDemoTeamFile } from './demoTeam';
import { startReadyChild, type ReadyChild } from './readyChild';

const SIMULATOR_CLI = fileURLToPath(new URL('../simulator/cli.ts', import.meta.url));
const REVIEW_SERVICE_CLI = fileURLToPath(new URL('../reviewService/cli.ts', import.meta.url));
const REPLICAS = 2;
/** Generating a default-scale universe the first time takes minutes on a small machine. */
const SIMULATOR_START_MS = 15 * 60_000;
const REPLICA_START_MS = 120_000;

/** A port nobody listens on now, for the cluster (pg_ctl needs a number, not 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** What the demo started, stopped in reverse order by `tearDown`. */
interface Running {
  folder: string;
  cluster?: DemoCluster;
  children: ReadyChild<unknown>[];
}

async function tearDown(running: Running): Promise<void> {
  for (const child of [...running.children].reverse()) await child.stop();
  running.cluster?.stop();
  rmSync(running.folder, { recursive: true, force: true });
}

/** Last resort on an unexpected exit: nothing of the demo may outlive it. */
function tearDownNow(running: Running): void {
  for (const { child } of running.children) if (child.exitCode === null) child.kill('SIGKILL');
  running.cluster?.stop();
  if (existsSync(running.folder)) rmSync(running.folder, { recursive: true, force: true });
}

runCommand(async () => {
  const { values } = parseCommandLine(process.argv.slice(2), { scale: { type: 'string' } });
  const missing = clusterMissingReason();
  if (missing) throw new UsageError(`team-demo needs PostgreSQL: ${missing}`);
  const running: Running = { folder: mkdtempSync(path.join(tmpdir(), 'refdesk-team-demo-')), children: [] };
  process.on('exit', () => tearDownNow(running));
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= tearDown(running).then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`team-demo: while stopping: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    letClusterOwnerThrough(running.folder);
    running.cluster = startDemoCluster(path.join(running.folder, 'postgres'), await freePort());
    const simulator = await startReadyChild<SimulatorInfo>(
      'platform',
      SIMULATOR_CLI,
      [
        '--port',
        '0',
        '--data-dir',
        path.join(running.folder, 'simulator'),
        ...(values.scale ? ['--scale', values.scale] : []),
      ],
      { timeoutMs: SIMULATOR_START_MS },
    );
    running.children.push(simulator);
    const members = demoMembers();
    const teamFile = path.join(running.folder, 'team.json');
    writeDemoTeamFile(teamFile, simulator.ready.appKey, members);
    const auditKeyFile = path.join(running.folder, 'audit.key');
    createAuditKeyFile(auditKeyFile);
    const replicas: ReviewServiceInfo[] = [];
    // One after the other: the first creates the database and migrates it, the next finds it current.
    for (let index = 1; index <= REPLICAS; index++) {
      const replica = await startReadyChild<ReviewServiceInfo>(
        `replica ${index}`,
        REVIEW_SERVICE_CLI,
        [
          '--port',
          '0',
          '--issuer',
          simulator.ready.authUrl,
          '--platform-url',
          simulator.ready.baseUrl,
          '--team',
          teamFile,
          '--audit-key',
          auditKeyFile,
        ],
        // The password stays out of the command line (other local users can read that).
        {
          env: { REFDESK_REVIEW_DATABASE_URL: running.cluster.url('refdesk_review') },
          timeoutMs: REPLICA_START_MS,
        },
      );
      running.children.push(replica);
      replicas.push(replica.ready);
    }
    const platform = {
      baseUrl: simulator.ready.baseUrl,
      authUrl: simulator.ready.authUrl,
      appKey: simulator.ready.appKey,
    };
    const replicaUrls = replicas.map((replica) => replica.url);
    process.stdout.write(`${deskInstructions({ platform, replicaUrls, members })}\n`);
    printReady({
      folder: running.folder,
      platform,
      replicas: replicaUrls,
      team: replicas[0]?.team,
      members: members.map(({ login, name, userKey, roles }) => ({ login, name, userKey, roles })),
    });
  } catch (error) {
    await tearDown(running);
    throw error;
  }
});
