import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../main/simulator/data/accounts/demo';
import type { SimulatorInfo } from '../../main/simulator/server';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { assertionGrant, demoAssertion, postToken } from '../support/tokenRequests';

/** POSTs a form to `{auth_url}/revoke` (RFC 7009), with HTTP Basic client credentials when given. */
async function revoke(authUrl: string, form: Record<string, string>, basic?: [string, string]) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) headers.authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`;
  const response = await fetch(`${authUrl}/revoke`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

describe('{auth_url}/revoke (RFC 7009)', () => {
  let offsetMs = 0;
  let test: TestSimulator;
  let info: SimulatorInfo;
  let basic: [string, string];
  const asUser = (token: unknown) =>
    test.get('ref/v1/countries', { headers: { authorization: `Bearer ${String(token)}` } });
  const refresh = (token: unknown) =>
    postToken(info.authUrl, { grant_type: 'refresh_token', refresh_token: String(token) }, basic);
  const confidentialSession = async () => (await assertionGrant(info, await demoAssertion(info))).body;

  beforeAll(async () => {
    test = await startTestSimulator({ clock: () => new Date(Date.now() + offsetMs) });
    info = test.simulator.info;
    basic = [info.appKey, info.appSecret];
  });
  afterAll(() => test.close());

  it('revokes the session of an access token: the API refuses it at once and its refresh token is dead', async () => {
    const tokens = await confidentialSession();
    expect((await asUser(tokens.access_token)).status).toBe(200);
    const answer = await revoke(
      info.authUrl,
      { token: String(tokens.access_token), token_type_hint: 'access_token' },
      basic,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const api = await asUser(tokens.access_token);
    expect(api.status).toBe(401);
    expect(api.headers.get('www-authenticate')).toContain('The session of this access token was ended.');
    expect(await refresh(tokens.refresh_token)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  it('revokes the session of a refresh token (hinted wrongly or not at all): its access token is refused too', async () => {
    const hints: Record<string, string>[] = [
      {},
      { token_type_hint: 'access_token' },
      { token_type_hint: 'refresh_token' },
      { token_type_hint: 'something_else' },
    ];
    for (const hint of hints) {
      const tokens = await confidentialSession();
      const answer = await revoke(info.authUrl, { token: String(tokens.refresh_token), ...hint }, basic);
      expect(answer.status, JSON.stringify(hint)).toBe(200);
      expect((await asUser(tokens.access_token)).status).toBe(401);
      expect((await refresh(tokens.refresh_token)).status).toBe(400);
    }
  });

  it('lets a public client revoke its implicit token with its client_id only', async () => {
    const token = await test.accessToken('trader2');
    expect((await revoke(info.authUrl, { token, client_id: info.appKey })).status).toBe(200);
    expect((await asUser(token)).status).toBe(401);
  });

  it('revokes an access token that has already expired (its session ends all the same)', async () => {
    const tokens = await confidentialSession();
    offsetMs += 1_201_000;
    try {
      expect((await revoke(info.authUrl, { token: String(tokens.access_token) }, basic)).status).toBe(200);
      expect(await refresh(tokens.refresh_token)).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant' },
      });
    } finally {
      offsetMs -= 1_201_000;
    }
  });

  it('answers 200 for an unknown, forged or malformed token, and revokes nothing', async () => {
    const tokens = await confidentialSession();
    const [header, payload] = String(tokens.access_token).split('.');
    for (const token of ['never-issued', `${header}.${payload}.AAAA`, 'a.b.c', 'x'.repeat(5000)]) {
      expect((await revoke(info.authUrl, { token }, basic)).status).toBe(200);
    }
    expect((await asUser(tokens.access_token)).status).toBe(200);
  });

  it('authenticates the client as /token does: a wrong secret or unknown client is 401, a confidential session needs the secret', async () => {
    const tokens = await confidentialSession();
    for (const answer of [
      await revoke(info.authUrl, { token: String(tokens.access_token) }, [info.appKey, 'wrong']),
      await revoke(info.authUrl, { token: String(tokens.access_token) }, ['no-such-app', 'x']),
      await revoke(info.authUrl, { token: String(tokens.access_token) }),
      await revoke(info.authUrl, { token: String(tokens.refresh_token), client_id: info.appKey }),
    ]) {
      expect(answer).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
    }
    expect((await asUser(tokens.access_token)).status).toBe(200);
  });

  it('refuses to revoke the token of another application', async () => {
    const db = test.simulator.context.universe.db;
    const keys = db
      .prepare("SELECT app_key FROM apps WHERE status = 'OK' AND is_active = 1 AND app_key != ?")
      .pluck()
      .all(DEMO_APP.appKey) as string[];
    const now = new Date();
    const other = keys
      .map((key) => test.simulator.context.auth.usersAndApps.findApp(key))
      .map(
        (app) =>
          app && {
            app,
            secret: app.secrets.find(
              (secret) => (secret.validFrom ?? now) <= now && now < (secret.validUntil ?? now),
            ),
          },
      )
      .find((candidate) => candidate?.secret !== undefined);
    if (!other?.secret) throw new Error('the universe has no other active app with a current secret');
    const tokens = await confidentialSession();
    const answer = await revoke(info.authUrl, { token: String(tokens.access_token) }, [
      other.app.appKey,
      other.secret.secret,
    ]);
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect((await asUser(tokens.access_token)).status).toBe(200);
  });

  it('answers a request without a token, or not form-encoded, with 400 invalid_request', async () => {
    expect(await revoke(info.authUrl, {}, basic)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    const json = await fetch(`${info.authUrl}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token":"x"}',
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
  });
});
