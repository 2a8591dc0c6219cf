/**
 * How fast the simulator serves reference data: p50/p99 latency and requests per second of
 * instrument search (GET /ref/v1/instruments with keywords) and of instrument details
 * (GET /ref/v1/instruments/details/{Uic}/{AssetType}), measured with autocannon over loopback
 * without pipelining, each next to a bare Fastify route that returns a precomputed body of the
 * same size in the same run (the ceiling of this machine). Each is measured twice: over 400
 * searches or instruments asked again and again, and over ones each asked once. Also reports, per scale, the
 * generation time of the universe and the start time from its cache.
 *
 * autocannon runs in a worker thread so the load generator does not share the simulator's
 * event loop.
 */
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import type { Scale } from '../main/simulator/data/universe';
import { startTestSimulator, type TestSimulator } from '../test/support/testSimulator';

/** The slice of autocannon's API used here (the package ships no type declarations). */
interface AutocannonResult {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { total: number; average: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  pipelining: number;
  duration: number;
  workers?: number;
  headers?: Record<string, string>;
  requests?: { path: string }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS = 8;
const CONNECTIONS = 4;
const SAMPLE_REQUESTS = 400;
/** Distinct instruments for the uncached details run: more than one run can request. */
const DISTINCT_DETAILS = 200_000;
/** Distinct searches for the uncached search run. */
const DISTINCT_SEARCHES = 40_000;

const round = (value: number) => Math.round(value * 100) / 100;

interface Measured {
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
}

async function measure(
  url: string,
  paths: string[],
  headers: Record<string, string> = {},
): Promise<Measured> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: SECONDS,
    workers: 1,
    headers,
    requests: paths.map((path) => ({ path })),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    p50Ms: round(result.latency.p50),
    p99Ms: round(result.latency.p99),
    requestsPerSecond: round(result.requests.average),
  };
}

/** A bare Fastify route answering a precomputed JSON body of `bytes` bytes: the ceiling. */
async function measureCeiling(bytes: number): Promise<Measured> {
  const body = JSON.stringify({ Data: 'x'.repeat(Math.max(0, bytes - 11)) });
  const app = Fastify({ logger: false });
  app.get('/ceiling', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const address = app.server.address() as { port: number };
    return await measure(`http://127.0.0.1:${address.port}`, ['/ceiling']);
  } finally {
    await app.close();
  }
}

/** Search keywords a user would type: the start of words of real symbols and descriptions, alone and in pairs. */
function searchPaths(sim: TestSimulator, apiPath: string): string[] {
  const rows = sim.simulator.context.universe.db
    .prepare('SELECT symbol, description, asset_type FROM search_entries WHERE id % 97 = 0 LIMIT ?')
    .all(SAMPLE_REQUESTS) as { symbol: string; description: string; asset_type: string }[];
  return rows.map((row, index) => {
    const words = `${row.symbol.split(':')[0]} ${row.description}`.match(/[A-Za-z0-9]{3,}/g) ?? ['eur'];
    const first = words[index % words.length]!.slice(0, 3 + (index % 4));
    const keywords =
      index % 3 === 0 && words.length > 1
        ? `${first} ${words[(index + 1) % words.length]!.slice(0, 4)}`
        : first;
    const filter = index % 4 === 0 ? `&AssetTypes=${row.asset_type}` : '';
    return `${apiPath}/ref/v1/instruments?Keywords=${encodeURIComponent(keywords)}${filter}`;
  });
}

/**
 * `wanted` different searches, each to be asked once: the starts of words (2 to 6 letters) of
 * symbols and descriptions spread over the whole index, alone, in pairs or with an asset type,
 * so every request misses the page and count caches and reads the index.
 */
function distinctSearchPaths(sim: TestSimulator, apiPath: string, wanted: number): string[] {
  const rows = sim.simulator.context.universe.db
    .prepare('SELECT symbol, description, asset_type FROM search_entries ORDER BY id')
    .all() as { symbol: string; description: string; asset_type: string }[];
  const paths = new Set<string>();
  for (let round = 0; paths.size < wanted && round < 12; round++) {
    for (let index = round; index < rows.length && paths.size < wanted; index += 7) {
      const row = rows[index]!;
      const words = `${row.symbol.split(':')[0]} ${row.description}`.match(/[A-Za-z0-9]{2,}/g);
      if (!words) continue;
      const word = words[(index + round) % words.length]!;
      const typed = word.slice(0, 2 + ((index + round) % 5));
      const keywords =
        round % 3 === 2 && words.length > 1
          ? `${typed} ${words[(index + 1) % words.length]!.slice(0, 3)}`
          : typed;
      const filter = round % 2 === 1 ? `&AssetTypes=${row.asset_type}` : '';
      paths.add(`${apiPath}/ref/v1/instruments?Keywords=${encodeURIComponent(keywords)}${filter}`);
    }
  }
  return [...paths];
}

/** Details of `wanted` instruments of every kind spread over the universe, specific options included. */
function detailsPaths(sim: TestSimulator, apiPath: string, wanted: number): string[] {
  const db = sim.simulator.context.universe.db;
  const count = db.prepare('SELECT max(rowid) FROM instruments').pluck().get() as number;
  const step = Math.max(1, Math.floor(count / wanted));
  const rows = db
    .prepare('SELECT uic, asset_type FROM instruments WHERE rowid % ? = 0 LIMIT ?')
    .all(step, wanted) as { uic: number; asset_type: string }[];
  return rows.map((row) => `${apiPath}/ref/v1/instruments/details/${row.uic}/${row.asset_type}`);
}

