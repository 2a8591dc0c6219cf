/**
 * PostgreSQL's CPU during a team review load run, by who spent it: the replicas' pooled
 * connections (the writes, the change feed's reads, conflicts), their LISTEN connections,
 * autovacuum, and the server's own processes (WAL writer, checkpointer, postmaster, …). Says
 * where a run's databaseCpuMsPerAction goes when it moves between 1 and 2 replicas. A process
 * that exits during the run (an autovacuum worker done before the end) is not counted.
 */
import type { TestPostgres } from '../test/support/postgres';
import { cpuSecondsOf, processTree } from './processCpu';

export type DatabaseCpuShare = 'pool' | 'listeners' | 'autovacuum' | 'server' | 'other';

/** Starts the meter; the returned function answers CPU milliseconds per action by share. */
export function databaseCpuMeter(
  postgres: TestPostgres,
  database: string,
): (actions: number) => Promise<Record<DatabaseCpuShare, number>> {
  const start = new Map(processTree(postgres.serverPid()).map((pid) => [pid, cpuSecondsOf(pid)]));
  return async (actions) => {
    const spent = new Map(
      processTree(postgres.serverPid()).map((pid) => [pid, cpuSecondsOf(pid) - (start.get(pid) ?? 0)]),
    );
    const { rows } = await postgres.sql(
      database,
      'SELECT pid, backend_type, coalesce(application_name, \'\') AS application_name FROM pg_stat_activity',
    );
    const shareOf = new Map(
      (rows as { pid: number; backend_type: string; application_name: string }[]).map((row) => [
        row.pid,
        classify(row.backend_type, row.application_name),
      ]),
    );
    const shares: Record<DatabaseCpuShare, number> = { pool: 0, listeners: 0, autovacuum: 0, server: 0, other: 0 };
    for (const [pid, seconds] of spent) shares[shareOf.get(pid) ?? 'server'] += seconds;
    for (const share of Object.keys(shares) as DatabaseCpuShare[])
      shares[share] = Math.round(((shares[share] * 1000) / Math.max(1, actions)) * 1000) / 1000;
    return shares;
  };
}

function classify(backendType: string, applicationName: string): DatabaseCpuShare {
  if (backendType.startsWith('autovacuum')) return 'autovacuum';
  if (backendType !== 'client backend') return 'server';
  if (!applicationName.startsWith('refdesk-review-service')) return 'other';
  return applicationName.endsWith('-listener') ? 'listeners' : 'pool';
}
