import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../main/simulator/data/accounts/demo';
import type { SimulatorInfo } from '../../main/simulator/server';
import { startSimulatorCli } from '../support/simulatorProcess';
import { startTestSimulator, TEST_CACHE_DIR, type TestSimulator } from '../support/testSimulator';
import { assertionGrant, demoAssertion } from '../support/tokenRequests';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('bearer tokens on every API route', () => {
  let offsetMs = 0;
  let test: TestSimulator;

  beforeAll(async () => {
    // A clock the test can move forward, to see tokens expire without waiting.
    test = await startTestSimulator({ clock: () => new Date(Date.now() + offsetMs) });
  });
  afterAll(() => test.close());

  async function raw(relative: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${test.baseUrl}/${relative}`, { headers });
    return {
      status: response.status,
      challenge: response.headers.get('www-authenticate') ?? '',
      text: await response.text(),
    };
  }

  it('answers a request without a token with 401, WWW-Authenticate: Bearer and an empty body', async () => {
    for (const route of ['ref/v1/countries', 'developer/apps', 'ref/v1/no-such-route']) {
      const answer = await raw(route);
      expect(answer, route).toEqual({ status: 401, challenge: 'Bearer realm="refdesk-simulator"', text: '' });
    }
  });

  it('answers malformed, forged, unsigned and garbage tokens with 401 invalid_token', async () => {
    const genuine = await test.accessToken();
    const claims = decodeJwt(genuine);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .sign(privateKey);
    const [header, payload] = genuine.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '17340002' })).toString('base64url')}.${genuine.split('.')[2]}`;
    const cases: Record<string, string>[] = [
      { authorization: `Basic ${Buffer.from('demo:refdesk-demo').toString('base64')}` },
      { authorization: 'Bearer' },
      { authorization: `Bearer ${genuine} extra` },
      bearer(forged),
      bearer(unsigned),
      bearer(tampered),
      bearer('not.a.token'),
    ];
    for (const headers of cases) {
      const answer = await raw('ref/v1/countries', headers);
      expect(answer.status, headers.authorization).toBe(401);
      expect(answer.challenge).toMatch(/^Bearer realm="refdesk-simulator", error="invalid_token"/);
      expect(answer.text).toBe('');
    }
    expect((await raw('ref/v1/countries', bearer(genuine))).status).toBe(200);
  });

  it('refuses a token of another simulator run (each run signs with its own key)', async () => {
    const other = await startTestSimulator();
    const token = await other.accessToken();
    await other.close();
    expect((await raw('ref/v1/countries', bearer(token))).status).toBe(401);
  });

  it('refuses an access token once its lifetime (1200 s by default) has passed', async () => {
    const token = await test.accessToken('trader2');
    expect(decodeJwt(token)).toMatchObject({ aid: DEMO_APP.appKey, sub: '17340877', isa: 'False' });
    expect((await raw('ref/v1/countries', bearer(token))).status).toBe(200);
    offsetMs += 1199_000;
    expect((await raw('ref/v1/countries', bearer(token))).status).toBe(200);
    offsetMs += 2_000;
    const expired = await raw('ref/v1/countries', bearer(token));
    expect(expired.status).toBe(401);
    expect(expired.challenge).toContain('error_description="The access token has expired."');
    // The test helper mints a fresh token for the same user.
    expect((await test.get('ref/v1/countries', { as: 'trader2' })).status).toBe(200);
  });

  it('runs each request as the user of its token', async () => {
    const demoApp = `developer/apps/${DEMO_APP.appKey}`;
    expect((await test.get(demoApp, { as: 'demo' })).status).toBe(200);
    expect((await test.get(demoApp, { as: 'trader2' })).status).toBe(404);
    expect((await test.get(demoApp, { as: 'admin' })).status).toBe(200);
    type Apps = { Data: { CreatedBy: { UserKey: string } }[] };
    const mine = await test.get<Apps>('developer/apps?$top=1000', { as: 'demo' });
    const all = await test.get<Apps>('developer/apps?$top=1000', { as: 'admin' });
    expect(new Set(mine.body.Data.map((app) => app.CreatedBy.UserKey)).size).toBe(1);
    expect(all.body.Data.length).toBeGreaterThan(mine.body.Data.length);
  });
});

