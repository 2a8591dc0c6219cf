import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceCallError } from '../../main/core/api/errors';
import { createHttpClient, type HttpClient } from '../../main/core/api/http';
import { referenceEndpoints } from '../../main/core/api/reference';
import { startSimulator, type RunningSimulator } from '../../main/simulator/server';
import { startTestSimulator, TEST_CACHE_DIR, type TestSimulator } from '../support/testSimulator';

describe('countries through the API client against the simulator', () => {
  let test: TestSimulator;
  let simulator: RunningSimulator;
  let http: HttpClient;

  beforeAll(async () => {
    test = await startTestSimulator();
    simulator = test.simulator;
    const token = await test.accessToken('demo');
    http = createHttpClient({ baseUrl: simulator.info.baseUrl, auth: { accessToken: () => token, reauthenticate: async () => false } });
  });
  afterAll(() => test.close());

  it('binds loopback only and reports a base URL ending in /openapi', () => {
    expect(simulator.info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openapi$/);
    expect(simulator.info.authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect((simulator.app.server.address() as { address: string }).address).toBe('127.0.0.1');
  });

  it('returns every ISO 3166-1 country with all four fields', async () => {
    const feed = await referenceEndpoints['reference:countries'](http, undefined);
    expect(feed.Data).toHaveLength(249);
    expect(feed.__count).toBe(249);
    expect(feed.__next).toBeUndefined();
    expect(feed.Data).toContainEqual({ A3: 'DNK', CountryCode: 'DK', Name: 'Denmark', Numeric: 208 });
    expect(feed.Data.find((c) => c.CountryCode === 'XK')).toBeUndefined();
    expect(new Set(feed.Data.map((c) => c.A3)).size).toBe(249);
  });

  it('turns an unknown route into a typed 404 error with the service error code', async () => {
    const error = await http.getJson('ref/v1/nothing-here').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceCallError);
    expect(error).toMatchObject({ kind: 'service', status: 404, code: 'NotFound' });
  });

  it('reports an unreachable service as a network error, not a crash', async () => {
    const closed = await startSimulator({ port: 0, scale: 'small', cacheDir: TEST_CACHE_DIR });
    const client = createHttpClient({ baseUrl: closed.info.baseUrl });
    await closed.close();
    await expect(referenceEndpoints['reference:countries'](client, undefined)).rejects.toMatchObject({ kind: 'network' });
  });
});
