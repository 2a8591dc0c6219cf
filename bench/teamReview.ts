/**
 * The team review service under a team's load (`npm run bench -- --only teamReview`): 50
 * simulated desks, each a different analyst with a live stream, doing mixed review actions on
 * 500 shared events for 60 s against 1 and then 2 replicas (real processes) over one throw-away
 * PostgreSQL, each desk acting again as soon as it has its answer (the service's capacity, not a
 * human pace). Figures: actions/s, p50/p95 action latency, p95/p99 propagation (from the answer on
 * the author's desk to the change's arrival on every other desk's stream; and, queueing included,
 * from sending the action), conflicts (409, expected when 50 desks share 500 events), and lost
 * changes (acknowledged changes some other desk never received: must be 0), and, counted by
 * idempotency key in the database, acknowledged changes the database does not hold (lost) and
 * keys applied more than once (must both be 0). CPU milliseconds per action (replicas;
 * PostgreSQL) stay comparable when the machine is shared and the wall-clock figures swing with
 * other load; pg_stat_statements says which statements PostgreSQL spends its time on. Events
 * marked reviewed are read from a stand-in platform (the test issuer's), as the service reads
 * them from the real one. The in-run reference is the 1-replica run: the 2-replica figures are
 * given as ratios to it. REFDESK_TEAM_REVIEW_SECONDS shortens the runs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestPostgres, type TestPostgres } from '../test/support/postgres';
import { startReplica, writeAuditKey } from '../test/support/reviewService';
import type { ReadyProcess } from '../test/support/simulatorProcess';
import { startTestIssuer, TEST_APP_KEY, type TestIssuer } from '../test/support/testIssuer';
import type { ReviewServiceInfo } from '../main/reviewService/server';
import { cpuMeter, machineBusyMeter, processTree } from './processCpu';
import { Desk, type RunLedger } from './teamReviewDesk';
import { databaseCpuMeter, type DatabaseCpuShare } from './teamReviewDatabaseCpu';
import { writeCpuPerAction } from './teamReviewWrites';

const DESKS = 50;
const EVENTS = 500;
/** How long the streams get to deliver the last changes after the load stops. */
const DRAIN_MS = 10_000;

const round = (value: number) => Math.round(value * 100) / 100;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The largest of many numbers (too many to spread into Math.max). */
function largest(values: Iterable<number>): number {
  let found = 0;
  for (const value of values) if (value > found) found = value;
  return found;
}

const sumActions = (desks: Desk[]) => desks.reduce((total, desk) => total + desk.tally.actions, 0);

/** The bench's team: one analyst (and approver) per desk. */
function writeBenchTeam(): { file: string; userKeys: string[] } {
  const userKeys = Array.from({ length: DESKS }, (_, index) => `bench-analyst-${index}`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'refdesk-bench-team-')), 'team.json');
  const members = userKeys.map((userKey, index) => ({
    userKey,
    name: `Analyst ${index + 1}`,
    roles: ['Analyst', 'Approver'],
  }));
  writeFileSync(file, JSON.stringify({ id: 'bench', name: 'Bench team', appKeys: [TEST_APP_KEY], members }));
  return { file, userKeys };
}

