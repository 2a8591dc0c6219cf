/**
 * A group of review requests and the team's lock (issue 27), against a real PostgreSQL: the
 * requests that queue on a replica while its group waits for the lock (held by another replica's
 * group) join that group once it holds the lock, and each is planned as if it ran alone after
 * the ones before it: read marks of a member new to the group, notes, a retry of a key in it.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ReviewsFeed } from '../../contract/wire/review';
import { postgresMissingReason } from '../support/postgres';
import { ANALYST_A, ANALYST_B } from '../support/reviewService';
import { TeamReviewClient } from '../support/reviewServiceClient';
import { inProcessReviewServices } from '../support/inProcessReviewServices';

const missing = postgresMissingReason();

describe.skipIf(missing)(`a group and the team's lock${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const review = inProcessReviewServices();
  const { start, team } = review;

  it('takes the requests that queued while it waited for the lock into the same transaction', async () => {
    const database = await review.postgres.createDatabase();
    const { url } = (await start(review.postgres.url(database))).info;
    const clara = new TeamReviewClient([url], () => review.issuer.token(ANALYST_A.userKey));
    const jonas = new TeamReviewClient([url], () => review.issuer.token(ANALYST_B.userKey));
    // Another replica's group holds the team's lock.
    const holder = new pg.Client({ connectionString: review.postgres.url(database) });
    await holder.connect();
    try {
      await holder.query(`BEGIN; SELECT FROM review_sequence WHERE team = '${team.id}' FOR UPDATE`);
      const key = crypto.randomUUID();
      const first = clara.request(
        { key },
        { Action: 'SetFlagged', EventId: 'LOCK-1', Version: 0, Flagged: true },
      );
      // The first group is waiting in review_begin; these queue behind it on the replica.
      await review.postgres.sql(database, 'SELECT 1');
      await new Promise((resolve) => setTimeout(resolve, 500));
      /**
       * Sent 200 ms apart, so they queue in this order (each is authenticated before it queues,
       * which on a loaded machine took longer than the 50 ms this test once allowed).
       */
      const inTurn = <T>(sends: (() => Promise<T>)[]) =>
        sends.map(async (send, index) => {
          await new Promise((resolve) => setTimeout(resolve, index * 200));
          return send();
        });
      const queued = inTurn([
        () => jonas.act({ Action: 'SetRead', EventId: 'LOCK-1', Read: true }),
        () => jonas.act({ Action: 'AddNote', EventId: 'LOCK-1', Note: 'Queued behind the lock.' }),
        () => clara.request({ key }, { Action: 'SetFlagged', EventId: 'LOCK-1', Version: 0, Flagged: true }),
        () => clara.act({ Action: 'Assign', EventId: 'LOCK-2', Version: 0, Assignee: ANALYST_B.userKey }),
      ]);
      // The last is sent 600 ms after the first: all have queued well before the lock is let go
      // (and the whole wait stays under the 3 s a transaction may sit idle).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await holder.query('COMMIT');
      const [flagged, read, note, retry, assigned] = await Promise.all([first, ...queued]);
      for (const answer of [flagged, read, note, retry, assigned]) expect(answer!.status).toBe(200);
      expect(flagged!.body.Data[0]).toMatchObject({ Version: 1, Flagged: true, Read: false });
      expect(read!.body.Data[0]).toMatchObject({ Version: 1, Read: true });
      expect(note!.body.Data[0]).toMatchObject({
        Version: 2,
        Read: true,
        Notes: [{ Id: 1, Text: 'Queued behind the lock.' }],
      });
      expect(retry!.body).toEqual({ ...flagged!.body, Replayed: true });
      expect(assigned!.body.Data[0]).toMatchObject({ Version: 1, Assignee: { UserKey: ANALYST_B.userKey } });
    } finally {
      await holder.end();
    }
    // One transaction: one time for every change of it (review_begin's, after the lock).
    const changes = await review.postgres.sql(database, 'SELECT sequence, at FROM review_change ORDER BY sequence');
    expect(changes.rows.map((row: { sequence: string }) => Number(row.sequence))).toEqual([1, 2, 3, 4]);
    expect(new Set(changes.rows.map((row: { at: Date }) => row.at.toISOString())).size).toBe(1);
    const stored = await jonas.call<ReviewsFeed>('GET', '/v1/reviews?EventIds=LOCK-1');
    expect(stored.body.Data[0]).toMatchObject({ Version: 2, Flagged: true, Read: true });
  });

  it('reads only what the requests taken in add, and still plans on every read mark they need', async () => {
    const database = await review.postgres.createDatabase();
    const { url } = (await start(review.postgres.url(database))).info;
    const clara = new TeamReviewClient([url], () => review.issuer.token(ANALYST_A.userKey));
    const jonas = new TeamReviewClient([url], () => review.issuer.token(ANALYST_B.userKey));
    // Jonas has read PART-2 already (before the group).
    expect((await jonas.act({ Action: 'SetRead', EventId: 'PART-2', Read: true })).body.Sequence).toBe(1);
    const holder = new pg.Client({ connectionString: review.postgres.url(database) });
    await holder.connect();
    try {
      await holder.query(`BEGIN; SELECT FROM review_sequence WHERE team = '${team.id}' FOR UPDATE`);
      const first = clara.act({ Action: 'SetFlagged', EventId: 'PART-1', Version: 0, Flagged: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Taken in: Jonas (new to the group) on an event the group has not read, Clara on hers again.
      const again = jonas.act({ Action: 'SetRead', EventId: 'PART-2', Read: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = clara.act({ Action: 'SetFlagged', EventId: 'PART-1', Version: 1, Flagged: false });
      await new Promise((resolve) => setTimeout(resolve, 450));
      await holder.query('COMMIT');
      const [flagged, read, unflagged] = await Promise.all([first, again, second]);
      expect(flagged.body.Data[0]).toMatchObject({ Version: 1, Flagged: true });
      // His read mark was read: marking it read again changes nothing (no Sequence).
      expect(read.status).toBe(200);
      expect(read.body.Sequence).toBeUndefined();
      expect(read.body.Data[0]).toMatchObject({ EventId: 'PART-2', Read: true, Version: 0 });
      expect(unflagged.body.Data[0]).toMatchObject({ Version: 2, Flagged: false });
    } finally {
      await holder.end();
    }
    const changes = await review.postgres.sql(database, 'SELECT sequence, at FROM review_change ORDER BY sequence');
    expect(changes.rows.map((row: { sequence: string }) => Number(row.sequence))).toEqual([1, 2, 3]);
    // Changes 2 and 3: one transaction.
    expect(new Set(changes.rows.slice(1).map((row: { at: Date }) => row.at.toISOString())).size).toBe(1);
  });
});
