/**
 * Team review as a control (issue 27, defects 2, 3 and 6), against a real PostgreSQL, two
 * replicas (real processes) and the simulator as the platform:
 * - four eyes is decided on the platform's facts, read with the caller's token; a desk stating
 *   an electable event as a mandatory cash dividend is refused, and the event is kept as reviewed;
 * - every request carries an idempotency key and a deadline: a retry answers the first outcome,
 *   a request is never committed past its deadline (even one that waited for the team's lock),
 *   and a replica stopped with SIGSTOP and resumed after the deadline applies nothing twice;
 * - the audit log is chained with an HMAC: a row forged with the service's own database role is
 *   named by `verify-audit` and by `/v1/audit/verification`; writers on both replicas keep one
 *   chain; read marks are personal.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditFeed,
  AuditVerification,
  ReadMarksFeed,
  ReviewedEventSnapshot,
  TeamAuditEntry,
} from '../../contract/wire/review';
import type { CorporateActionEvent, Feed } from '../../contract/wire/types';
import { serviceClientConfig } from '../../main/reviewService/database/pool';
import type { ReviewServiceInfo } from '../../main/reviewService/server';
import { postgresMissingReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { REVIEW_SERVICE_CLI, startReplica, writeAuditKey, writeTeamFile } from '../support/reviewService';
import { TeamReviewClient } from '../support/reviewServiceClient';
import { userKeyOf } from '../support/reviewServiceDesks';
import type { ReadyProcess } from '../support/simulatorProcess';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

const missing = postgresMissingReason();
const run = promisify(execFile);

describe.skipIf(missing)(`team review as a control${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let postgres: TestPostgres;
  let simulator: TestSimulator;
  let database: string;
  let replicas: ReadyProcess<ReviewServiceInfo>[];
  let clara: TeamReviewClient;
  let jonas: TeamReviewClient;
  let voluntary: CorporateActionEvent[];
  let teamFile: string;
  const auditKeyFile = writeAuditKey().file;

  /** `verify-audit` as an operator runs it: its output and exit code. */
  async function verifyAudit(): Promise<{ code: number; text: string }> {
    try {
      const { stdout } = await run(process.execPath, [
        '--import',
        'tsx',
        REVIEW_SERVICE_CLI,
        'verify-audit',
        '--database',
        postgres.url(database),
        '--team',
        teamFile,
        '--audit-key',
        auditKeyFile,
      ]);
      return { code: 0, text: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, text: `${failed.stdout}${failed.stderr}` };
    }
  }

  beforeAll(async () => {
    [postgres, simulator] = await Promise.all([startTestPostgres(), startTestSimulator()]);
    database = await postgres.createDatabase();
    teamFile = writeTeamFile({
      appKeys: [simulator.simulator.info.appKey],
      members: [
        { userKey: userKeyOf('demo'), name: 'Clara Lindqvist', roles: ['Analyst', 'Approver'] },
        { userKey: userKeyOf('trader2'), name: 'Jonas Berger', roles: ['Analyst', 'Approver'] },
      ],
    });
    const options = {
      databaseUrl: postgres.url(database),
      issuer: simulator.simulator.info.authUrl,
      platformUrl: simulator.simulator.info.baseUrl,
      teamFile,
      auditKeyFile,
      args: ['--heartbeat', '1'],
    };
    replicas = [await startReplica(options), await startReplica(options)];
    const [one, two] = replicas.map((replica) => replica.ready.url) as [string, string];
    clara = new TeamReviewClient([one, two], () => simulator.accessToken('demo'));
    jonas = new TeamReviewClient([two, one], () => simulator.accessToken('trader2'));
    voluntary = (
      await simulator.get<Feed<CorporateActionEvent>>('ca/v2/events?CorporateActionTypes=Voluntary&$top=50', {
        as: 'demo',
      })
    ).body.Data;
    expect(voluntary.length).toBeGreaterThanOrEqual(4);
  }, 180_000);

  afterAll(async () => {
    for (const replica of replicas ?? []) {
      process.kill(replica.child.pid!, 'SIGCONT');
      await replica.stop();
    }
    await simulator?.close();
    postgres?.remove();
  });

  it('decides four eyes on the platform’s facts: an electable event stated as a mandatory cash dividend is refused', async () => {
    const event = voluntary[0]!;
    const stated = await clara.act({
      Action: 'MarkReviewed',
      EventId: event.EventId,
      Version: 0,
      Event: { EventType: 'DVCA', CorporateActionType: 'Mandatory', Electable: 'NotElectable' },
    });
    expect(stated.status).toBe(409);
    expect(stated.body.ErrorCode).toBe('EventFactsDisagree');
    expect(stated.body.Message).toContain(`Event ${event.EventId} is not what your desk says`);
    expect(stated.body.Disagreements).toContainEqual(
      expect.objectContaining({ Field: 'CorporateActionType', Stated: 'Mandatory', Platform: 'Voluntary' }),
    );
    const untouched = await clara.call<{ Data: { Version: number }[] }>(
      'GET',
      `/v1/reviews?EventIds=${event.EventId}`,
    );
    expect(untouched.body.Data[0]!.Version).toBe(0);

    // Said nothing of the event: the service reads it and asks for a second analyst.
    const reviewed = await clara.act({ Action: 'MarkReviewed', EventId: event.EventId, Version: 0 });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.Data[0]).toMatchObject({ ReviewStatus: 'AwaitingApproval', FourEyes: true });
    const audit = await jonas.call<AuditFeed>('GET', `/v1/audit?EventId=${event.EventId}`);
    expect(audit.body.Data[0]!.Event).toMatchObject({
      EventType: event.EventType!.Code,
      CorporateActionType: 'Voluntary',
    });
    // The approver sees the event as the platform had it at the review, without Clara's own accounts.
    const snapshot = await jonas.call<ReviewedEventSnapshot>(
      'GET',
      `/v1/reviews/${event.EventId}/reviewed-event`,
    );
    expect(snapshot.status).toBe(200);
    expect(snapshot.body).toMatchObject({
      EventId: event.EventId,
      Reviewed: { By: { Name: 'Clara Lindqvist' } },
    });
    expect(snapshot.body.Event.DisplayAndFormat).toEqual(event.DisplayAndFormat);
    expect(snapshot.body.Event).not.toHaveProperty('Holdings');
  });

  it('answers a retry with the first outcome, refuses a key used for another request, and never commits past the deadline', async () => {
    const key = 'retry-0000-0000-0000-000000000001';
    const flag = { Action: 'SetFlagged', EventId: 'KEY-1', Version: 0, Flagged: true } as const;
    const first = await clara.request({ key }, flag);
    const again = await clara.request({ key }, flag);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ Sequence: first.body.Sequence, Replayed: true });
    for (const reused of [
      await clara.request({ key }, { ...flag, Flagged: false }),
      await jonas.request({ key }, flag),
    ]) {
      expect(reused.status).toBe(422);
      expect(reused.body.ErrorCode).toBe('IdempotencyKeyReused');
    }
    const audit = await clara.call<AuditFeed>('GET', '/v1/audit?EventId=KEY-1');
    expect(audit.body.__count).toBe(1);

    const late = await clara.request(
      { deadline: new Date(Date.now() - 1000) },
      { Action: 'SetFlagged', EventId: 'KEY-2', Version: 0, Flagged: true },
    );
    expect(late.status).toBe(409);
    expect(late.body.ErrorCode).toBe('DeadlinePassed');

    // The deadline passes while the request waits for the team's lock: checked when it commits.
    const holder = new pg.Client(serviceClientConfig(postgres.url(database)));
    await holder.connect();
    await holder.query('SET idle_in_transaction_session_timeout = 0');
    await holder.query('BEGIN');
    await holder.query(`SELECT * FROM review_sequence WHERE team = 'ca-copenhagen' FOR UPDATE`);
    const waiting = clara.request(
      { deadline: new Date(Date.now() + 1500) },
      { Action: 'SetFlagged', EventId: 'KEY-3', Version: 0, Flagged: true },
    );
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await holder.query('COMMIT');
    await holder.end();
    const waited = await waiting;
    expect(waited.status).toBe(409);
    expect(waited.body.ErrorCode).toBe('DeadlinePassed');
    const states = await clara.call<{ Data: { Version: number }[] }>(
      'GET',
      '/v1/reviews?EventIds=KEY-2,KEY-3',
    );
    expect(states.body.Data.map((state) => state.Version)).toEqual([0, 0]);
  }, 30_000);

  it('applies a request once when its replica hangs (SIGSTOP) and the desk retries the same key on the other', async () => {
    const [one, two] = replicas as [ReadyProcess<ReviewServiceInfo>, ReadyProcess<ReviewServiceInfo>];
    const key = 'hung-0000-0000-0000-000000000001';
    const deadline = new Date(Date.now() + 4000);
    const action = { Action: 'SetFlagged', EventId: 'HUNG-1', Version: 0, Flagged: true } as const;
    process.kill(one.child.pid!, 'SIGSTOP');
    let resumed = false;
    try {
      // Sent to the stopped replica: no answer while it hangs.
      const toStopped = new TeamReviewClient([one.ready.url], () => simulator.accessToken('demo'))
        .request({ key, deadline }, action)
        .then((answer) => ({ answer, afterResume: resumed }));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const retried = await new TeamReviewClient([two.ready.url], () =>
        simulator.accessToken('demo'),
      ).request({ key, deadline }, action);
      expect(retried.status).toBe(200);
      // The stopped replica resumes after the deadline: it has the request, and must not apply it again.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, deadline.getTime() - Date.now() + 1000)),
      );
      resumed = true;
      process.kill(one.child.pid!, 'SIGCONT');
      const late = await toStopped;
      expect(late.afterResume).toBe(true);
      // It answers what was done (the first outcome), and does nothing more.
      expect(late.answer.status).toBe(200);
      expect(late.answer.body).toMatchObject({ Sequence: retried.body.Sequence, Replayed: true });
    } finally {
      process.kill(one.child.pid!, 'SIGCONT');
    }
    const audit = await jonas.call<AuditFeed>('GET', '/v1/audit?EventId=HUNG-1');
    expect(audit.body.Data.map((entry) => entry.Action)).toEqual(['Flagged']);
    const rows = await postgres.sql(
      database,
      'SELECT count(*)::int AS n FROM review_request WHERE idempotency_key = $1',
      [key],
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
  }, 30_000);

  it('keeps one chain across both replicas, and names a row forged with the service’s role', async () => {
    // Writers on both replicas at once.
    const writes = Array.from({ length: 24 }, (_, index) =>
      (index % 2 ? jonas : clara).act({
        Action: 'AddNote',
        EventId: `CHAIN-${index % 5}`,
        Note: `Note ${index}.`,
      }),
    );
    expect((await Promise.all(writes)).map((answer) => answer.status)).toEqual(Array(24).fill(200));
    const intact = await verifyAudit();
    expect(intact.code).toBe(0);
    expect(intact.text).toMatch(/All \d+ entries verify/);

    // Anyone with the service's database role can INSERT: a forged approval, shaped like a real one.
    const asService = new pg.Client(serviceClientConfig(postgres.url(database)));
    await asService.connect();
    const { rows } = await asService.query<{ id: string }>(
      `INSERT INTO review_audit (team, sequence, position, event_id, at, actor_key, actor_name, action, before, after, event_version, mac)
       SELECT team, sequence, 9, event_id, at, $1, 'Jonas Berger', 'Approved', 'AwaitingApproval', 'Approved', event_version + 1, mac
       FROM review_audit WHERE action = 'Reviewed' ORDER BY id LIMIT 1 RETURNING id`,
      [userKeyOf('trader2')],
    );
    await asService.end();
    const forged = Number(rows[0]!.id);

    const broken = await verifyAudit();
    expect(broken.code).toBe(1);
    expect(broken.text).toContain(`Entry Id ${forged} (`);
    expect(broken.text).toContain('Jonas Berger, Approved');
    // The desk's audit view hears it from the service (after its brief cache).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const fresh = new TeamReviewClient([replicas[1]!.ready.url], () => simulator.accessToken('trader2'));
    let verification: AuditVerification | undefined;
    for (let tries = 0; tries < 40 && verification?.FirstFailure?.Id !== forged; tries++) {
      verification = (await fresh.call<AuditVerification>('GET', '/v1/audit/verification')).body;
      if (verification.FirstFailure?.Id !== forged) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(verification?.FirstFailure).toMatchObject({ Id: forged, Action: 'Approved' });
    expect(verification!.VerifiedEntries).toBeLessThan(verification!.Entries);
  }, 90_000);

  it('keeps read marks personal: out of the shared log, and nobody else’s to read', async () => {
    const read = await clara.act({ Action: 'SetRead', EventId: 'READ-1', Read: true });
    expect(read.status).toBe(200);
    const shared = await jonas.call<{ Data: TeamAuditEntry[] }>('GET', '/v1/audit?EventId=READ-1');
    expect(shared.body.Data).toEqual([]);
    const jonasReads = await jonas.call<ReadMarksFeed>('GET', '/v1/reads?EventId=READ-1');
    expect(jonasReads.body.Data).toEqual([]);
    const claraReads = await clara.call<ReadMarksFeed>('GET', '/v1/reads?EventId=READ-1');
    expect(claraReads.body.Data).toEqual([{ EventId: 'READ-1', Read: true, At: expect.any(String) }]);
  });
});