interface RunFigures {
  replicas: number;
  actionsPerSecond: number;
  actions: number;
  /** CPU the replicas spent per action (all replicas together). */
  serviceCpuMsPerAction: number;
  /** CPU PostgreSQL spent per action (server and backends). */
  databaseCpuMsPerAction: number;
  /**
   * CPU the bench's own 50 desks spent per action (their streams' parsing above all), and how
   * busy the machine's cores were: on two cores every process's CPU time grows with the others'
   * load (preemption, cold caches), so the database's figure is read beside these.
   */
  deskCpuMsPerAction: number;
  machineBusy: number;
  /**
   * WAL written per action, the full-page images in it, and the checkpoints during the run: the
   * first change of a page after a checkpoint writes the whole page to the WAL, so a run with a
   * checkpoint in it costs the database more per action than one without.
   */
  walKbPerAction: number;
  fullPageImagesPerAction: number;
  checkpoints: number;
  /**
   * Actions per write transaction (review_begin calls): a replica groups only its own requests,
   * and a group's fixed cost (lock, round trips, commit, each replica's read of the change) is
   * shared by its actions.
   */
  actionsPerGroup: number;
  /** databaseCpuMsPerAction by who spent it (teamReviewDatabaseCpu.ts). */
  databaseCpuBy: Record<DatabaseCpuShare, number>;
  p50ActionMs: number;
  p95ActionMs: number;
  p95PropagationMs: number;
  p99PropagationMs: number;
  maxPropagationMs: number;
  /** From sending the action to its arrival elsewhere: action latency (queueing) plus propagation. */
  p95ActionToOtherDesksMs: number;
  sharedChanges: number;
  conflicts: number;
  refused: number;
  errors: number;
  lost: number;
  /** Acknowledged changes whose idempotency key the database does not hold with that Sequence. */
  lostByKey: number;
  /** Changes in the database beyond one per idempotency key (applied twice). */
  appliedTwice: number;
  /** Where PostgreSQL spent its time (pg_stat_statements): the statements, most time first. */
  databaseStatements: { statement: string; calls: number; msPerCall: number; share: number }[];
}

