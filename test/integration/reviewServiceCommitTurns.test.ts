/**
 * What a replica's change feed tells its writer's turns (writerQueue.ts), against a real
 * PostgreSQL: another replica's commit is heard as another's (its writer then takes the next
 * turn), the replica's own commit as its own, and the notification of its own commit, whether it
 * comes after the writer saw the COMMIT's answer or before, does not count as another replica
 * writing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createServicePool } from '../../main/reviewService/database/pool';
import { ChangeFeed } from '../../main/reviewService/live/changeFeed';
import type { StoredChange } from '../../main/reviewService/review/queries';
import { CHANGE_CHANNEL } from '../../main/reviewService/review/store';
import { postgresMissingReason } from '../support/postgres';
import { inProcessReviewServices } from '../support/inProcessReviewServices';

const missing = postgresMissingReason();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A committed change as the writer hands it to the feed. */
const changeOf = (sequence: number): StoredChange => ({
  actorKey: 'own',
  message: { Sequence: sequence, At: new Date().toISOString(), By: { UserKey: 'own', Name: 'Own' }, Reviews: [] },
});

describe.skipIf(missing)(`the writers' turns as the change feed hears commits${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const review = inProcessReviewServices();
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  it('tells another replica’s commit from its own, and its own notification from another’s commit', async () => {
    const database = await review.postgres.createDatabase();
    const url = review.postgres.url(database);
    const other = await review.start(url);
    const pool: pg.Pool = createServicePool(url, () => {});
    const feed = new ChangeFeed(url, pool, review.team.id, () => {});
    closing.push(async () => {
      await feed.close();
      await pool.end();
    });
    await feed.start();
    expect(feed.lastCommit.at).toBe(-Infinity);

    // The other replica commits: heard as another's, and a writer waiting for a commit wakes.
    const heard = feed.nextCommit(10_000).then(() => performance.now());
    const [desk] = review.clientsOf(other);
    const answer = await desk.act({ Action: 'SetFlagged', EventId: 'TURN-1', Version: 0, Flagged: true });
    expect(answer.status).toBe(200);
    const wokeAt = await heard;
    expect(feed.lastCommit.own).toBe(false);
    const heardAt = feed.otherCommitAt;
    expect(heardAt).toBe(feed.lastCommit.at);
    expect(heardAt).toBeLessThanOrEqual(wokeAt);

    // This replica's own commit of change 2 (as its writer settles it), then that commit's notification.
    const sequence = answer.body.Sequence! + 1;
    feed.ownWrite().settle([], { first: sequence, last: sequence });
    expect(feed.lastCommit.own).toBe(true);
    const notify = (payload: object) =>
      review.postgres.sql(database, `SELECT pg_notify($1, $2)`, [CHANGE_CHANNEL, JSON.stringify(payload)]);
    await notify({ team: review.team.id, sequence });
    await sleep(300);
    expect(feed.lastCommit.own).toBe(true);
    expect(feed.otherCommitAt).toBe(heardAt);

    // Its next group, whose review_begin answered its own previous change (the feed had not
    // delivered it yet): still no other replica writing.
    const ownEarlier = changeOf(sequence);
    feed.ownWrite().settle([ownEarlier, changeOf(sequence + 1)], { first: sequence + 1, last: sequence + 1 });
    expect(feed.lastCommit.own).toBe(true);
    expect(feed.otherCommitAt).toBe(heardAt);

    // A group whose commit's notification comes, and is let go by the feed's hold timer, before
    // the writer has seen the COMMIT's answer: its own, not another replica's.
    const slow = feed.ownWrite();
    await notify({ team: review.team.id, sequence: sequence + 2 });
    await sleep(300);
    slow.settle([], { first: sequence + 2, last: sequence + 2 });
    expect(feed.lastCommit.own).toBe(true);
    expect(feed.otherCommitAt).toBe(heardAt);

    // A group of three changes: its first two are its own too, not another replica's.
    feed.ownWrite().settle([changeOf(sequence + 3), changeOf(sequence + 4), changeOf(sequence + 5)], {
      first: sequence + 3,
      last: sequence + 5,
    });
    expect(feed.lastCommit.own).toBe(true);
    expect(feed.otherCommitAt).toBe(heardAt);

    // review_begin answered another replica's change, committed before this group's own.
    feed.ownWrite().settle([changeOf(sequence + 6), changeOf(sequence + 7)], { first: sequence + 7, last: sequence + 7 });
    expect(feed.lastCommit.own).toBe(true);
    const begunAt = feed.otherCommitAt;
    expect(begunAt).toBeGreaterThan(heardAt);

    // A later change is another replica's again.
    await notify({ team: review.team.id, sequence: sequence + 8 });
    await expect.poll(() => feed.lastCommit.own, { timeout: 5_000 }).toBe(false);
    expect(feed.otherCommitAt).toBeGreaterThan(begunAt);
  });
});
