/**
 * Whose tokens the team accepts, and for how long (issue 27, defects 4 and 5): a token revoked
 * on the platform stops working for reads, writes and its open stream within 30 s, and a
 * token the platform issued to another application than the team's is refused with 401 saying
 * so. Against two replicas (processes), the simulator as the platform and a real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamReviewErrorBody } from '../../contract/wire/review';
import { DEMO_APP } from '../../main/simulator/data/accounts/demo';
import { postgresMissingReason } from '../support/postgres';
import {
  freshToken,
  revokeToken,
  startTeamReview,
  type TeamReviewSetup,
} from '../support/reviewServiceDesks';
import { TeamReviewClient } from '../support/reviewServiceClient';

const missing = postgresMissingReason();

describe.skipIf(missing)(
  `revoked tokens and other applications' tokens${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let setup: TeamReviewSetup;

    beforeAll(async () => {
      setup = await startTeamReview(2);
    }, 180_000);

    afterAll(async () => {
      await setup?.close();
    });

    it('stops a revoked token within 30 s for reads, writes and its open stream; others keep working', async () => {
      const [one, two] = setup.urls as [string, string];
      const claraToken = await freshToken(setup, 'demo');
      const clara = [one, two].map((url) => new TeamReviewClient([url], () => claraToken));
      const jonas = new TeamReviewClient([two], () => freshToken(setup, 'trader2'));
      // Clara's token is in use on both replicas (each has asked the platform about it) and streams from one.
      for (const client of clara)
        expect((await client.call('GET', '/v1/reviews?EventIds=REVOKE-1')).status).toBe(200);
      const stream = clara[1]!.stream();
      await stream.waitFor((message) => message.event === 'ready', 10_000);

      await revokeToken(setup, claraToken);
      const revokedAt = performance.now();
      /** When a read on `client`'s replica is first refused (asked every half second). */
      const firstRefusal = async (client: TeamReviewClient) => {
        for (;;) {
          const read = await client.call<TeamReviewErrorBody>('GET', '/v1/reviews?EventIds=REVOKE-1');
          if (read.status !== 200) {
            expect(read.status).toBe(401);
            expect(read.body.Message).toMatch(/no longer accepts this sign-in/);
            return performance.now();
          }
          if (performance.now() - revokedAt > 40_000) throw new Error('still accepted after 40 s');
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      };
      const [refused, ...readsRefusedAt] = await Promise.all([
        stream.waitFor((message) => message.event === 'refused', 40_000),
        ...clara.map(firstRefusal),
      ]);
      expect(refused.at - revokedAt).toBeLessThan(30_000);
      for (const at of readsRefusedAt) expect(at - revokedAt).toBeLessThan(30_000);
      expect(refused.data).toMatchObject({
        ErrorCode: 'Unauthorized',
        Message: expect.stringMatching(/revoked/),
      });
      stream.close();
      for (const client of clara) {
        const write = await client.act({
          Action: 'SetFlagged',
          EventId: 'REVOKE-1',
          Version: 0,
          Flagged: true,
        });
        expect(write.status).toBe(401);
      }
      const stillFine = await jonas.act({
        Action: 'SetFlagged',
        EventId: 'REVOKE-1',
        Version: 0,
        Flagged: true,
      });
      expect(stillFine.status).toBe(200);
      // A new sign-in of the same user works at once.
      const again = new TeamReviewClient([one], await freshToken(setup, 'demo').then((token) => () => token));
      expect((await again.call('GET', '/v1/team')).status).toBe(200);
    }, 60_000);

    it('refuses a token the platform issued to another application with 401 saying the team does not accept it', async () => {
      const db = setup.simulator.simulator.context.universe.db;
      const other = db
        .prepare('SELECT app_key FROM apps WHERE app_key <> ? ORDER BY app_key LIMIT 1')
        .get(DEMO_APP.appKey) as { app_key: string };
      const token = await freshToken(setup, 'demo', other.app_key);
      for (const url of setup.urls) {
        const client = new TeamReviewClient([url], () => token);
        for (const answer of [
          await client.call<TeamReviewErrorBody>('GET', '/v1/team'),
          await client.act({ Action: 'SetRead', EventId: 'APP-1', Read: true }),
        ]) {
          expect(answer.status).toBe(401);
          expect(answer.body.Message).toBe(
            `The bearer token was issued to the application ${other.app_key}, which is not accepted by the team Corporate actions, Copenhagen: sign in with an application the team accepts.`,
          );
        }
      }
      // The same user through the team's application is welcome.
      const welcome = new TeamReviewClient(
        [setup.urls[0]!],
        await freshToken(setup, 'demo').then((t) => () => t),
      );
      expect((await welcome.call('GET', '/v1/team')).status).toBe(200);
    });
  },
);
