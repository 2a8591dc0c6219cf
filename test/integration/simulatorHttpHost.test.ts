import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../main/simulator/data/accounts/demo';
import { rawRequest } from '../support/rawHttp';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

/** Feeds with more than one page for the demo user, so each answer carries a `__next`. */
const PAGED_FEEDS = [
  '/openapi/developer/apps?$top=1',
  '/openapi/ca/v2/events?$top=1',
  '/openapi/ref/v1/instruments?Keywords=a&$top=1',
  '/openapi/ref/v1/instruments/details?AssetTypes=Stock&$top=1',
];

/** Host headers a client (or an attacker) may send: malformed, forged, odd but legal. */
const HOSTS = ['[', ']', '[::1', 'evil.example', 'evil.example:443', '127.0.0.1:99999', 'a@b', '%zz', ''];

describe('the Host header never breaks an answer nor reaches a link', () => {
  let sim: TestSimulator;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    sim = await startTestSimulator();
    origin = new URL(sim.baseUrl).origin;
    token = await sim.accessToken();
  });
  afterAll(() => sim.close());

  const get = (target: string, host: string, headers = '') =>
    rawRequest(
      sim.simulator.info.port,
      `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${headers}Connection: close\r\n\r\n`,
    );

  it('answers every paged feed with __next on the simulator’s own address, whatever the Host', async () => {
    for (const target of PAGED_FEEDS) {
      for (const host of HOSTS) {
        const answer = await get(target, host, `Authorization: Bearer ${token}\r\n`);
        expect(answer.status, `${target} with Host "${host}": ${answer.body.slice(0, 200)}`).toBe(200);
        const next = (JSON.parse(answer.body) as { __next?: string }).__next ?? '';
        expect(next.startsWith(`${origin}/openapi/`), `${target} with Host "${host}": ${next}`).toBe(true);
      }
    }
  });

  it('keeps a request target that looks like another host on the simulator’s address', async () => {
    // `//evil.example/...` resolved as a relative URL would name another host; it does not route
    // to the API, and the answer is a 4xx rather than a link elsewhere or a 500.
    const answer = await get(
      '//evil.example/openapi/developer/apps?$top=1',
      'evil.example',
      `Authorization: Bearer ${token}\r\n`,
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).not.toContain('evil.example');
  });

  it('answers a malformed Host with a 4xx or the page itself on every other kind of route, never a 500', async () => {
    const authorize = `/auth/authorize?client_id=${DEMO_APP.appKey}&response_type=token&redirect_uri=${encodeURIComponent('http://127.0.0.1/refdesk/callback')}&state=s`;
    const targets = [
      ['/openapi/ref/v1/countries', `Authorization: Bearer ${token}\r\n`],
      ['/openapi/ref/v1/countries', ''],
      ['/openapi/no/such/route', `Authorization: Bearer ${token}\r\n`],
      [authorize, ''],
      ['/auth/no-such-page', ''],
      ['/no-such-path', ''],
    ] as const;
    for (const [target, headers] of targets) {
      for (const host of ['[', '%zz', ']']) {
        const answer = await get(target, host, headers);
        expect(answer.status, `${target} with Host "${host}": ${answer.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
      }
    }
  });
});
