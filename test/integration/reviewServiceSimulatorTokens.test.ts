/**
 * The review service trusting the simulator's authorization server, as a team using the
 * embedded simulator would run it: the simulator's own access tokens (platform claims, `kid`
 * and `x5t` in the header) checked against its published `{authUrl}/.well-known/jwks.json`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamDescription, TeamReviewErrorBody } from '../../contract/wire/review';
import { DEMO_APP, DOCUMENTED_USERS } from '../../main/simulator/data/accounts/demo';
import { startReviewService, type RunningReviewService } from '../../main/reviewService/server';
import { Team } from '../../main/reviewService/team';
import { postgresMissingReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

const missing = postgresMissingReason();

describe.skipIf(missing)(
  `the review service with the simulator's tokens${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let simulator: TestSimulator;
    let postgres: TestPostgres;
    let service: RunningReviewService;
    const keyOf = (login: string) => {
      const userId = DOCUMENTED_USERS.find((user) => user.login === login)!.userId;
      return simulator.simulator.context.auth.usersAndApps.findUserById(userId)!.userKey;
    };
    const call = async (token: string, path = '/v1/team') => {
      const response = await fetch(`${service.info.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return {
        status: response.status,
        body: (await response.json()) as TeamDescription & TeamReviewErrorBody,
      };
    };

    beforeAll(async () => {
      [simulator, postgres] = await Promise.all([startTestSimulator(), startTestPostgres()]);
      const team = Team.parse({
        id: 'ca',
        name: 'Corporate actions',
        appKeys: [DEMO_APP.appKey],
        members: [
          { userKey: keyOf('demo'), name: 'Clara Lindqvist' },
          { userKey: keyOf('trader2'), name: 'Jonas Berger' },
        ],
      });
      service = await startReviewService({
        databaseUrl: postgres.url(await postgres.createDatabase()),
        team,
        issuer: simulator.simulator.info.authUrl,
        platformUrl: simulator.simulator.info.baseUrl,
      });
    }, 120_000);

    afterAll(async () => {
      await service?.close();
      await simulator?.close();
      postgres?.remove();
    });

    it('knows the simulator’s users by their tokens, and refuses others and tampered tokens', async () => {
      const clara = await call(await simulator.accessToken('demo'));
      expect(clara.status).toBe(200);
      expect(clara.body.Me).toMatchObject({ UserKey: keyOf('demo'), Name: 'Clara Lindqvist' });
      expect((await call(await simulator.accessToken('trader2'))).body.Me?.Name).toBe('Jonas Berger');

      const admin = await call(await simulator.accessToken('admin'));
      expect(admin.status).toBe(403);
      expect(admin.body.ErrorCode).toBe('NotTeamMember');

      const token = await simulator.accessToken('demo');
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const tampered = `${header}.${payload}.${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      const refused = await call(tampered);
      expect(refused.status).toBe(401);
      expect(refused.body.Message).toMatch(/not signed by the authorization server/);
    });
  },
);
