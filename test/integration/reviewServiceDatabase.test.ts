/**
 * The review service and its database: migrations applied once by replicas starting together,
 * a newer schema refused, the audit log append-only for the service's role, one transaction per
 * call (nothing half-written), and PostgreSQL stopped and restarted mid-session.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewsFeed, TeamReviewErrorBody } from '../../contract/wire/review';
import { serviceClientConfig } from '../../main/reviewService/database/pool';
import { postgresMissingReason } from '../support/postgres';
import { ANALYST_A, ANALYST_B } from '../support/reviewService';
import { TeamReviewClient } from '../support/reviewServiceClient';
import { inProcessReviewServices } from '../support/inProcessReviewServices';

const missing = postgresMissingReason();
const tender = { EventType: 'TEND', CorporateActionType: 'Voluntary' } as const;

describe.skipIf(missing)(`the team review database${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const review = inProcessReviewServices();
  const { start, clientsOf, team } = review;

  beforeAll(() => {
    review.issuer.publishEvent('BULK-3', tender);
  });

  it('migrates a fresh database once when replicas start together, and nothing the next time', async () => {
    const url = review.postgres.url(await review.postgres.createDatabase());
    const together = await Promise.all([start(url), start(url), start(url)]);
    expect(together.map((service) => service.info.migrationsApplied).flat()).toEqual([
      '0001_team_review',
      '0003_team_review_control',
      '0004_team_review_index_plans',
      '0005_team_review_note_rows',
    ]);
    expect((await start(url)).info).toMatchObject({
      migrationsApplied: [],
      schemaVersion: '0005_team_review_note_rows',
    });
  });

  it('refuses a database migrated by a newer version, saying so', async () => {
    const database = await review.postgres.createDatabase();
    await start(review.postgres.url(database));
    await review.postgres.sql(
      database,
      `INSERT INTO pgmigrations (name, run_on) VALUES ('0099_from_a_newer_version', now())`,
    );
    await expect(start(review.postgres.url(database))).rejects.toThrow(
      'The review database was migrated by a newer version of the review service (migration 0099_from_a_newer_version unknown to this version',
    );
  });

  it('keeps the audit log append-only: the service’s role cannot UPDATE, DELETE or TRUNCATE it, nor can the owner', async () => {
    const database = await review.postgres.createDatabase();
    const service = await start(review.postgres.url(database));
    const [clara] = clientsOf(service);
    expect(
      (await clara.act({ Action: 'SetFlagged', EventId: 'AUDIT-1', Version: 0, Flagged: true })).status,
    ).toBe(200);

    const asService = new pg.Client(serviceClientConfig(review.postgres.url(database)));
    await asService.connect();
    try {
      expect((await asService.query('SELECT current_user')).rows[0].current_user).toBe(
        'refdesk_review_service',
      );
      for (const table of ['review_audit', 'review_change']) {
        expect((await asService.query(`SELECT count(*) FROM ${table}`)).rows[0].count).toBe('1');
        for (const statement of [
          `UPDATE ${table} SET actor_name = 'Someone else'`,
          `DELETE FROM ${table}`,
          `TRUNCATE ${table}`,
          `DROP TABLE ${table}`,
        ]) {
          await expect(asService.query(statement), statement).rejects.toMatchObject({ code: '42501' });
        }
      }
    } finally {
      await asService.end();
    }
    // Even the owner of the tables is stopped by the trigger.
    await expect(review.postgres.sql(database, `UPDATE review_audit SET after = 'false'`)).rejects.toThrow(
      'The review_audit table is append-only: UPDATE is not allowed',
    );
    await expect(review.postgres.sql(database, 'DELETE FROM review_audit')).rejects.toThrow('append-only: DELETE');
    expect((await review.postgres.sql(database, 'SELECT after FROM review_audit')).rows).toEqual([
      { after: 'true' },
    ]);
  });

  it('works with a login role of its own and a separate owner for migrations', async () => {
    const database = await review.postgres.createDatabase();
    await review.postgres.sql(database, `CREATE ROLE desk_service LOGIN`);
    // First start: the owner migrates (and creates the service role); then the operator grants it.
    await start(review.postgres.url(database));
    await review.postgres.sql(database, 'GRANT refdesk_review_service TO desk_service');
    const service = await start(review.postgres.url(database, 'desk_service'), {
      migrateDatabaseUrl: review.postgres.url(database),
    });
    const [clara] = clientsOf(service);
    expect(
      (await clara.act({ Action: 'AddNote', EventId: 'ROLE-1', Note: 'From a least-privilege login.' }))
        .status,
    ).toBe(200);
  });

  it('applies a call’s actions together or not at all', async () => {
    const service = await start(review.postgres.url(await review.postgres.createDatabase()));
    const [clara, jonas] = clientsOf(service);
    const stream = jonas.stream();
    await stream.waitFor((message) => message.event === 'ready');
    const reviewed = await clara.act({ Action: 'MarkReviewed', EventId: 'BULK-3', Version: 0 });
    expect(reviewed.status).toBe(200);
    await stream.waitFor((message) => message.id === String(reviewed.body.Sequence));

    const ownApproval = await clara.act(
      { Action: 'SetFlagged', EventId: 'BULK-1', Version: 0, Flagged: true },
      { Action: 'AddNote', EventId: 'BULK-2', Note: 'Part of a refused call.' },
      { Action: 'Approve', EventId: 'BULK-3', Version: 1 },
    );
    expect(ownApproval.status).toBe(403);
    const stale = await jonas.act(
      { Action: 'SetFlagged', EventId: 'BULK-1', Version: 0, Flagged: true },
      { Action: 'Assign', EventId: 'BULK-3', Version: 0, Assignee: ANALYST_B.userKey },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.Conflicts?.map((conflict) => conflict.EventId)).toEqual(['BULK-3']);

    const states = await jonas.call<ReviewsFeed>('GET', '/v1/reviews?EventIds=BULK-1,BULK-2,BULK-3');
    expect(states.body.Data.map((review) => [review.EventId, review.Version, review.ReviewStatus])).toEqual([
      ['BULK-1', 0, 'NotReviewed'],
      ['BULK-2', 0, 'NotReviewed'],
      ['BULK-3', 1, 'AwaitingApproval'],
    ]);
    const audit = await jonas.call<{ __count: number }>('GET', '/v1/audit');
    expect(audit.body.__count).toBe(1); // Clara's review, nothing else (her read mark is hers alone)
    // The stream's next change is the next accepted one: nothing of the refused calls was announced.
    const flagged = await jonas.act({ Action: 'SetFlagged', EventId: 'BULK-1', Version: 0, Flagged: true });
    await stream.waitFor((message) => message.id === String(flagged.body.Sequence));
    expect(stream.changes().map((change) => change.Reviews.map((review) => review.EventId))).toEqual([
      ['BULK-3'],
      ['BULK-1'],
    ]);
    stream.close();
  });

  it('lets exactly one of many desks racing on the same version win; the others get 409', async () => {
    const { url } = (await start(review.postgres.url(await review.postgres.createDatabase()))).info;
    const desks = Array.from(
      { length: 12 },
      (_, index) =>
        new TeamReviewClient([url], () => review.issuer.token(index % 2 ? ANALYST_B.userKey : ANALYST_A.userKey)),
    );
    // Twice: first on an event nobody touched (two transactions create the same row), then on a stored one.
    for (const version of [0, 1]) {
      const answers = await Promise.all(
        desks.map((desk, index) =>
          // An assignee of its own each round (alternating): the round-one winner re-sending its own
          // would be a change of nothing, which the service rightly accepts without a new version.
          desk.act({
            Action: 'Assign',
            EventId: 'RACE-1',
            Version: version,
            Assignee: (index + version) % 2 ? ANALYST_B.userKey : ANALYST_A.userKey,
          }),
        ),
      );
      const winners = answers.filter((answer) => answer.status === 200);
      expect(answers.map((answer) => answer.status).sort()).toEqual([
        ...Array(winners.length).fill(200),
        ...Array(12 - winners.length).fill(409),
      ]);
      // One change each round. The others that pass are changes of nothing (in round two, the
      // assignee the event already had, planned before that round's change, whichever desk won
      // round one): no Sequence, and the version they named.
      const stored = await desks[0]!.call<ReviewsFeed>('GET', '/v1/reviews?EventIds=RACE-1');
      expect(stored.body.Data[0]).toMatchObject({ Version: version + 1 });
      const changes = winners.filter((winner) => winner.body.Sequence !== undefined);
      expect(changes.map((change) => change.body.Data[0]!.Version)).toEqual([version + 1]);
      for (const repeat of winners.filter((winner) => winner.body.Sequence === undefined))
        expect(repeat.body.Data[0]!.Version).toBe(version);
    }
    const audit = await desks[0]!.call<{ __count: number }>('GET', '/v1/audit?EventId=RACE-1');
    expect(audit.body.__count).toBe(2);
  });

  it('applies requests written together in turn: notes of one event each on the last, the newest read mark kept', async () => {
    const database = await review.postgres.createDatabase();
    const { url } = (await start(review.postgres.url(database))).info;
    const desk = (userKey: string) => new TeamReviewClient([url], () => review.issuer.token(userKey));
    // The team's lock held while the requests arrive: the first waits for it, the rest queue
    // behind and are then written as one group (one event created and changed eleven times in
    // it; one member's read mark set and cleared again and again in it).
    const whileLocked = async <T>(send: () => Promise<T>[]): Promise<T[]> => {
      const holder = new pg.Client({ connectionString: review.postgres.url(database) });
      await holder.connect();
      try {
        await holder.query(`BEGIN; SELECT FROM review_sequence WHERE team = '${team.id}' FOR UPDATE`);
        const answers = send();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await holder.query('COMMIT');
        return await Promise.all(answers);
      } finally {
        await holder.end();
      }
    };
    const notes = await whileLocked(() =>
      Array.from({ length: 12 }, (_, index) =>
        desk(ANALYST_B.userKey).act({ Action: 'AddNote', EventId: 'GROUP-1', Note: `Note ${index}.` }),
      ),
    );
    expect(notes.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(notes.map((answer) => answer.body.Data[0]!.Version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    // One after the other (so the group's first and last marks differ: false, …, true).
    const marks = await whileLocked(() =>
      Array.from({ length: 29 }, async (_, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 30));
        return desk(ANALYST_A.userKey).act({ Action: 'SetRead', EventId: 'GROUP-1', Read: index % 2 === 0 });
      }),
    );
    expect(marks.map((answer) => answer.status)).toEqual(Array(29).fill(200));
    const newest = marks.reduce((last, answer) =>
      (answer.body.Sequence ?? 0) > (last.body.Sequence ?? 0) ? answer : last,
    );
    const clara = desk(ANALYST_A.userKey);
    const stored = await clara.call<ReviewsFeed>('GET', '/v1/reviews?EventIds=GROUP-1');
    expect(stored.body.Data[0]).toMatchObject({ Version: 12, Read: newest.body.Data[0]!.Read });
    expect(stored.body.Data[0]!.Notes).toHaveLength(12);
    const audit = await clara.call<{ __count: number }>('GET', '/v1/audit?EventId=GROUP-1');
    expect(audit.body.__count).toBe(12);
  });

  it('answers 503 "Team review unavailable" while PostgreSQL is down, and carries on by itself when it is back', async () => {
    const service = await start(review.postgres.url(await review.postgres.createDatabase()));
    const [clara, jonas] = clientsOf(service);
    const stream = jonas.stream();
    await stream.waitFor((message) => message.event === 'ready');
    expect((await clara.act({ Action: 'AddNote', EventId: 'DOWN-1', Note: 'Before.' })).status).toBe(200);

    review.postgres.stop();
    try {
      await stream.waitFor((message) => message.event === 'unavailable', 5000);
      const refused = [
        await clara.act({ Action: 'AddNote', EventId: 'DOWN-1', Note: 'During.' }),
        await clara.act({ Action: 'SetRead', EventId: 'DOWN-2', Read: true }),
        await clara.call('GET', '/v1/reviews?EventIds=DOWN-1'),
        await clara.call('GET', '/v1/audit'),
        await clara.call('GET', '/v1/health'),
      ];
      for (const answer of refused) {
        expect(answer.status).toBe(503);
        const body = answer.body as TeamReviewErrorBody;
        expect(body.ErrorCode).toBe('TeamReviewUnavailable');
        expect(body.Message).toMatch(/^Team review unavailable: /);
      }
    } finally {
      review.postgres.start();
    }

    await stream.waitFor((message) => message.event === 'available', 15_000);
    const after = await clara.act({ Action: 'AddNote', EventId: 'DOWN-1', Note: 'After.' });
    expect(after.status).toBe(200);
    expect(after.body.Data[0]).toMatchObject({ Version: 2 });
    expect(after.body.Data[0]!.Notes?.map((note) => note.Text)).toEqual(['Before.', 'After.']);
    // The LISTEN connection is back too: the change reaches the open stream.
    await stream.waitFor((message) => message.id === String(after.body.Sequence), 1000);
    expect((await clara.call('GET', '/v1/health')).status).toBe(200);
    const audit = await clara.call<{ Data: { After: string }[] }>('GET', '/v1/audit?EventId=DOWN-1');
    expect(audit.body.Data.map((entry) => entry.After)).toEqual(['After.', 'Before.']);
    stream.close();
  });
});
