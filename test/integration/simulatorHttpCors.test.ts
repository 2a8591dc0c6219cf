import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../main/simulator/data/accounts/demo';
import { corsOriginsOption } from '../../main/simulator/http/cors';
import { registeredRoutes } from '../support/registeredRoutes';
import { startSimulatorCli } from '../support/simulatorProcess';
import { startTestSimulator, TEST_CACHE_DIR, type TestSimulator } from '../support/testSimulator';

const FOREIGN = 'http://127.0.0.1:5173';
/** What a browser app reads from answers: each must be exposed to it. */
const READ_BY_CLIENTS = [
  'x-ratelimit-session-remaining',
  'x-ratelimit-appday-reset',
  'x-ratelimit-refdatainstrumentsminute-remaining',
  'retry-after',
  'location',
  'x-correlation',
  'www-authenticate',
];

function preflight(url: string, origin: string, method = 'GET', headers = 'authorization, x-request-id') {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      ...(headers ? { 'access-control-request-headers': headers } : {}),
    },
  });
}

function expectCorsAnswer(response: Response, origin = '*', label = ''): void {
  expect(response.headers.get('access-control-allow-origin'), label).toBe(origin);
  expect(response.headers.get('access-control-allow-credentials'), label).toBeNull();
  const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
  for (const header of READ_BY_CLIENTS) expect(exposed, `${label}: ${header}`).toContain(header);
}

