import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceCallError } from '../../main/core/api/errors';
import {
  createHttpClient,
  type ConnectionStatus,
  type HttpClientOptions,
  type SessionAuth,
} from '../../main/core/api/http';
import { startFakeService, sendJson, type FakeService } from '../support/fakeService';

/** Fast backoff so the bounded retries show in milliseconds; waits after a 429 keep the platform's 1 s floor. */
const FAST_RETRY = { baseDelayMs: 10, maxDelayMs: 40 };

describe('the API client under injected faults', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service.close());

  const client = (options: Partial<HttpClientOptions> = {}) =>
    createHttpClient({ baseUrl: service.baseUrl, timeoutMs: 2_000, retry: FAST_RETRY, ...options });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('the call should have failed'),
      (error: unknown) => error as ServiceCallError,
    );

  it('times out a service that does not answer, and reports it degraded', async () => {
    service.answerWith(() => undefined);
    const statuses: ConnectionStatus[] = [];
    const started = Date.now();
    const error = await failure(
      client({ timeoutMs: 300, onConnectionStatus: (s) => statuses.push(s) }).getJson('ref/v1/countries'),
    );
    expect(error).toMatchObject({ kind: 'timeout', code: 'Timeout' });
    // undici checks its per-attempt timeouts on a clock that ticks about every half second.
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(statuses.map((s) => s.state)).toEqual(['degraded']);
  });

  it('times out a service that stalls in the middle of the body', async () => {
    service.answerWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"Data": [');
    });
    await expect(client({ timeoutMs: 300 }).getJson('ref/v1/countries')).rejects.toMatchObject({
      kind: 'timeout',
    });
  });

  it('answers slowly but within the timeout: the call succeeds', async () => {
    service.answerWith((_request, response) => setTimeout(() => sendJson(response, 200, { Data: [1] }), 150));
    expect(await client({ timeoutMs: 1_000 }).getJson('ref/v1/countries')).toEqual({ Data: [1] });
  });

  it('retries a 503 with backoff and succeeds when the service recovers', async () => {
    service.answerWith((_request, response, index) =>
      index < 2 ? sendJson(response, 503, undefined) : sendJson(response, 200, { Data: ['ok'] }),
    );
    expect(await client().getJson('ref/v1/countries')).toEqual({ Data: ['ok'] });
    expect(service.requests).toHaveLength(3);
  });

  it('gives up on a lasting 503 after the bounded retries, with a typed error', async () => {
    service.answerWith((_request, response) => sendJson(response, 503, undefined));
    const statuses: ConnectionStatus[] = [];
    const error = await failure(
      client({ onConnectionStatus: (s) => statuses.push(s) }).getJson('ref/v1/countries'),
    );
    expect(error).toMatchObject({ kind: 'service', status: 503, code: 'ServiceUnavailable' });
    expect(service.requests).toHaveLength(4);
    expect(statuses.at(-1)?.state).toBe('degraded');
  });

  it('does not retry other errors and carries ErrorCode, Message and ModelState', async () => {
    service.answerWith((_request, response) =>
      sendJson(response, 400, {
        ErrorCode: 'InvalidRequest',
        Message: 'Bad AssetTypes',
        ModelState: { AssetTypes: ['Unknown'] },
      }),
    );
    const error = await failure(client().getJson('ref/v1/instruments'));
    expect(error).toMatchObject({ status: 400, code: 'InvalidRequest', message: 'Bad AssetTypes' });
    expect(error.details.fields).toEqual({ AssetTypes: ['Unknown'] });
    expect(service.requests).toHaveLength(1);
  });

  it('waits as Retry-After says after a 429, then succeeds', async () => {
    service.answerWith((_request, response, index) =>
      index === 0
        ? sendJson(response, 429, undefined, { 'retry-after': '1' })
        : sendJson(response, 200, { Data: [] }),
    );
    const started = Date.now();
    await client().getJson('ref/v1/instruments');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(service.requests).toHaveLength(2);
  });

  it('waits for the reset of the exhausted X-RateLimit dimension', async () => {
    service.answerWith((_request, response, index) =>
      index === 0
        ? sendJson(response, 429, undefined, {
            'x-ratelimit-refdatainstrumentsminute-remaining': '0',
            'x-ratelimit-refdatainstrumentsminute-reset': '1',
            'x-ratelimit-appday-remaining': '500',
            'x-ratelimit-appday-reset': '80000',
          })
        : sendJson(response, 200, { Data: [] }),
    );
    const started = Date.now();
    await client().getJson('ref/v1/instruments');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('fails at once, naming the wait, when a 429 asks for longer than the client accepts or the day quota is gone', async () => {
    service.answerWith((_request, response) => sendJson(response, 429, undefined, { 'retry-after': '3600' }));
    const long = await failure(client().getJson('ref/v1/instruments'));
    expect(long).toMatchObject({ status: 429, code: 'RateLimited', details: { retryAfterMs: 3_600_000 } });
    expect(service.requests).toHaveLength(1);

    service.answerWith((_request, response) =>
      sendJson(response, 429, undefined, {
        'x-ratelimit-appday-remaining': '0',
        'x-ratelimit-appday-reset': '2',
      }),
    );
    await expect(client().getJson('ref/v1/instruments')).rejects.toMatchObject({ status: 429 });
    expect(service.requests).toHaveLength(1);
  });

  it('stops retrying 429s after its bound', async () => {
    service.answerWith((_request, response) => sendJson(response, 429, undefined, { 'retry-after': '0' }));
    const error = await failure(
      client({ retry: { ...FAST_RETRY, minRateLimitWaitMs: 10 } }).getJson('ref/v1/instruments'),
    );
    expect(error.status).toBe(429);
    expect(service.requests).toHaveLength(3);
  });

  it('reports a 200 with a malformed body as a protocol error, without retrying', async () => {
    service.answerWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"Data": [1, 2');
    });
    await expect(client().getJson('ref/v1/countries')).rejects.toMatchObject({
      kind: 'protocol',
      code: 'MalformedResponse',
    });
    expect(service.requests).toHaveLength(1);
  });

  it('retries dropped connections and recovers', async () => {
    service.answerWith((request, response, index) =>
      index < 2 ? request.socket.destroy() : sendJson(response, 200, { Data: ['back'] }),
    );
    expect(await client().getJson('ref/v1/countries')).toEqual({ Data: ['back'] });
    expect(service.requests).toHaveLength(3);
  });

  it('retries a connection dropped in the middle of the body, never returning half an answer', async () => {
    service.answerWith((_request, response, index) => {
      if (index === 0) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        response.write('{"Data": [');
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      }
      sendJson(response, 200, { Data: ['whole'] });
    });
    expect(await client().getJson('ref/v1/countries')).toEqual({ Data: ['whole'] });
    expect(service.requests).toHaveLength(2);
  });

  it('decodes compressed answers of a remote gateway', async () => {
    service.answerWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(gzipSync(JSON.stringify({ Data: ['zipped'] })));
    });
    expect(await client().getJson('ref/v1/countries')).toEqual({ Data: ['zipped'] });
  });

  it('reports offline after the bounded retries of a lasting outage, and online again after', async () => {
    service.answerWith((request) => request.socket.destroy());
    const statuses: ConnectionStatus[] = [];
    const http = client({ onConnectionStatus: (s) => statuses.push(s) });
    await expect(http.getJson('ref/v1/countries')).rejects.toMatchObject({
      kind: 'network',
      code: 'Network',
    });
    expect(service.requests).toHaveLength(4);
    service.answerWith((_request, response) => sendJson(response, 200, { Data: [] }));
    await http.getJson('ref/v1/countries');
    expect(statuses.map((s) => s.state)).toEqual(['offline', 'online']);
  });

  it('stays online when a call sent during an outage fails only after a later call got through', async () => {
    // The first call's every attempt is dropped; the second, sent just after, is answered at once.
    service.answerWith((request, response) =>
      request.url?.includes('Uics=1') ? request.socket.destroy() : sendJson(response, 200, { Data: [] }),
    );
    const statuses: ConnectionStatus[] = [];
    const http = client({ onConnectionStatus: (s) => statuses.push(s) });
    const older = failure(http.getJson('ref/v1/instruments', { Uics: '1' }));
    await http.getJson('ref/v1/countries');
    expect(await older).toMatchObject({ kind: 'network' });
    expect(statuses.map((s) => s.state)).toEqual(['online']);
  });

  it('says online as soon as the service answers a 401, while the session waits on the user signing in again', async () => {
    service.answerWith((request) => request.socket.destroy());
    const statuses: ConnectionStatus[] = [];
    let signIn: (renewed: boolean) => void = () => undefined;
    const auth = { accessToken: () => 'old-token', reauthenticate: () => new Promise<boolean>((resolve) => (signIn = resolve)) };
    const http = client({ auth, onConnectionStatus: (s) => statuses.push(s) });
    await failure(http.getJson('ref/v1/countries'));
    service.answerWith((_request, response) => sendJson(response, 401, undefined));
    const pending = failure(http.getJson('ref/v1/countries'));
    await vi.waitFor(() => expect(statuses.map((s) => s.state)).toEqual(['offline', 'online']));
    signIn(false);
    expect(await pending).toMatchObject({ status: 401 });
  });

  it('cancels a call in flight: the request is dropped at the service', async () => {
    service.answerWith(() => undefined);
    const controller = new AbortController();
    const pending = client({ timeoutMs: 10_000 }).getJson(
      'ref/v1/instruments',
      {},
      { signal: controller.signal },
    );
    await vi.waitFor(() => expect(service.requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled', code: 'Cancelled' });
    await vi.waitFor(() => expect(service.requests[0]?.abandoned).toBe(true));
  });

  it('cancels while backing off after a dropped connection, without another attempt', async () => {
    service.answerWith((request) => request.socket.destroy());
    const controller = new AbortController();
    const started = Date.now();
    const pending = client({ retry: { baseDelayMs: 5_000, maxDelayMs: 5_000 }, random: () => 1 }).getJson(
      'ref/v1/instruments',
      {},
      { signal: controller.signal },
    );
    await vi.waitFor(() => expect(service.requests).toHaveLength(1));
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.requests).toHaveLength(1);
  });

  it('cancels while waiting out a 429', async () => {
    service.answerWith((_request, response) => sendJson(response, 429, undefined, { 'retry-after': '20' }));
    const controller = new AbortController();
    const started = Date.now();
    const pending = client().getJson('ref/v1/instruments', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('401 handling', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service.close());

  /** A session whose token becomes `renewed` when asked to re-authenticate. */
  function session(renew: () => Promise<boolean>) {
    let token = 'expired-token';
    const auth: SessionAuth = {
      accessToken: () => token,
      reauthenticate: vi.fn(async () => {
        const ok = await renew();
        if (ok) token = 'renewed-token';
        return ok;
      }),
    };
    return auth;
  }
  const acceptOnly = (token: string) =>
    service.answerWith((request, response) =>
      request.headers.authorization === `Bearer ${token}`
        ? sendJson(response, 200, { Data: ['secret'] })
        : sendJson(response, 401, undefined),
    );

  it('re-authenticates once and replays the request once with the new token', async () => {
    acceptOnly('renewed-token');
    const auth = session(async () => true);
    const http = createHttpClient({ baseUrl: service.baseUrl, auth });
    expect(await http.getJson('ca/v2/events')).toEqual({ Data: ['secret'] });
    expect(auth.reauthenticate).toHaveBeenCalledTimes(1);
    expect(service.requests.map((r) => r.authorization)).toEqual([
      'Bearer expired-token',
      'Bearer renewed-token',
    ]);
  });

  it('fails with Unauthorized when the replay is refused too (no loop)', async () => {
    acceptOnly('nobody');
    const auth = session(async () => true);
    const http = createHttpClient({ baseUrl: service.baseUrl, auth });
    await expect(http.getJson('ca/v2/events')).rejects.toMatchObject({ status: 401, code: 'Unauthorized' });
    expect(auth.reauthenticate).toHaveBeenCalledTimes(1);
    expect(service.requests).toHaveLength(2);
  });

  it('fails without replaying when re-authentication is declined or fails', async () => {
    acceptOnly('renewed-token');
    for (const renew of [async () => false, async () => Promise.reject(new Error('keychain locked'))]) {
      const auth = session(renew);
      const http = createHttpClient({ baseUrl: service.baseUrl, auth });
      service.requests.length = 0;
      await expect(http.getJson('ca/v2/events')).rejects.toMatchObject({ status: 401 });
      expect(service.requests).toHaveLength(1);
    }
  });

  it('sends no token when signed out, and a 401 without a session simply fails', async () => {
    acceptOnly('renewed-token');
    const http = createHttpClient({
      baseUrl: service.baseUrl,
      auth: { accessToken: () => undefined, reauthenticate: async () => false },
    });
    await expect(http.getJson('ca/v2/events')).rejects.toMatchObject({ status: 401 });
    expect(service.requests[0]?.authorization).toBeUndefined();
  });
});
