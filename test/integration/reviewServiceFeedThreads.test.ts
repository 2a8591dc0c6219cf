/**
 * The change feed stores states without their notes threads (issue 27: a change's row, its WAL
 * and every replica's read of it grew with the thread), against a real PostgreSQL and two
 * replicas: every stream still gets each state with its whole thread as the change left it —
 * the writer's, the other replica's, a replica started after the notes were written, and a
 * desk resuming with Last-Event-ID.
 */
import { describe, expect, it } from 'vitest';
import type { ReviewChangeMessage } from '../../contract/wire/review';
import { postgresMissingReason } from '../support/postgres';
import { ANALYST_A, ANALYST_B } from '../support/reviewService';
import { TeamReviewClient, type LiveStream } from '../support/reviewServiceClient';
import { inProcessReviewServices } from '../support/inProcessReviewServices';

const missing = postgresMissingReason();

/** What a stream showed of `eventId`'s thread at each change: the notes' texts. */
const threadsSeen = (stream: LiveStream, eventId: string) =>
  stream
    .changes()
    .flatMap((change: ReviewChangeMessage) => change.Reviews.filter((review) => review.EventId === eventId))
    .map((review) => (review.Notes ?? []).map((note) => note.Text));

describe.skipIf(missing)(
  `notes threads through the change feed${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const review = inProcessReviewServices();
    const { start } = review;

    it('streams every state with its whole thread, though the feed stores none', async () => {
      const database = await review.postgres.createDatabase();
      const url = review.postgres.url(database);
      const [first, second] = [await start(url), await start(url)];
      const clara = new TeamReviewClient([first.info.url], () => review.issuer.token(ANALYST_A.userKey));
      const jonas = new TeamReviewClient([second.info.url], () => review.issuer.token(ANALYST_B.userKey));
      const streams = [clara.stream(), jonas.stream()];
      for (const stream of streams) await stream.waitFor((message) => message.event === 'ready', 10_000);

      // Notes on both replicas, a flag in between (a change that adds none).
      const one = await clara.act({ Action: 'AddNote', EventId: 'THREAD-1', Note: 'one' });
      expect(one.status).toBe(200);
      expect((await jonas.act({ Action: 'AddNote', EventId: 'THREAD-1', Note: 'two' })).status).toBe(200);
      const flagged = await clara.act({
        Action: 'SetFlagged',
        EventId: 'THREAD-1',
        Version: 2,
        Flagged: true,
      });
      expect(flagged.status).toBe(200);
      const last = await jonas.act({ Action: 'AddNote', EventId: 'THREAD-1', Note: 'three' });
      expect(last.status).toBe(200);
      const through = String(last.body.Sequence);
      for (const stream of streams)
        await stream.waitFor((message) => message.event === 'change' && message.id === through, 10_000);

      const asChanged = [['one'], ['one', 'two'], ['one', 'two'], ['one', 'two', 'three']];
      for (const stream of streams) expect(threadsSeen(stream, 'THREAD-1')).toEqual(asChanged);

      // The feed's rows name the thread by its last note and carry only the notes each change added.
      const stored = await review.postgres.sql(
        database,
        'SELECT reviews FROM review_change ORDER BY sequence',
      );
      const rows = stored.rows as { reviews: Record<string, unknown>[] }[];
      expect(rows.map((row) => row.reviews[0]!.NotesThrough)).toEqual([1, 2, 2, 3]);
      expect(rows.every((row) => !('Notes' in row.reviews[0]!))).toBe(true);
      expect(rows.map((row) => (row.reviews[0]!.NotesAdded as unknown[] | undefined)?.length ?? 0)).toEqual([
        1, 1, 0, 1,
      ]);

      // A replica started now knows no thread: a desk resuming there after the first note gets
      // each later state with its thread as that change left it (read, then cut to the change).
      const third = await start(url);
      const late = new TeamReviewClient([third.info.url], () => review.issuer.token(ANALYST_A.userKey));
      const resumed = late.stream({ lastEventId: String(one.body.Sequence) });
      await resumed.waitFor((message) => message.event === 'change' && message.id === through, 10_000);
      expect(threadsSeen(resumed, 'THREAD-1')).toEqual(asChanged.slice(1));

      // And its live stream extends the thread it read with the next change's note.
      const fourth = await late.act({ Action: 'AddNote', EventId: 'THREAD-1', Note: 'four' });
      const next = String(fourth.body.Sequence);
      for (const stream of [...streams, resumed])
        await stream.waitFor((message) => message.event === 'change' && message.id === next, 10_000);
      for (const stream of [...streams, resumed])
        expect(threadsSeen(stream, 'THREAD-1').at(-1)).toEqual(['one', 'two', 'three', 'four']);
      resumed.close();
      for (const stream of streams) stream.close();
    });
  },
);