describe('cross-origin calls from any origin (the default)', () => {
  let sim: TestSimulator;
  let origin: string;
  beforeAll(async () => {
    sim = await startTestSimulator({ rateLimit: { sessionPerMinute: 4 } });
    origin = new URL(sim.baseUrl).origin;
  });
  afterAll(() => sim.close());

  it('answers a preflight without a token: 204, the methods, the headers clients send and what it asks for, a max age', async () => {
    const answer = await preflight(
      `${sim.baseUrl}/ref/v1/instruments?Keywords=apple`,
      FOREIGN,
      'GET',
      'Authorization, X-Request-Id, X-Custom-Trace',
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toContain('GET');
    const allowed = (answer.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    for (const header of [
      'authorization',
      'content-type',
      'pragma',
      'cache-control',
      'x-request-id',
      'x-custom-trace',
    ])
      expect(allowed).toContain(header);
    expect(Number(answer.headers.get('access-control-max-age'))).toBeGreaterThanOrEqual(600);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    // Even with no headers asked for, the ones clients send are allowed.
    const bare = await preflight(`${sim.baseUrl}/ref/v1/countries`, FOREIGN, 'GET', '');
    expect(bare.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, Pragma, Cache-Control, X-Request-Id',
    );
    // A malformed header name asked for is left out rather than echoed.
    const odd = await preflight(
      `${sim.baseUrl}/ref/v1/countries`,
      FOREIGN,
      'GET',
      'authorization, bad header, x-ok',
    );
    expect(odd.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, Pragma, Cache-Control, X-Request-Id, x-ok',
    );
  });

  it('answers the preflight of every API route and of /token, and none of the login page', async () => {
    const routes = registeredRoutes(sim.simulator.app).filter(
      (route) => route.url.startsWith('/openapi/') && !route.url.endsWith('*'),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const answer = await preflight(`${origin}${route.url.replace(/:\w+/g, '1')}`, FOREIGN);
      expect(answer.status, route.url).toBe(204);
      expect(answer.headers.get('access-control-allow-origin'), route.url).toBe('*');
    }
    const token = await preflight(`${sim.simulator.info.authUrl}/token`, FOREIGN, 'POST', 'content-type');
    expect(token.status).toBe(204);
    expect(token.headers.get('access-control-allow-methods')).toContain('POST');
    const login = await preflight(`${sim.simulator.info.authUrl}/authorize`, FOREIGN, 'POST', 'content-type');
    expect(login.status).toBe(404);
    expect(login.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('puts Allow-Origin and Expose-Headers on every real answer: 200, 400, 404, 401, 429 and a malformed URL', async () => {
    const headers = { origin: FOREIGN, 'x-request-id': '7' };
    const answers: [string, Response][] = [];
    for (const relative of [
      'ref/v1/countries',
      'ref/v1/instruments?Keywords=a&$top=x',
      'developer/apps/nope',
      'no/such/route',
    ]) {
      answers.push([
        relative,
        await fetch(`${sim.baseUrl}/${relative}`, {
          headers: { ...headers, authorization: `Bearer ${await sim.accessToken('admin')}` },
        }),
      ]);
    }
    answers.push(['anonymous', await fetch(`${sim.baseUrl}/ref/v1/countries`, { headers })]);
    answers.push(['bad url', await fetch(`${sim.baseUrl}/ref/v1/%`, { headers })]);
    let limited: Response | undefined;
    for (let call = 0; call < 5 && limited?.status !== 429; call += 1) {
      limited = await fetch(`${sim.baseUrl}/ref/v1/timezones`, {
        headers: { ...headers, authorization: `Bearer ${await sim.accessToken('admin')}` },
      });
    }
    answers.push(['over the limit', limited!]);
    expect(answers.map(([, response]) => response.status)).toEqual([200, 400, 404, 404, 401, 400, 429]);
    for (const [label, response] of answers) expectCorsAnswer(response, '*', label);
  });

  it('answers /token across origins, its errors too, and keeps the login page unframeable and without CORS', async () => {
    const token = await fetch(`${sim.simulator.info.authUrl}/token`, {
      method: 'POST',
      headers: { origin: FOREIGN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'nope',
        client_id: DEMO_APP.appKey,
        redirect_uri: 'http://127.0.0.1/refdesk/callback',
        code_verifier: 'x'.repeat(43),
      }),
    });
    expect(token.status).toBe(400);
    expectCorsAnswer(token, '*', '/token');
    const query = new URLSearchParams({
      client_id: DEMO_APP.appKey,
      response_type: 'token',
      redirect_uri: 'http://127.0.0.1/refdesk/callback',
      state: 's',
    });
    const login = await fetch(`${sim.simulator.info.authUrl}/authorize?${query}`, {
      headers: { origin: FOREIGN },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('access-control-allow-origin')).toBeNull();
    expect(login.headers.get('x-frame-options')).toBe('DENY');
    expect(login.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('cross-origin calls restricted with corsOrigins', () => {
  const ALLOWED = 'http://localhost:3000';
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ corsOrigins: [ALLOWED, 'https://apps.example.com/'] });
  });
  afterAll(() => sim.close());

  it('names a listed origin (and Vary: Origin) and leaves others without Allow-Origin', async () => {
    const allowed = await preflight(`${sim.baseUrl}/ref/v1/countries`, ALLOWED);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('vary')).toContain('Origin');
    const listedWithSlash = await preflight(`${sim.baseUrl}/ref/v1/countries`, 'https://apps.example.com');
    expect(listedWithSlash.headers.get('access-control-allow-origin')).toBe('https://apps.example.com');
    const other = await preflight(`${sim.baseUrl}/ref/v1/countries`, FOREIGN);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const token = await sim.accessToken();
    const real = await fetch(`${sim.baseUrl}/ref/v1/countries`, {
      headers: { origin: ALLOWED, authorization: `Bearer ${token}` },
    });
    expectCorsAnswer(real, ALLOWED);
    const foreign = await fetch(`${sim.baseUrl}/ref/v1/countries`, {
      headers: { origin: FOREIGN, authorization: `Bearer ${token}` },
    });
    expect(foreign.status).toBe(200); // the browser, not the server, withholds the answer from the page
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const badUrl = await fetch(`${sim.baseUrl}/ref/v1/%`, { headers: { origin: FOREIGN } });
    expect(badUrl.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses origins that are not scheme, host and port', () => {
    for (const bad of [
      'localhost:3000',
      'http://a.example/path',
      'ftp://a.example',
      'http://user:pw@a.example',
      'http://a.example?x=1',
      'null',
      '',
    ]) {
      expect(() => corsOriginsOption([bad]), bad).toThrow(/is not an origin/);
    }
    expect(corsOriginsOption(['HTTP://A.Example:80'])).toEqual(['http://a.example']);
    expect(corsOriginsOption([])).toBe('*');
  });
});

describe('npm run simulator --cors-origins', () => {
  it('restricts cross-origin calls to the listed origins, and refuses a bad list with a clear message', async () => {
    const simulator = await startSimulatorCli<{ baseUrl: string }>([
      '--port',
      '0',
      '--scale',
      'small',
      '--cache-dir',
      TEST_CACHE_DIR,
      '--cors-origins',
      'http://localhost:3000, http://localhost:4000',
    ]);
    try {
      const answer = await preflight(`${simulator.ready.baseUrl}/ref/v1/countries`, 'http://localhost:4000');
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:4000');
      const other = await preflight(`${simulator.ready.baseUrl}/ref/v1/countries`, FOREIGN);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      expect(await simulator.stop()).toBe(0);
    }
    const failure = await startSimulatorCli(['--port', '0', '--cors-origins', 'localhost:3000']).catch(
      (error: Error) => error.message,
    );
    expect(failure).toContain('exited with 2');
    expect(failure).toContain('--cors-origins takes comma-separated origins');
  });
});
