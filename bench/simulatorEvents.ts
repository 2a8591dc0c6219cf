/**
 * How fast the simulator answers the corporate action event list: p50/p99 latency of
 * GET /ca/v2/events with several filters and sorts (and one single-event read), measured with
 * autocannon over loopback as the demo user, at each requested scale. Generating a scale's
 * universe the first time is not measured (it is reported separately).
 */
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import type { CorporateActionEvent, Feed } from '../contract/wire/types';
import type { Scale } from '../main/simulator/data/universe';
import { startTestSimulator } from '../test/support/testSimulator';

/** The slice of autocannon's API used here (the package ships no type declarations). */
interface AutocannonResult {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { total: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS_PER_QUERY = 5;
/** One client at a time: the latency a single desktop user sees, not a queue behind others. */
const CONNECTIONS = 1;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The queries measured: what a back-office user's screens ask for. */
function queries(asOf: Date, eventId: string): Record<string, string> {
  const halfYearAgo = isoDay(new Date(asOf.getTime() - 182 * 86_400_000));
  return {
    'default (own client, Date desc, 100)': 'ca/v2/events',
    'sub-accounts aggregated': 'ca/v2/events?IncludeSubAccounts=true',
    'types+action type+ex range': `ca/v2/events?IncludeSubAccounts=true&EventTypes=DVCA,INTR,DVOP&CorporateActionTypes=Mandatory&FromExDate=${halfYearAgo}&ToExDate=${isoDay(asOf)}`,
    'voluntary, active, by deadline asc':
      'ca/v2/events?IncludeSubAccounts=true&CorporateActionTypes=Voluntary&EventStatus=Active&SortColumn=Date&SortType=Asc',
    'sort by instrument description':
      'ca/v2/events?IncludeSubAccounts=true&SortColumn=InstrumentDescription&SortType=Asc&$top=50',
    keywords: 'ca/v2/events?IncludeSubAccounts=true&Keywords=bank',
    'lapsed included, deep page':
      'ca/v2/events?IncludeSubAccounts=true&IncludeLapsedEvents=true&$skip=1000&$top=100',
    'one event': `ca/v2/events/${eventId}`,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

interface Measured {
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Measured> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS_PER_QUERY, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    p50Ms: round(result.latency.p50),
    p99Ms: round(result.latency.p99),
    requestsPerSecond: round(result.requests.average),
  };
}

/** The in-run reference: a bare Fastify route answering a precomputed body of `bytes` bytes. */
async function measureCeiling(bytes: number): Promise<Measured> {
  const body = JSON.stringify({ Data: 'x'.repeat(Math.max(0, bytes - 11)) });
  const app = Fastify({ logger: false });
  app.get('/ceiling', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    return await measure(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/ceiling`, {});
  } finally {
    await app.close();
  }
}

/** Runs the event list benchmark at each scale; prints and returns the figures. */
export async function benchSimulatorEvents(options: {
  scales: ('default' | 'large')[];
}): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  for (const scale of options.scales) {
    const started = performance.now();
    // No rate limit: the benchmark measures the event list, not the limiter's 429s.
    const sim = await startTestSimulator({ scale: scale as Scale, rateLimit: false });
    const startMs = Math.round(performance.now() - started);
    try {
      const token = await sim.accessToken('demo');
      const headers = { authorization: `Bearer ${token}` };
      const first = await sim.get<Feed<CorporateActionEvent>>('ca/v2/events?IncludeSubAccounts=true&$top=1');
      const eventId = first.body.Data[0]?.EventId;
      if (first.status !== 200 || eventId === undefined)
        throw new Error(`events list answered ${first.status}`);
      const totalEvents =
        (sim.simulator.context.universe.db.prepare('SELECT count(*) FROM events').pluck().get() as number) ??
        0;
      const perQuery: Record<string, Measured> = {};
      const asOf = new Date(`${sim.simulator.info.universe.asOf}T00:00:00Z`);
      for (const [label, path] of Object.entries(queries(asOf, eventId))) {
        const measured = await measure(`${sim.baseUrl}/${path}`, headers);
        perQuery[label] = measured;
        console.log(
          `[${scale}] ${label.padEnd(38)} p50 ${String(measured.p50Ms).padStart(6)} ms  p99 ${String(measured.p99Ms).padStart(6)} ms  ${measured.requestsPerSecond} req/s`,
        );
      }
      const pageBytes = Buffer.byteLength((await sim.get('ca/v2/events')).text);
      const ceiling = await measureCeiling(pageBytes);
      const defaultPage = perQuery['default (own client, Date desc, 100)']!;
      console.log(
        `[${scale}] ceiling (bare route, ${pageBytes} bytes)       p50 ${ceiling.p50Ms} ms, ${ceiling.requestsPerSecond} req/s; default page at ${round(defaultPage.requestsPerSecond / ceiling.requestsPerSecond)} of it`,
      );
      figures[scale] = {
        events: totalEvents,
        demoEventsWithSubAccounts: first.body.__count,
        universe: sim.simulator.info.universe,
        simulatorStartMs: startMs,
        connections: CONNECTIONS,
        secondsPerQuery: SECONDS_PER_QUERY,
        queries: perQuery,
        ceiling: { bytes: pageBytes, ...ceiling },
        defaultPageToCeilingRatio: round(defaultPage.requestsPerSecond / ceiling.requestsPerSecond),
      };
      console.log(
        `[${scale}] ${totalEvents} events, ${first.body.__count} in the demo book; start (with generation when not cached) ${startMs} ms`,
      );
    } finally {
      await sim.close();
    }
  }
  return figures;
}