describe('rate limits', () => {
  let test: TestSimulator;

  beforeAll(async () => {
    test = await startTestSimulator({ rateLimit: { sessionPerMinute: 3, instrumentSearchPerMinute: 1 } });
  });
  afterAll(() => test.close());

  it('reports X-RateLimit headers and answers 429 with Retry-After over the session limit', async () => {
    const remaining: string[] = [];
    for (let call = 0; call < 3; call += 1) {
      const answer = await test.get('ref/v1/countries', { as: 'demo' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-session-limit')).toBe('3');
      expect(Number(answer.headers.get('x-ratelimit-session-reset'))).toBeGreaterThan(0);
      expect(answer.headers.get('x-ratelimit-appday-limit')).toBe('10000000');
      remaining.push(answer.headers.get('x-ratelimit-session-remaining') ?? '');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await test.get<{ ErrorCode: string }>('ref/v1/countries', { as: 'demo' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('x-ratelimit-session-remaining')).toBe('0');
    expect(refused.body.ErrorCode).toBe('TooManyRequests');
    // Another service group of the same session, and another session, have their own budgets.
    expect((await test.get('developer/apps', { as: 'demo' })).status).toBe(200);
    expect((await test.get('ref/v1/countries', { as: 'trader2' })).status).toBe(200);
  });

  it('gives instrument search its own RefDataInstrumentsMinute budget', async () => {
    const first = await test.get('ref/v1/instruments?Keywords=a', { as: 'admin' });
    expect(first.headers.get('x-ratelimit-refdatainstrumentsminute-limit')).toBe('1');
    expect(first.headers.get('x-ratelimit-refdatainstrumentsminute-remaining')).toBe('0');
    const second = await test.get('ref/v1/instruments?Keywords=b', { as: 'admin' });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).not.toBeNull();
  });
});

describe('npm run simulator with --token-ttl', () => {
  it('names the demo credentials and certificate files in READY, and its tokens expire after the configured TTL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-auth-cli-'));
    const simulator = await startSimulatorCli<SimulatorInfo>([
      '--port',
      '0',
      '--scale',
      'small',
      '--cache-dir',
      TEST_CACHE_DIR,
      '--data-dir',
      dataDir,
      '--token-ttl',
      '2',
      '--rate-limit',
      '50',
    ]);
    try {
      const info = simulator.ready;
      expect(info).toMatchObject({
        username: 'demo',
        password: 'refdesk-demo',
        appKey: DEMO_APP.appKey,
        appSecret: DEMO_APP.appSecret,
        redirectUri: 'http://127.0.0.1/refdesk/callback',
      });
      expect(info.certificatePath.startsWith(dataDir)).toBe(true);
      expect(statSync(info.privateKeyPath).mode & 0o077).toBe(0);
      const tokens = await assertionGrant(info, await demoAssertion(info));
      // Times are whole seconds (iat is the second the token was signed in): a 1-second token
      // could expire a moment after it was issued; a 2-second one lives at least a second.
      expect(tokens.body.expires_in).toBe(2);
      const call = () =>
        fetch(`${info.baseUrl}/ref/v1/countries`, { headers: bearer(String(tokens.body.access_token)) });
      const fresh = await call();
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('x-ratelimit-session-limit')).toBe('50');
      await new Promise((resolve) => setTimeout(resolve, 3_100));
      expect((await call()).status).toBe(401);
    } finally {
      expect(await simulator.stop()).toBe(0);
    }
  });

  it('refuses a bad --token-ttl with a clear message', async () => {
    const failure = await startSimulatorCli(['--port', '0', '--token-ttl', 'soon']).catch(
      (error: Error) => error.message,
    );
    expect(failure).toContain('exited with 2');
    expect(failure).toContain('--token-ttl must be a whole number');
  });
});
