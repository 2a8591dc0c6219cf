import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../main/simulator/data/accounts/demo';
import { opaqueKey } from '../../main/simulator/data/accounts/keys';
import { registeredRoutes, type RegisteredRoute } from '../support/registeredRoutes';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

type Feed = { Data: { Identifier?: number; Symbol?: string; DisplayHint?: string; EventId?: string }[] };

/** A concrete request of an API route: its path (parameters filled in) and a query it needs. */
interface Sample {
  path: string;
  query: string;
  /** A JSON body for POST (API routes; the authorization server's get a form). */
  body?: unknown;
  /** The status it answers (default 200). */
  status?: number;
  /** Its answer moves with the market: compared by status and type, not by content. */
  volatile?: boolean;
}

/** A subscription request that replaces itself, so it can be sent twice (with and without the slash). */
function subscriptionSample(endpoint: string, args: Record<string, unknown>): Sample {
  return {
    path: `/openapi/trade/v1/${endpoint}/subscriptions`,
    query: '',
    body: { ContextId: 'slashes', ReferenceId: endpoint, ReplaceReferenceId: endpoint, Arguments: args },
    status: 201,
    volatile: true,
  };
}

describe('trailing slashes and empty path segments on every route', () => {
  let sim: TestSimulator;
  let origin: string;
  /** Sample requests by route pattern: every API route must have one (see the first test). */
  let samples: Map<string, Sample>;

  beforeAll(async () => {
    sim = await startTestSimulator();
    origin = new URL(sim.baseUrl).origin;
    const spx = (
      await sim.get<Feed>('ref/v1/instruments?Keywords=spx&AssetTypes=StockIndexOption')
    ).body.Data.find((item) => item.Symbol === 'SPX:xcbo');
    const es = (
      await sim.get<Feed>('ref/v1/instruments?Keywords=E-mini S%26P 500&AssetTypes=ContractFutures')
    ).body.Data.find((item) => item.Symbol === 'ES:xcme' && item.DisplayHint === 'Continuous');
    const event = (await sim.get<Feed>('ca/v2/events?$top=1')).body.Data[0];
    samples = new Map<string, Sample>([
      ['/openapi/ref/v1/countries', { path: '/openapi/ref/v1/countries', query: '' }],
      ['/openapi/ref/v1/currencypairs', { path: '/openapi/ref/v1/currencypairs', query: '' }],
      ['/openapi/ref/v1/timezones', { path: '/openapi/ref/v1/timezones', query: '' }],
      [
        '/openapi/ref/v1/instruments',
        { path: '/openapi/ref/v1/instruments', query: '?Keywords=apple&$top=2' },
      ],
      [
        '/openapi/ref/v1/instruments/details',
        { path: '/openapi/ref/v1/instruments/details', query: '?AssetTypes=Stock&$top=2' },
      ],
      [
        '/openapi/ref/v1/instruments/details/:Uic/:AssetType',
        { path: '/openapi/ref/v1/instruments/details/211/Stock', query: '' },
      ],
      [
        '/openapi/ref/v1/instruments/tradingschedule/:Uic/:AssetType',
        { path: '/openapi/ref/v1/instruments/tradingschedule/211/Stock', query: '' },
      ],
      ['/openapi/ref/v1/exchanges/:ExchangeId', { path: '/openapi/ref/v1/exchanges/FSE', query: '' }],
      [
        '/openapi/ref/v1/exchanges/holidays',
        { path: '/openapi/ref/v1/exchanges/holidays', query: '?FromDate=2026-12-01&ToDate=2026-12-31' },
      ],
      [
        '/openapi/ref/v1/instruments/contractoptionspaces/:OptionRootId',
        {
          path: `/openapi/ref/v1/instruments/contractoptionspaces/${spx?.Identifier}`,
          query: '?OptionSpaceSegment=DefaultDates',
        },
      ],
      [
        '/openapi/ref/v1/instruments/futuresspaces/:ContinuousFuturesUic',
        { path: `/openapi/ref/v1/instruments/futuresspaces/${es?.Identifier}`, query: '' },
      ],
      ['/openapi/developer/apps', { path: '/openapi/developer/apps', query: '?$top=2' }],
      ['/openapi/developer/apps/:AppKey', { path: `/openapi/developer/apps/${DEMO_APP.appKey}`, query: '' }],
      ['/openapi/ca/v2/events', { path: '/openapi/ca/v2/events', query: '?$top=2&SortColumn=EventId' }],
      ['/openapi/ca/v2/events/:EventId', { path: `/openapi/ca/v2/events/${event?.EventId}`, query: '' }],
      [
        '/openapi/port/v1/clients/:ClientKey',
        { path: `/openapi/port/v1/clients/${encodeURIComponent(opaqueKey('client', '9300187'))}`, query: '' },
      ],
      [
        '/openapi/port/v1/accounts/:AccountKey',
        {
          path: `/openapi/port/v1/accounts/${encodeURIComponent(opaqueKey('account', '9300112INET'))}`,
          query: '',
        },
      ],
      [
        '/openapi/port/v1/clients',
        {
          path: '/openapi/port/v1/clients',
          query: `?OwnerKey=${encodeURIComponent(opaqueKey('client', '9300112'))}`,
        },
      ],
      [
        '/openapi/ca/v2/events/lookupdata',
        { path: '/openapi/ca/v2/events/lookupdata', query: '?FieldGroups=All' },
      ],
      [
        '/openapi/trade/v1/infoprices',
        { path: '/openapi/trade/v1/infoprices', query: '?Uic=21&AssetType=FxSpot', volatile: true },
      ],
      [
        '/openapi/trade/v1/infoprices/list',
        { path: '/openapi/trade/v1/infoprices/list', query: '?Uics=21,42&AssetType=FxSpot', volatile: true },
      ],
      [
        '/openapi/trade/v1/infoprices/subscriptions',
        subscriptionSample('infoprices', { Uic: 21, AssetType: 'FxSpot' }),
      ],
      [
        '/openapi/trade/v1/prices/subscriptions',
        subscriptionSample('prices', { Uic: 21, AssetType: 'FxSpot' }),
      ],
      [
        '/openapi/trade/v1/optionschain/subscriptions',
        subscriptionSample('optionschain', { AssetType: 'StockIndexOption', Identifier: spx?.Identifier }),
      ],
      ...['infoprices', 'prices', 'optionschain'].flatMap((endpoint): [string, Sample][] => [
        [
          `/openapi/trade/v1/${endpoint}/subscriptions/:ContextId/:ReferenceId`,
          { path: `/openapi/trade/v1/${endpoint}/subscriptions/slashes/${endpoint}`, query: '' },
        ],
        [
          `/openapi/trade/v1/${endpoint}/subscriptions/:ContextId`,
          { path: `/openapi/trade/v1/${endpoint}/subscriptions/slashes`, query: '' },
        ],
      ]),
    ]);
  });
  afterAll(() => sim.close());

  const apiRoutes = (): RegisteredRoute[] =>
    registeredRoutes(sim.simulator.app).filter(
      (route) => route.url.startsWith('/openapi/') && !route.url.endsWith('*'),
    );

  async function call(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = path.startsWith('/openapi/')
      ? { authorization: `Bearer ${await sim.accessToken()}` }
      : {};
    const init: RequestInit =
      method === 'POST' && body !== undefined
        ? { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : method === 'POST'
          ? {
              method,
              headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
              body: 'grant_type=none',
            }
          : { method, headers };
    const response = await fetch(`${origin}${path}`, { ...init, redirect: 'manual' });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const json = type.includes('json') && text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    if (json) delete json.__next;
    return { status: response.status, type: type.split(';')[0], json, text };
  }

  it('has a sample request for every API route with ids (a new one must be added here; plain routes are called as they are)', () => {
    const missing = apiRoutes().filter((route) => !samples.has(route.url) && route.url.includes('/:'));
    expect(missing.map((route) => route.url)).toEqual([]);
  });

  it('answers every route the same with a trailing slash as without', async () => {
    const routes = registeredRoutes(sim.simulator.app).filter((route) => !route.url.endsWith('*'));
    expect(routes.length).toBeGreaterThan(14);
    for (const route of routes) {
      const sample = samples.get(route.url) ?? {
        path: route.url,
        query: route.url.startsWith('/auth/') ? `?client_id=${DEMO_APP.appKey}` : '',
      };
      expect(sample.path, `${route.url} needs a sample`).not.toContain(':');
      for (const method of route.methods.filter((name) => name === 'GET' || name === 'POST')) {
        const plain = await call(method, `${sample.path}${sample.query}`, sample.body);
        const slashed = await call(method, `${sample.path}/${sample.query}`, sample.body);
        const label = `${method} ${sample.path}/${sample.query}`;
        expect(slashed.status, `${label}: ${slashed.text.slice(0, 200)}`).toBe(plain.status);
        expect(slashed.type, label).toBe(plain.type);
        if (plain.json && !sample.volatile) expect(slashed.json, label).toEqual(plain.json);
        if (route.url.startsWith('/openapi/'))
          expect(plain.status, `${label}: ${plain.text.slice(0, 200)}`).toBe(sample.status ?? 200);
      }
    }
  });

  it('lists corporate action events at /ca/v2/events/?… and apps at /developer/apps/', async () => {
    const events = await sim.get<Feed>('ca/v2/events/?$top=3');
    expect(events.status).toBe(200);
    expect(events.body.Data).toHaveLength(3);
    const apps = await sim.get<Feed>('developer/apps/');
    expect(apps.status).toBe(200);
    expect(apps.body.Data.length).toBeGreaterThan(0);
  });

  it('never takes an empty path segment as an id: every id of every route, emptied, is a 404', async () => {
    const parametric = apiRoutes().filter((route) => route.url.includes('/:'));
    expect(parametric.length).toBeGreaterThanOrEqual(6);
    for (const route of parametric) {
      const sample = samples.get(route.url)!;
      const patternSegments = route.url.split('/');
      const sampleSegments = sample.path.split('/');
      patternSegments.forEach((segment, index) => {
        if (!segment.startsWith(':')) return;
        const emptied = sampleSegments.map((value, at) => (at === index ? '' : value)).join('/');
        samples.set(`${route.url} without ${segment}`, { path: emptied, query: sample.query });
      });
    }
    const emptiedSamples = [...samples.entries()].filter(([name]) => name.includes(' without '));
    for (const [name, sample] of emptiedSamples) {
      // An emptied last id (`/ca/v2/events/`) is the base route with a trailing slash, which lists
      // (tested above); doubled (`/ca/v2/events//`) it is an empty id.
      const paths = sample.path.endsWith('/')
        ? [`${sample.path}/${sample.query}`]
        : [`${sample.path}${sample.query}`, `${sample.path}/${sample.query}`];
      for (const path of paths) {
        const answer = await call('GET', path);
        expect(answer.status, `${name}: GET ${path}: ${answer.text.slice(0, 200)}`).toBe(404);
        expect(answer.json, path).toMatchObject({ ErrorCode: 'NotFound' });
      }
    }
    // Without a token the bearer check still answers first, as on the platform's gateway.
    const anonymous = await fetch(`${origin}/openapi/ref/v1/instruments/details//Stock`);
    expect(anonymous.status).toBe(401);
  });
});
