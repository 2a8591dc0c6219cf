/**
 * How fast the simulator serves reference data: p50/p99 latency and requests per second of
 * instrument search (GET /ref/v1/instruments with keywords) and of instrument details
 * (GET /ref/v1/instruments/details/{Uic}/{AssetType}), measured with autocannon over loopback
 * without pipelining, each next to a bare Fastify route that returns the same answers,
 * precomputed (the ceiling of this machine), the two run in alternating slices so that the load
 * of other processes weighs on both alike. The same answers and not bodies of their mean size:
 * what a body costs the load generator depends on its bytes (autocannon decodes a body with
 * accented names 4× slower than one of ASCII letters), so a ceiling of ASCII filler measured the
 * load generator rather than the route. Each is measured twice: over 400
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
import { detailsPaths, distinctSearchPaths, searchPaths } from './referenceRequests';

/** The slice of autocannon's API used here (the package ships no type declarations). */
interface AutocannonResult {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { total: number; average: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  resets: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  pipelining: number;
  duration: number;
  timeout?: number;
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
const DISTINCT_SEARCHES = 100_000;

const round = (value: number) => Math.round(value * 100) / 100;

interface Measured {
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
}

/** How long an answer may take before autocannon counts it as an error (its default is 10 s). */
const ANSWER_TIMEOUT_SECONDS = 30;
/** How many alternating slices a run and its ceiling are split into. */
const SLICES = 4;

interface Slice {
  requests: number;
  p50: number;
  p99: number;
}

async function runSlice(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
): Promise<Slice> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    // On a shared two-core machine a starved process can stall for seconds: a slow answer is a
    // figure (p99), not a failure of the whole section.
    timeout: ANSWER_TIMEOUT_SECONDS,
    workers: 1,
    headers,
    requests: paths.map((path) => ({ path })),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors (${result.timeouts} timeouts, ${result.resets} resets)`,
    );
  return { requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Requests per second over the slices, the request-weighted p50 and the worst slice's p99. */
function summarize(slices: Slice[], seconds: number): Measured {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  return {
    p50Ms: round(slices.reduce((sum, slice) => sum + slice.p50 * slice.requests, 0) / Math.max(1, requests)),
    p99Ms: round(Math.max(...slices.map((slice) => slice.p99))),
    requestsPerSecond: round(requests / seconds),
  };
}

/**
 * A bare Fastify route answering the precomputed `bodies` (`/ceiling/{index}`): the ceiling.
 * Its paths, in the order a run takes them.
 */
async function startCeiling(
  bodies: readonly string[],
): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get<{ Params: { index: string } }>('/ceiling/:index', (request, reply) =>
    reply.type('application/json; charset=utf-8').send(bodies[Number(request.params.index)]),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    paths: bodies.map((_body, index) => `/ceiling/${index}`),
    close: () => app.close(),
  };
}

/**
 * A run of `paths` and of a ceiling answering `ceilingBodies`, in alternating slices, so a
 * change in the machine's load (other processes share its two cores) weighs on both alike.
 * The paths are taken in turn across the slices: a run over distinct ones repeats none until
 * every one was asked. A run over distinct requests has the answers of the sample as its
 * ceiling: the same kind of answers, which the ceiling could not know all of beforehand.
 */
async function measureAgainstCeiling(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  ceilingBodies: readonly string[],
): Promise<{ measured: Measured; ceiling: Measured }> {
  const ceiling = await startCeiling(ceilingBodies);
  try {
    const measured: Slice[] = [];
    const bare: Slice[] = [];
    let next = 0;
    for (let index = 0; index < SLICES; index++) {
      const turn = [...paths.slice(next), ...paths.slice(0, next)];
      const slice = await runSlice(url, turn, headers, SECONDS / SLICES);
      measured.push(slice);
      next = (next + slice.requests) % paths.length;
      bare.push(await runSlice(ceiling.url, ceiling.paths, {}, SECONDS / SLICES));
    }
    return { measured: summarize(measured, SECONDS), ceiling: summarize(bare, SECONDS) };
  } finally {
    await ceiling.close();
  }
}

/**
 * Asks each of the requests once and returns the answers, for the ceiling. The run that follows
 * then measures them asked again, as after a trader's first asks; what a first ask costs is the
 * run over requests each asked once.
 */
async function warmUpAnswers(sim: TestSimulator, paths: string[]): Promise<string[]> {
  const bodies: string[] = [];
  for (const path of paths) {
    const response = await sim.get(`${sim.simulator.info.baseUrl.replace(/\/openapi$/, '')}${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    bodies.push(response.text);
  }
  return bodies;
}

/** The mean size in bytes of `bodies`. */
function meanBytes(bodies: readonly string[]): number {
  return Math.round(
    bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0) / Math.max(1, bodies.length),
  );
}

