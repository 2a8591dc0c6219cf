/**
 * A notification is only a hint (issue 27, defect 1): any role that may log in to the team's
 * database can NOTIFY on the service's channel, and used to stop every replica with one
 * payload that was not JSON. Against a real PostgreSQL, two replicas (processes) and the
 * simulator as the platform: garbage from a role with no grants is ignored and logged, and a
 * listener whose backend is terminated reconnects and catches up without losing a change.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewChangeMessage } from '../../contract/wire/review';
import { postgresMissingReason } from '../support/postgres';
import { startTeamReview, type TeamReviewSetup } from '../support/reviewServiceDesks';
import { TeamReviewClient, type LiveStream, type StreamMessage } from '../support/reviewServiceClient';

const missing = postgresMissingReason();

/** The change message that carries `eventId` at `version` or later. */
const changeOf =
  (eventId: string, version = 1) =>
  (message: StreamMessage) =>
    message.event === 'change' &&
    (message.data as ReviewChangeMessage).Reviews.some(
      (review) => review.EventId === eventId && review.Version >= version,
    );

describe.skipIf(missing)(
  `the change feed trusts no notification${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let setup: TeamReviewSetup;
    let clara: TeamReviewClient;
    let jonas: TeamReviewClient;
    /** One stream on each replica. */
    let streams: LiveStream[];

    beforeAll(async () => {
      setup = await startTeamReview(2);
      const [one, two] = setup.urls as [string, string];
      clara = new TeamReviewClient([one, two], () => setup.simulator.accessToken('demo'));
      jonas = new TeamReviewClient([two, one], () => setup.simulator.accessToken('trader2'));
      streams = [clara.stream(), jonas.stream()];
      for (const stream of streams) await stream.waitFor((message) => message.event === 'ready', 10_000);
      // A login with no grants at all: what anybody with a database account has.
      await setup.postgres.sql(setup.database, 'CREATE ROLE mallory LOGIN');
    }, 180_000);

    afterAll(async () => {
      for (const stream of streams ?? []) stream.close();
      await setup?.close();
    });

    it('ignores NOTIFY garbage from a role with no grants: both replicas keep serving and streaming', async () => {
      const mallory = new pg.Client({ connectionString: setup.postgres.url(setup.database, 'mallory') });
      await mallory.connect();
      try {
        for (const payload of [
          'not json',
          '',
          'null',
          '[]',
          '{"team":42}',
          '{"team":"ca-copenhagen","sequence":"everything"}',
          '{"team":"ca-copenhagen","sequence":-1}',
          `{"team":"${'x'.repeat(7000)}"}`,
        ])
          await mallory.query(`SELECT pg_notify('refdesk_team_review', $1)`, [payload]);
        await mallory.query('NOTIFY refdesk_team_review');
        // A well-formed hint from anybody is only a reason to read the tables: it changes nothing.
        await mallory.query(`NOTIFY refdesk_team_review, '{"team":"ca-copenhagen","sequence":999999}'`);
      } finally {
        await mallory.end();
      }

      const reviewed = await clara.act({
        Action: 'SetFlagged',
        EventId: 'HINT-1',
        Version: 0,
        Flagged: true,
      });
      expect(reviewed.status).toBe(200);
      for (const stream of streams) await stream.waitFor(changeOf('HINT-1'), 5000);
      for (const [index, url] of setup.urls.entries()) {
        expect(setup.replicas[index]!.child.exitCode, `replica ${url} exited`).toBeNull();
        expect((await fetch(`${url}/v1/health`)).status).toBe(200);
      }
      // Said once (not once per notification), with where it came from.
      for (const replica of setup.replicas) {
        expect(replica.stderr()).toMatch(
          /change feed ignored \d+ notifications? on refdesk_team_review that the service did not send \(last from backend \d+\)/,
        );
        expect(replica.stderr().match(/change feed ignored/g)).toHaveLength(1);
      }
      // No change was made up from the hint of sequence 999999.
      expect(streams.flatMap((stream) => stream.changes().map((change) => change.Sequence))).not.toContain(
        999_999,
      );
    });

    it('reconnects a listener whose backend was terminated and catches up on what was committed meanwhile', async () => {
      const terminated = await setup.postgres.sql(
        setup.database,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'refdesk-review-service-listener'`,
      );
      // One listener per replica.
      expect(terminated.rowCount).toBe(2);
      // Committed while the listeners are gone (they reconnect after 250 ms).
      const during = await jonas.act({ Action: 'SetFlagged', EventId: 'HINT-2', Version: 0, Flagged: true });
      expect(during.status).toBe(200);
      for (const stream of streams) await stream.waitFor(changeOf('HINT-2'), 10_000);

      const after = await clara.act({ Action: 'SetFlagged', EventId: 'HINT-2', Version: 1, Flagged: false });
      expect(after.status).toBe(200);
      for (const stream of streams) await stream.waitFor(changeOf('HINT-2', 2), 5000);
      for (const replica of setup.replicas) {
        expect(replica.child.exitCode).toBeNull();
        expect(replica.stderr()).toContain('change feed reconnected');
      }
      // Every change reached both streams exactly once, in order.
      for (const stream of streams) {
        const sequences = stream.changes().map((change) => change.Sequence);
        expect(sequences).toEqual([...new Set(sequences)].sort((a, b) => a - b));
        expect(stream.changes().filter((change) => change.Reviews[0]?.EventId === 'HINT-2')).toHaveLength(2);
      }
    });
  },
);
