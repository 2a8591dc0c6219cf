/**
 * What a replica's change feed tells its writer's turns (writerQueue.ts), against a real
 * PostgreSQL: another replica's commit is heard as another's (its writer then takes the next
 * turn), the replica's own commit as its own, and the notification of its own commit, which comes
 * after, does not count as another replica writing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createServicePool } from '../../main/reviewService/database/pool';
import { ChangeFeed } from '../../main/reviewService/live/changeFeed';
import { CHANGE_CHANNEL } from '../../main/reviewService/review/store';
import { postgresMissingReason } from '../support/postgres';
import { inProcessReviewServices } from '../support/inProcessReviewServices';

const missing = postgresMissingReason();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    feed.ownWrite().settle([], sequence);
    expect(feed.lastCommit.own).toBe(true);
    const notify = (payload: object) =>
      review.postgres.sql(database, `SELECT pg_notify($1, $2)`, [CHANGE_CHANNEL, JSON.stringify(payload)]);
    await notify({ team: review.team.id, sequence });
    await sleep(300);
    expect(feed.lastCommit.own).toBe(true);
    expect(feed.otherCommitAt).toBe(heardAt);

    // A later change is another replica's again.
    await notify({ team: review.team.id, sequence: sequence + 1 });
    await expect.poll(() => feed.lastCommit.own, { timeout: 5_000 }).toBe(false);
    expect(feed.otherCommitAt).toBeGreaterThan(heardAt);
  });
});