function print(scale: string, label: string, measured: Measured, ceiling: Measured): void {
  console.log(
    `[${scale}] ${label.padEnd(12)} p50 ${String(measured.p50Ms).padStart(6)} ms  p99 ${String(measured.p99Ms).padStart(6)} ms  ` +
      `${measured.requestsPerSecond} req/s; ceiling ${ceiling.requestsPerSecond} req/s (ratio ${round(measured.requestsPerSecond / ceiling.requestsPerSecond)})`,
  );
}

/** The figures of a run next to its ceiling's, with their ratio. */
function paired(
  run: { measured: Measured; ceiling: Measured },
  facts: Record<string, number>,
): Record<string, unknown> {
  return {
    ...run.measured,
    ...facts,
    ceiling: run.ceiling,
    ratio: round(run.measured.requestsPerSecond / run.ceiling.requestsPerSecond),
  };
}

/** Says when a run over distinct requests asked some twice (it went through all of them). */
function noteRepeats(scale: string, measured: Measured, distinct: number, what: string): void {
  const requests = Math.round(measured.requestsPerSecond * SECONDS);
  if (requests > distinct)
    console.log(`[${scale}] note: ${requests} requests over ${distinct} ${what}, so some were repeats`);
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
      const search = searchPaths(sim, apiPath, SAMPLE_REQUESTS);
      const searchAnswers = await warmUpAnswers(sim, search);
      const searchRun = await measureAgainstCeiling(origin, search, headers, searchAnswers);
      print(scale, 'search', searchRun.measured, searchRun.ceiling);
      const distinctSearch = distinctSearchPaths(sim, apiPath, DISTINCT_SEARCHES);
      const searchOnceRun = await measureAgainstCeiling(origin, distinctSearch, headers, searchAnswers);
      print(scale, 'search once', searchOnceRun.measured, searchOnceRun.ceiling);
      noteRepeats(scale, searchOnceRun.measured, distinctSearch.length, 'searches');

      // Repeat requests (a chain's contracts, a watchlist) come from the rendered-details
      // cache after their first read; the distinct run asks each instrument once, so every
      // request reads SQLite and renders: both are reported.
      const details = detailsPaths(sim, apiPath, SAMPLE_REQUESTS);
      const detailsAnswers = await warmUpAnswers(sim, details);
      const detailsRun = await measureAgainstCeiling(origin, details, headers, detailsAnswers);
      print(scale, 'details', detailsRun.measured, detailsRun.ceiling);
      const distinct = detailsPaths(sim, apiPath, DISTINCT_DETAILS);
      const detailsOnceRun = await measureAgainstCeiling(origin, distinct, headers, detailsAnswers);
      print(scale, 'details once', detailsOnceRun.measured, detailsOnceRun.ceiling);
      noteRepeats(scale, detailsOnceRun.measured, distinct.length, 'instruments');

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
        search: paired(searchRun, { meanBodyBytes: meanBytes(searchAnswers) }),
        searchDistinct: paired(searchOnceRun, { searches: distinctSearch.length }),
        details: paired(detailsRun, { meanBodyBytes: meanBytes(detailsAnswers) }),
        detailsDistinct: paired(detailsOnceRun, { instruments: distinct.length }),
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
