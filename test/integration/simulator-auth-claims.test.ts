import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTED_USERS } from '../../main/simulator/data/book/demo';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

describe('access token claims', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it.each(DOCUMENTED_USERS.map((user) => [user.login, user] as const))(
    "names the signed-in user %s, so the status bar can say who is signed in",
    async (login, user) => {
      const claims = decodeJwt(await sim.accessToken(login));
      expect(claims.name).toBe(user.name);
      expect(claims.sub).toBe(user.userId);
      expect(claims.isa).toBe(login === 'admin' ? 'True' : 'False');
    },
  );
});