/** The statements PostgreSQL spent most time on during a run (pg_stat_statements, reset before it). */
async function statementsOf(
  postgres: TestPostgres,
  database: string,
): Promise<RunFigures['databaseStatements']> {
  const { rows } = await postgres.sql(
    database,
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS statement, calls::int AS calls,
       (total_exec_time + total_plan_time) AS total
     FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
     ORDER BY total DESC LIMIT 8`,
  );
  const all = (rows as { total: number }[]).reduce((sum, row) => sum + row.total, 0) || 1;
  return (rows as { statement: string; calls: number; total: number }[]).map((row) => ({
    statement: row.statement,
    calls: row.calls,
    msPerCall: round(row.total / Math.max(1, row.calls)),
    share: round(row.total / all),
  }));
}

/** The server's WAL written so far (bytes, full-page images) and its checkpoints. */
async function walOf(
  postgres: TestPostgres,
  database: string,
): Promise<{ bytes: number; fullPageImages: number; checkpoints: number }> {
  const { rows } = await postgres.sql(
    database,
    `SELECT w.wal_bytes::float8 AS bytes, w.wal_fpi::float8 AS fpi,
       (b.checkpoints_timed + b.checkpoints_req)::int AS checkpoints
     FROM pg_stat_wal w, pg_stat_bgwriter b`,
  );
  const row = rows[0] as { bytes: number; fpi: number; checkpoints: number };
  return { bytes: row.bytes, fullPageImages: row.fpi, checkpoints: row.checkpoints };
}

/** Checks the acknowledged keys against the database: lost (absent, or another Sequence) and applied twice. */
async function countByKeys(
  postgres: TestPostgres,
  database: string,
  keys: Map<string, number>,
): Promise<{ lostByKey: number; appliedTwice: number }> {
  const { rows } = await postgres.sql(
    database,
    `SELECT idempotency_key, sequence FROM review_request WHERE team = 'bench' AND status = 200 AND sequence IS NOT NULL`,
  );
  const stored = new Map(
    (rows as { idempotency_key: string; sequence: string }[]).map((row) => [
      row.idempotency_key,
      Number(row.sequence),
    ]),
  );
  let lostByKey = 0;
  for (const [key, sequence] of keys) if (stored.get(key) !== sequence) lostByKey++;
  const changes = await postgres.sql(
    database,
    `SELECT count(*)::int AS count FROM review_change WHERE team = 'bench'`,
  );
  const appliedTwice = (changes.rows[0] as { count: number }).count - stored.size;
  return { lostByKey, appliedTwice };
}

async function runLoad(
  postgres: TestPostgres,
  issuer: TestIssuer,
  team: { file: string; userKeys: string[] },
  replicaCount: number,
  seconds: number,
): Promise<RunFigures> {
  const database = await postgres.createDatabase('bench');
  const databaseUrl = postgres.url(database);
  const auditKeyFile = writeAuditKey().file;
  const replicas: ReadyProcess<ReviewServiceInfo>[] = [];
  for (let index = 0; index < replicaCount; index++) {
    replicas.push(
      await startReplica({
        databaseUrl,
        issuer: issuer.issuer,
        platformUrl: issuer.platformUrl,
        teamFile: team.file,
        auditKeyFile,
      }),
    );
  }
  const urls = replicas.map((replica) => replica.ready.url);
  const eventIds = Array.from({ length: EVENTS }, (_, index) => `BENCH-${index}`);
  // Half the events have an election (four eyes), half not, as the platform says.
  eventIds.forEach((eventId, index) =>
    issuer.publishEvent(
      eventId,
      index % 2
        ? { EventType: 'DVOP', CorporateActionType: 'Mandatory', Electable: 'Electable' }
        : { EventType: 'DVCA', CorporateActionType: 'Mandatory', Electable: 'NotElectable' },
    ),
  );
  await postgres.sql(database, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const ledger: RunLedger = { sentAt: new Map(), ackedAt: new Map(), madeBy: new Map(), keys: new Map() };
  const desks = await Promise.all(
    team.userKeys.map(async (userKey, index) => {
      // Desk i starts on replica i mod n and has the others as fallbacks.
      const order = urls.map((_, offset) => urls[(index + offset) % urls.length]!);
      return new Desk(
        index,
        userKey,
        order,
        await issuer.token(userKey, { expiresInSeconds: 3600 }),
        eventIds,
        ledger,
      );
    }),
  );
  try {
    await Promise.all(desks.map((desk) => desk.connect()));
    await postgres.sql(database, 'SELECT pg_stat_statements_reset()');
    const serviceCpu = cpuMeter(() => replicas.map((replica) => replica.child.pid!));
    const databaseCpu = cpuMeter(() => processTree(postgres.serverPid()));
    const databaseCpuBy = databaseCpuMeter(postgres, database);
    const walBefore = await walOf(postgres, database);
    const deskCpu = process.cpuUsage();
    const machine = machineBusyMeter();
    const started = performance.now();
    await Promise.all(desks.map((desk) => desk.run(started + seconds * 1000)));
    const elapsedSeconds = (performance.now() - started) / 1000;
    const [serviceCpuSeconds, databaseCpuSeconds] = [serviceCpu(), databaseCpu()];
    const deskCpuUsage = process.cpuUsage(deskCpu);
    const machineBusy = machine();
    const walAfter = await walOf(postgres, database);
    const databaseCpuShares = databaseCpuBy(sumActions(desks));
    const databaseStatements = await statementsOf(postgres, database);

    const newest = largest(ledger.sentAt.keys());
    const drainUntil = performance.now() + DRAIN_MS;
    while (performance.now() < drainUntil && desks.some((desk) => desk.lastArrival < newest)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // Propagation: from the author's desk showing the change saved to another desk showing it
    // (0 when the stream was faster than the answer); and from the click, queueing included.
    const propagation: number[] = [];
    const fromSend: number[] = [];
    let lost = 0;
    for (const [sequence, sentAt] of ledger.sentAt) {
      const ackedAt = ledger.ackedAt.get(sequence)!;
      for (const desk of desks) {
        if (ledger.madeBy.get(sequence) === desk.index) continue;
        const arrived = desk.tally.arrivals.get(sequence);
        if (arrived === undefined) {
          lost++;
          continue;
        }
        propagation.push(Math.max(0, arrived - ackedAt));
        fromSend.push(arrived - sentAt);
      }
    }
    const errorKinds = new Map<string, number>();
    for (const desk of desks)
      for (const [kind, count] of desk.tally.errorKinds)
        errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + count);
    if (errorKinds.size > 0) {
      // What the desks met, and what the replicas said meanwhile.
      console.error(`desk errors: ${JSON.stringify(Object.fromEntries(errorKinds))}`);
      for (const replica of replicas) console.error(replica.stderr().slice(-4000));
    }
    if (lost > 0) {
      // Which changes, and what the replicas said meanwhile: the run fails on lost changes.
      const missing = [...ledger.sentAt.keys()].filter((sequence) =>
        desks.some(
          (desk) => ledger.madeBy.get(sequence) !== desk.index && !desk.tally.arrivals.has(sequence),
        ),
      );
      console.error(`lost changes ${missing.slice(0, 20).join(', ')} (newest acknowledged ${newest})`);
      for (const replica of replicas) console.error(replica.stderr().slice(-4000));
    }
    const latencies = desks.flatMap((desk) => desk.tally.latenciesMs);
    const sum = (pick: (desk: Desk) => number) => desks.reduce((total, desk) => total + pick(desk), 0);
    const actions = sum((desk) => desk.tally.actions);
    return {
      replicas: replicaCount,
      actionsPerSecond: round(sum((desk) => desk.tally.actions) / elapsedSeconds),
      actions,
      serviceCpuMsPerAction: round((serviceCpuSeconds * 1000) / actions),
      databaseCpuMsPerAction: round((databaseCpuSeconds * 1000) / actions),
      deskCpuMsPerAction: round((deskCpuUsage.user + deskCpuUsage.system) / 1000 / actions),
      machineBusy: round(machineBusy),
      walKbPerAction: round((walAfter.bytes - walBefore.bytes) / 1024 / actions),
      fullPageImagesPerAction: round((walAfter.fullPageImages - walBefore.fullPageImages) / actions),
      checkpoints: walAfter.checkpoints - walBefore.checkpoints,
      actionsPerGroup: round(
        actions /
          Math.max(1, databaseStatements.find((row) => row.statement.includes('review_write('))?.calls ?? 0),
      ),
      databaseCpuBy: await databaseCpuShares,
      p50ActionMs: round(percentile(latencies, 50)),
      p95ActionMs: round(percentile(latencies, 95)),
      p95PropagationMs: round(percentile(propagation, 95)),
      p99PropagationMs: round(percentile(propagation, 99)),
      maxPropagationMs: round(largest(propagation)),
      p95ActionToOtherDesksMs: round(percentile(fromSend, 95)),
      sharedChanges: ledger.sentAt.size,
      conflicts: sum((desk) => desk.tally.conflicts),
      refused: sum((desk) => desk.tally.refused),
      errors: sum((desk) => desk.tally.errors),
      lost,
      ...(await countByKeys(postgres, database, ledger.keys)),
      databaseStatements,
    };
  } finally {
    for (const desk of desks) desk.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
  }
}

/** The section: 1 replica, then 2, same desks, same duration. */
export async function benchTeamReview(options: { seconds: number }): Promise<Record<string, unknown>> {
  const postgres = await startTestPostgres([
    'shared_preload_libraries=pg_stat_statements',
    'pg_stat_statements.track_planning=on',
  ]);
  const issuer = await startTestIssuer();
  const team = writeBenchTeam();
  try {
    const one = await runLoad(postgres, issuer, team, 1, options.seconds);
    console.log(JSON.stringify(one));
    const two = await runLoad(postgres, issuer, team, 2, options.seconds);
    console.log(JSON.stringify(two));
    if (one.lost + two.lost > 0)
      throw new Error(`${one.lost + two.lost} acknowledged changes never reached another desk`);
    if (one.lostByKey + two.lostByKey + one.appliedTwice + two.appliedTwice > 0)
      throw new Error(
        `by idempotency key: ${one.lostByKey + two.lostByKey} acknowledged changes lost, ${one.appliedTwice + two.appliedTwice} applied twice`,
      );
    // The writing backend's CPU per action for fixed group sizes: steady whatever the load.
    const bench = { teamFile: team.file, userKeys: team.userKeys, platformUrl: issuer.platformUrl };
    const writeCpuMsPerAction = {
      groupsOf1: round(await writeCpuPerAction(postgres, bench, 1, 2000)),
      groupsOf10: round(await writeCpuPerAction(postgres, bench, 10, 5000)),
    };
    console.log(JSON.stringify({ writeCpuMsPerAction }));
    return {
      desks: DESKS,
      events: EVENTS,
      seconds: options.seconds,
      oneReplica: one,
      twoReplicas: two,
      writeCpuMsPerAction,
      twoReplicasToOne: {
        actionsPerSecond: round(two.actionsPerSecond / one.actionsPerSecond),
        p95ActionMs: round(two.p95ActionMs / one.p95ActionMs),
        p95PropagationMs: round(two.p95PropagationMs / one.p95PropagationMs),
      },
    };
  } finally {
    await issuer.close();
    postgres.remove();
  }
}
