import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceCallError } from '../../main/core/api/errors';
import { createHttpClient, type HttpClient } from '../../main/core/api/http';
import { getCountries } from '../../main/core/api/ref';
import { startSimulator, type RunningSimulator } from '../../main/simulator/server';

describe('countries through the API client against the simulator', () => {
  let simulator: RunningSimulator;
  let http: HttpClient;

  beforeAll(async () => {
    simulator = await startSimulator({ port: 0 });
    http = createHttpClient({ baseUrl: simulator.info.baseUrl });
  });
  afterAll(() => simulator.close());

  it('binds loopback only and reports a base URL ending in /openapi', () => {
    expect(simulator.info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openapi$/);
    expect(simulator.info.authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect((simulator.app.server.address() as { address: string }).address).toBe('127.0.0.1');
  });

  it('returns every ISO 3166-1 country with all four fields', async () => {
    const feed = await getCountries(http);
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
    const closed = await startSimulator({ port: 0 });
    const client = createHttpClient({ baseUrl: closed.info.baseUrl });
    await closed.close();
    await expect(getCountries(client)).rejects.toMatchObject({ kind: 'network' });
  });
});