/** Mean body size of some requests, for a ceiling of the same size. */
async function meanBodyBytes(sim: TestSimulator, paths: string[]): Promise<number> {
  let total = 0;
  const sample = paths.slice(0, 50);
  for (const path of sample) {
    const response = await sim.get(`${sim.simulator.info.baseUrl.replace(/\/openapi$/, '')}${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    total += Buffer.byteLength(response.text);
  }
  return Math.round(total / sample.length);
}

function print(scale: string, label: string, measured: Measured, ceiling: Measured): void {
  console.log(
    `[${scale}] ${label.padEnd(12)} p50 ${String(measured.p50Ms).padStart(6)} ms  p99 ${String(measured.p99Ms).padStart(6)} ms  ` +
      `${measured.requestsPerSecond} req/s; ceiling ${ceiling.requestsPerSecond} req/s (ratio ${round(measured.requestsPerSecond / ceiling.requestsPerSecond)})`,
  );
}

/** Runs the reference-data benchmark at each scale; prints and returns the figures. */
export async function benchSimulatorReference(options: {
  scales: ('default' | 'large')[];
}): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  for (const scale of options.scales) {
    // Generation from scratch, then a start from the cache it left.
    const generated = await startTestSimulator({ scale: scale as Scale, regenerate: true, rateLimit: false });
    const generation = generated.simulator.info.universe;
    await generated.close();
    const started = performance.now();
    const sim = await startTestSimulator({ scale: scale as Scale, rateLimit: false });
    const cacheStartMs = Math.round(performance.now() - started);
    try {
      const db = sim.simulator.context.universe.db;
      const instruments = db.prepare('SELECT count(*) FROM instruments').pluck().get() as number;
      const uics = db.prepare('SELECT count(DISTINCT uic) FROM instruments').pluck().get() as number;
      const searchEntries = db.prepare('SELECT count(*) FROM search_entries').pluck().get() as number;
      const headers = { authorization: `Bearer ${await sim.accessToken('demo')}` };
      const origin = sim.simulator.info.baseUrl.replace(/\/openapi$/, '');
      const apiPath = '/openapi';

      // Searches asked again and again (the same letters typed by every trader, the next page
      // of a result) come from the page cache after their first read; the distinct run asks
      // each search once, so every request counts and reads the index: both are reported.
      const search = searchPaths(sim, apiPath);
      const searchBytes = await meanBodyBytes(sim, search);
      const searchMeasured = await measure(origin, search, headers);
      const searchCeiling = await measureCeiling(searchBytes);
      print(scale, 'search', searchMeasured, searchCeiling);
      const distinctSearch = distinctSearchPaths(sim, apiPath, DISTINCT_SEARCHES);
      const distinctSearchMeasured = await measure(origin, distinctSearch, headers);
      print(scale, 'search once', distinctSearchMeasured, searchCeiling);
      const distinctSearchRequests = Math.round(distinctSearchMeasured.requestsPerSecond * SECONDS);
      if (distinctSearchRequests > distinctSearch.length)
        console.log(
          `[${scale}] note: ${distinctSearchRequests} searches over ${distinctSearch.length} distinct ones, so some were repeats`,
        );

      // Repeat requests (a chain's contracts, a watchlist) come from the rendered-details
      // cache after their first read; the distinct run asks each instrument once, so every
      // request reads SQLite and renders: both are reported.
      const details = detailsPaths(sim, apiPath, SAMPLE_REQUESTS);
      const detailsBytes = await meanBodyBytes(sim, details);
      const detailsMeasured = await measure(origin, details, headers);
      const detailsCeiling = await measureCeiling(detailsBytes);
      print(scale, 'details', detailsMeasured, detailsCeiling);
      const distinct = detailsPaths(sim, apiPath, DISTINCT_DETAILS);
      const distinctMeasured = await measure(origin, distinct, headers);
      print(scale, 'details once', distinctMeasured, detailsCeiling);
      const distinctRequests = Math.round(distinctMeasured.requestsPerSecond * SECONDS);
      if (distinctRequests > distinct.length)
        console.log(
          `[${scale}] note: ${distinctRequests} requests over ${distinct.length} instruments, so some were repeats`,
        );

      figures[scale] = {
        instruments,
        distinctUics: uics,
        searchEntries,
        generationMs: generation.generationMs,
        databaseBytes: generation.databaseBytes,
        cacheStartMs,
        cacheUsed: sim.simulator.info.universe.cacheUsed,
        connections: CONNECTIONS,
        seconds: SECONDS,
        search: {
          ...searchMeasured,
          meanBodyBytes: searchBytes,
          ceiling: searchCeiling,
          ratio: round(searchMeasured.requestsPerSecond / searchCeiling.requestsPerSecond),
        },
        searchDistinct: {
          ...distinctSearchMeasured,
          searches: distinctSearch.length,
          ratio: round(distinctSearchMeasured.requestsPerSecond / searchCeiling.requestsPerSecond),
        },
        details: {
          ...detailsMeasured,
          meanBodyBytes: detailsBytes,
          ceiling: detailsCeiling,
          ratio: round(detailsMeasured.requestsPerSecond / detailsCeiling.requestsPerSecond),
        },
        detailsDistinct: {
          ...distinctMeasured,
          instruments: distinct.length,
          ratio: round(distinctMeasured.requestsPerSecond / detailsCeiling.requestsPerSecond),
        },
      };
      console.log(
        `[${scale}] ${instruments} instruments (${uics} uics, ${searchEntries} search entries); generation ${generation.generationMs} ms, ` +
          `${Math.round(generation.databaseBytes / 1048576)} MB; start from cache ${cacheStartMs} ms`,
      );
    } finally {
      await sim.close();
    }
  }
  return figures;
}
