/**
 * PostgreSQL CPU per review action on the one backend that writes: groups of a chosen size go
 * through the service's own transaction (review_begin, planning, review_write and COMMIT:
 * groupTransaction.ts `transact`) on a pool of one connection, and that backend's CPU is read from /proc. Unlike the
 * load runs' figure (the whole server's CPU), it depends neither on how busy the machine is nor
 * on how large the groups a load happens to form: a group's fixed cost is shared by its requests,
 * and the load runs form groups of 1 to 64 as the queue allows.
 */
import { randomUUID } from 'node:crypto';
import type { ReviewAction } from '../contract/wire/review';
import { sealAuditChain } from '../main/reviewService/audit/auditChain';
import { loadAuditKey } from '../main/reviewService/audit/auditKey';
import { migrateDatabase } from '../main/reviewService/database/migrate';
import { createServicePool } from '../main/reviewService/database/pool';
import { createPlatformClient } from '../main/reviewService/platform/platformClient';
import { requestHashOf } from '../main/reviewService/review/requests';
import { transact } from '../main/reviewService/review/groupTransaction';
import { Team } from '../main/reviewService/team';
import type { TestPostgres } from '../test/support/postgres';
import { writeAuditKey } from '../test/support/reviewService';
import { cpuSecondsOf } from './processCpu';

const EVENTS = 500;

/** Backend CPU milliseconds per action when `actions` actions are written in groups of `groupSize`. */
export async function writeCpuPerAction(
  postgres: TestPostgres,
  bench: { teamFile: string; userKeys: string[]; platformUrl: string },
  groupSize: number,
  actions: number,
): Promise<number> {
  const database = await postgres.createDatabase('writes');
  const databaseUrl = postgres.url(database);
  await migrateDatabase(databaseUrl);
  const team = Team.load(bench.teamFile);
  const auditKey = loadAuditKey(writeAuditKey().file);
  const pool = createServicePool(databaseUrl, () => {}, 1);
  try {
    await sealAuditChain(pool, team.id, auditKey);
    const backend = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    // MarkReviewed reads the platform before its transaction, which this figure leaves out.
    const deps = { pool, team, auditKey, platform: createPlatformClient(bench.platformUrl) };
    const members = bench.userKeys.map((userKey) => team.member(userKey)!);
    const versions = new Map<string, number>();
    const started = cpuSecondsOf(backend);
    for (let written = 0, group = 0; written < actions; written += groupSize, group++) {
      const jobs = Array.from({ length: groupSize }, (_, index) => {
        // Distinct events within a group (no conflicts), every event in turn.
        const eventId = `WRITES-${(group * groupSize + index) % EVENTS}`;
        const actor = members[(group + index) % members.length]!;
        const action = actionOf(index, eventId, versions.get(eventId) ?? 0, actor.userKey);
        const key = randomUUID();
        const request = {
          team: team.id,
          key,
          userKey: actor.userKey,
          requestHash: requestHashOf([action]),
          deadline: new Date(Date.now() + 60_000),
        };
        return { actor, request, actions: [action], events: new Map() };
      });
      const outcomes = await transact(deps, jobs);
      for (const outcome of outcomes) {
        if (outcome.kind !== 'done') throw new Error(`a bench write was refused: ${String(outcome.kind)}`);
        for (const state of outcome.result.Data) versions.set(state.EventId, state.Version);
      }
    }
    return ((cpuSecondsOf(backend) - started) * 1000) / actions;
  } finally {
    await pool.end();
  }
}

/** The load runs' mix without reviews: flags, notes, assignments and read marks. */
function actionOf(index: number, eventId: string, version: number, userKey: string): ReviewAction {
  switch (index % 4) {
    case 0:
      return { Action: 'SetFlagged', EventId: eventId, Version: version, Flagged: version % 2 === 0 };
    case 1:
      return { Action: 'AddNote', EventId: eventId, Note: `Checked at ${new Date().toISOString()}.` };
    case 2:
      return { Action: 'Assign', EventId: eventId, Version: version, Assignee: userKey };
    default:
      return { Action: 'SetRead', EventId: eventId, Read: version % 2 === 0 };
  }
}
