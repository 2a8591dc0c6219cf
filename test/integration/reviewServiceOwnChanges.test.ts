/**
 * A replica's change feed and its own changes (issue 27), against a real PostgreSQL and two
 * replicas on one database: a replica hands its streams the changes it committed itself without
 * reading them back from review_change, reads the other replica's, and its streams still get
 * every change exactly once, in order, with no gap, its own included, across a lost listener.
 */
import { describe, expect, it } from 'vitest';
import { postgresMissingReason } from '../support/postgres';
import { ANALYST_A, ANALYST_B } from '../support/reviewService';
import { TeamReviewClient, type LiveStream } from '../support/reviewServiceClient';
import { inProcessReviewServices } from '../support/inProcessReviewServices';

const missing = postgresMissingReason();

describe.skipIf(missing)(`a replica's own changes${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const review = inProcessReviewServices();
  const { start } = review;

  it('reads back only the other replica’s changes, and every stream gets every change once, in order, across a lost listener', async () => {
    const database = await review.postgres.createDatabase();
    const url = review.postgres.url(database);
    const replicas = [await start(url), await start(url)];
    const desks = [
      new TeamReviewClient([replicas[0]!.info.url], () => review.issuer.token(ANALYST_A.userKey)),
      new TeamReviewClient([replicas[1]!.info.url], () => review.issuer.token(ANALYST_B.userKey)),
    ];
    const streams: LiveStream[] = desks.map((desk) => desk.stream());
    for (const stream of streams) await stream.waitFor((message) => message.event === 'ready', 10_000);

    let sequence = 0;
    /** One change on each replica in turn; waits until both streams have it. */
    const changeOnEach = async (label: string, times: number) => {
      for (let index = 0; index < times; index++) {
        const answer = await desks[index % 2]!.act({
          Action: 'SetFlagged',
          EventId: `${label}-${index}`,
          Version: 0,
          Flagged: true,
        });
        expect(answer.status).toBe(200);
        sequence = answer.body.Sequence!;
        for (const stream of streams)
          await stream.waitFor(
            (message) => message.event === 'change' && message.id === String(sequence),
            10_000,
          );
      }
    };

    await changeOnEach('OWN', 12);
    // Both listeners lost: changes committed meanwhile are caught up on after the reconnect.
    const terminated = await review.postgres.sql(
      database,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'refdesk-review-service-listener'`,
    );
    expect(terminated.rowCount).toBe(2);
    await changeOnEach('LOST', 4);
    await changeOnEach('AFTER', 4);

    const everyChange = Array.from({ length: sequence }, (_, index) => index + 1);
    expect(sequence).toBe(20);
    for (const stream of streams) {
      expect(stream.changes().map((change) => change.Sequence)).toEqual(everyChange);
      // Its own changes carry the same as the other replica's stream shows of them.
      expect(stream.changes().find((change) => change.Sequence === 1)).toEqual(
        streams[1]!.changes().find((change) => change.Sequence === 1),
      );
    }

    // The feed's reads of review_change (the backends report them when they end): about one per
    // change made on the other replica, not one per change on each replica (40).
    await Promise.all(replicas.map((replica) => replica.close()));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const reads = await review.postgres.sql(
      database,
      `SELECT coalesce(idx_scan, 0) + coalesce(seq_scan, 0) AS reads FROM pg_stat_user_tables WHERE relname = 'review_change'`,
    );
    expect(Number(reads.rows[0].reads)).toBeLessThanOrEqual(26);
  });
});
