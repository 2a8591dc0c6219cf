/**
 * Notes as rows of their own (migration 0005), against a real PostgreSQL: a note is written once
 * (event_note), not copied into every later state; a key's kept answer names its threads by their
 * last note, and a retry (under the team's lock, or late, outside it) still answers the thread as
 * the first outcome had it; a database with notes from before 0005 keeps them, up and down.
 */
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ReviewsFeed, TeamNote } from '../../contract/wire/review';
import { MIGRATIONS_DIR, MIGRATIONS_TABLE } from '../../main/reviewService/database/migrate';
import { postgresMissingReason } from '../support/postgres';
import { ANALYST_A, ANALYST_B } from '../support/reviewService';
import { inProcessReviewServices } from '../support/inProcessReviewServices';

const missing = postgresMissingReason();

describe.skipIf(missing)(`team review notes as rows${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const review = inProcessReviewServices();
  const { start, clientsOf, team } = review;
  /** Runs the migrations (all up, or `count` down) as node-pg-migrate does for the service. */
  const migrate = async (database: string, direction: 'up' | 'down', count?: number) => {
    const client = new pg.Client({ connectionString: review.postgres.url(database) });
    await client.connect();
    try {
      await runner({
        dbClient: client,
        dir: MIGRATIONS_DIR,
        migrationsTable: MIGRATIONS_TABLE,
        direction,
        ...(count !== undefined ? { count } : {}),
        singleTransaction: true,
        log: () => {},
      });
    } finally {
      await client.end();
    }
  };

  it('writes a note once, and answers a retry with the thread as its first outcome had it', async () => {
    const database = await review.postgres.createDatabase();
    const service = await start(review.postgres.url(database));
    const [clara, jonas] = clientsOf(service);
    const firstKey = crypto.randomUUID();
    const first = await clara.request(
      { key: firstKey },
      { Action: 'AddNote', EventId: 'NOTE-1', Note: 'One.' },
    );
    expect(first.status).toBe(200);
    expect((await jonas.act({ Action: 'AddNote', EventId: 'NOTE-1', Note: 'Two.' })).status).toBe(200);
    expect(
      (await jonas.act({ Action: 'SetFlagged', EventId: 'NOTE-1', Version: 2, Flagged: true })).status,
    ).toBe(200);

    // Each note is one row; the states and the kept answers do not copy the thread.
    const rows = await review.postgres.sql(database, 'SELECT id, by_name, text FROM event_note ORDER BY id');
    expect(rows.rows).toEqual([
      { id: 1, by_name: ANALYST_A.name, text: 'One.' },
      { id: 2, by_name: ANALYST_B.name, text: 'Two.' },
    ]);
    const kept = await review.postgres.sql(database, 'SELECT response::text AS response FROM review_request');
    for (const row of kept.rows as { response: string }[]) expect(row.response).not.toContain('"Notes"');

    // A retry within its deadline (planned under the team's lock) and one after it (outside the lock).
    const again = await clara.request(
      { key: firstKey },
      { Action: 'AddNote', EventId: 'NOTE-1', Note: 'One.' },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, Replayed: true });
    expect(again.body.Data[0]!.Notes!.map((note) => note.Text)).toEqual(['One.']);
    const late = await clara.request(
      { key: firstKey, deadline: new Date(Date.now() - 1000) },
      { Action: 'AddNote', EventId: 'NOTE-1', Note: 'One.' },
    );
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ ...first.body, Replayed: true });

    const now = await jonas.call<ReviewsFeed>('GET', '/v1/reviews?EventIds=NOTE-1');
    expect(now.body.Data[0]).toMatchObject({ Version: 3, Flagged: true });
    expect(now.body.Data[0]!.Notes).toEqual([
      first.body.Data[0]!.Notes![0],
      expect.objectContaining({
        Id: 2,
        By: { UserKey: ANALYST_B.userKey, Name: ANALYST_B.name },
        Text: 'Two.',
      }),
    ]);
  });

  it('keeps the notes of a database from before notes were rows, and gives them back when migrated down', async () => {
    const database = await review.postgres.createDatabase();
    await migrate(database, 'up', 3);
    const thread: TeamNote[] = [
      {
        Id: 1,
        By: { UserKey: ANALYST_A.userKey, Name: ANALYST_A.name },
        At: '2026-11-20T09:15:00.123Z',
        Text: 'Checked the terms.',
      },
      {
        Id: 2,
        By: { UserKey: ANALYST_B.userKey, Name: ANALYST_B.name },
        At: '2026-11-21T10:00:00.000Z',
        Text: 'Agreed.',
      },
    ];
    await review.postgres.sql(
      database,
      `INSERT INTO event_review (team, event_id, version, notes, changed_by_key, changed_by_name, changed_at)
       VALUES ($1, 'OLD-1', 2, $2, $3, $4, '2026-11-21T10:00:00Z')`,
      [team.id, JSON.stringify(thread), ANALYST_B.userKey, ANALYST_B.name],
    );

    const service = await start(review.postgres.url(database));
    expect(service.info.migrationsApplied).toEqual(['0005_team_review_note_rows']);
    const [clara] = clientsOf(service);
    const before = await clara.call<ReviewsFeed>('GET', '/v1/reviews?EventIds=OLD-1');
    expect(before.body.Data[0]).toMatchObject({ Version: 2, Notes: thread });
    const added = await clara.act({ Action: 'AddNote', EventId: 'OLD-1', Note: 'Third, after the upgrade.' });
    expect(added.status).toBe(200);
    const three = added.body.Data[0]!.Notes!;
    expect(three.map((note) => note.Id)).toEqual([1, 2, 3]);
    await service.close();

    await migrate(database, 'down', 1);
    const down = await review.postgres.sql(database, `SELECT notes FROM event_review WHERE event_id = 'OLD-1'`);
    expect(down.rows[0].notes).toEqual(three);
    const answer = await review.postgres.sql(database, `SELECT response FROM review_request`);
    expect(answer.rows[0].response.Data[0].Notes).toEqual(three);
    expect((await review.postgres.sql(database, `SELECT to_regclass('event_note') AS t`)).rows[0].t).toBeNull();
  });
});
