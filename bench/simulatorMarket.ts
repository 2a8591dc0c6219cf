/**
 * The simulator's market at the default scale, its clock running from a weekday's New York
 * morning (so every market of the figures trades):
 *   - streaming: 50 streaming connections (one context each, of one user, as 50 desks of a
 *     trading floor) each subscribe SPX options near the money (three expiries), the FX pairs
 *     and the well-known shares, refreshing every 100 ms; quote updates per second (one
 *     instrument's delta, in a list or a chain, counts one) as the clients received them, counted
 *     in a worker thread so the clients' work does not slow the simulator's core. Target ≥ 100,000/s.
 *   - SPX first expiry with prices: the option chain subscription's snapshot of SPX's first
 *     expiry with every strike priced (POST, answered with the snapshot, then DELETE), p50 and p95
 *     over repeated requests. Target p95 ≤ 300 ms.
 */
import { Worker } from 'node:worker_threads';
import type { TestSimulator } from '../test/support/testSimulator';
import { startMarketSimulator } from '../test/support/marketSimulator';

const CONNECTIONS = 50;
const REFRESH_MS = 100;
const WARM_UP_MS = 3_000;
const MEASURE_MS = 10_000;
const CHAIN_REQUESTS = 40;
const TARGETS = { quotesPerSecond: 100_000, chainP95Ms: 300 };
const SPX_ROOT = 1;

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** Counts, in a thread of its own, the quote updates its WebSocket clients receive (one `"Uic":` per instrument delta). */
const CLIENTS_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require('ws');
const needle = Buffer.from('"Uic":');
let quotes = 0, frames = 0, bytes = 0, open = 0;
const sockets = workerData.urls.map((url) => {
  const socket = new WebSocket(url);
  socket.binaryType = 'nodebuffer';
  socket.on('open', () => { if (++open === workerData.urls.length) parentPort.postMessage({ open }); });
  socket.on('message', (data) => {
    frames++; bytes += data.length;
    for (let at = data.indexOf(needle); at !== -1; at = data.indexOf(needle, at + 6)) quotes++;
  });
  socket.on('error', (error) => parentPort.postMessage({ error: String(error) }));
  return socket;
});
parentPort.on('message', (message) => {
  if (message === 'count') parentPort.postMessage({ quotes, frames, bytes });
  if (message === 'close') { for (const socket of sockets) socket.terminate(); parentPort.close(); }
});
`;

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

async function post(sim: TestSimulator, token: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${sim.baseUrl}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The instruments each desk watches, by asset type. */
function watchedInstruments(sim: TestSimulator): Record<string, number[]> {
  const { chains, market } = sim.simulator.trading;
  const chain = chains.chainOf(SPX_ROOT, 'StockIndexOption')!;
  const options = chain.expiries.slice(0, 3).flatMap((expiry) => {
    const strikes = chains.strikesOf(chain, expiry);
    const spx = market.quote(market.instruments.find(1000, 'StockIndex')!);
    const centre = strikes.reduce(
      (best, row, index) =>
        Math.abs(row.strike - spx.mid) < Math.abs(strikes[best]!.strike - spx.mid) ? index : best,
      0,
    );
    return strikes
      .slice(Math.max(0, centre - 40), centre + 40)
      .flatMap((row) => [row.call, row.put].filter((uic): uic is number => uic !== undefined));
  });
  const db = sim.simulator.context.universe.db;
  const fx = market.store.fxPairs().map((pair) => pair.uic);
  const shares = db
    .prepare("SELECT uic FROM instruments WHERE asset_type = 'Stock' AND uic < 5000 ORDER BY uic LIMIT 200")
    .pluck()
    .all() as number[];
  return { StockIndexOption: options, FxSpot: fx, Stock: shares };
}

async function measureStreaming(sim: TestSimulator): Promise<Record<string, unknown>> {
  const token = await sim.accessToken('demo');
  const watched = watchedInstruments(sim);
  for (let desk = 0; desk < CONNECTIONS; desk++) {
    for (const [assetType, uics] of Object.entries(watched)) {
      const answer = await post(sim, token, 'trade/v1/prices/subscriptions', {
        ContextId: `desk${desk}`,
        ReferenceId: assetType,
        RefreshRate: REFRESH_MS,
        Arguments: { Uics: uics.join(','), AssetType: assetType, FieldGroups: ['Quote'] },
      });
      if (answer.status !== 201)
        throw new Error(`subscribing ${assetType} answered ${answer.status}: ${await answer.text()}`);
    }
  }
  const authorization = encodeURIComponent(`Bearer ${token}`);
  const urls = Array.from(
    { length: CONNECTIONS },
    (_, desk) =>
      `${sim.baseUrl.replace(/^http/, 'ws')}/streamingws/connect?contextId=desk${desk}&Authorization=${authorization}`,
  );
  const worker = new Worker(CLIENTS_SOURCE, { eval: true, workerData: { urls } });
  const replies: ((value: { quotes: number; frames: number; bytes: number }) => void)[] = [];
  const opened = new Promise<void>((resolve, reject) => {
    worker.on(
      'message',
      (message: { open?: number; error?: string; quotes?: number; frames?: number; bytes?: number }) => {
        if (message.error) reject(new Error(message.error));
        else if (message.open !== undefined) resolve();
        else replies.shift()?.(message as { quotes: number; frames: number; bytes: number });
      },
    );
  });
  const count = () =>
    new Promise<{ quotes: number; frames: number; bytes: number }>((resolve) => {
      replies.push(resolve);
      worker.postMessage('count');
    });
  try {
    await opened;
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    const hub = sim.simulator.trading.hub;
    const [before, sentBefore, cpuBefore, started] = [
      await count(),
      hub.quotesSent,
      process.cpuUsage(),
      performance.now(),
    ];
    await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
    const [after, sentAfter, cpu, seconds] = [
      await count(),
      hub.quotesSent,
      process.cpuUsage(cpuBefore),
      (performance.now() - started) / 1000,
    ];
    const quotesPerSecond = Math.round((after.quotes - before.quotes) / seconds);
    return {
      connections: CONNECTIONS,
      instrumentsPerConnection: Object.values(watched).reduce((sum, uics) => sum + uics.length, 0),
      refreshRateMs: REFRESH_MS,
      quotesPerSecond,
      quotesSentPerSecond: Math.round((sentAfter - sentBefore) / seconds),
      framesPerSecond: Math.round((after.frames - before.frames) / seconds),
      megabytesPerSecond: round((after.bytes - before.bytes) / seconds / 1e6),
      simulatorProcessCpuShare: round((cpu.user + cpu.system) / 1e6 / seconds),
      targetQuotesPerSecond: TARGETS.quotesPerSecond,
      ratioToTarget: round(quotesPerSecond / TARGETS.quotesPerSecond),
    };
  } finally {
    worker.postMessage('close');
    await worker.terminate();
  }
}

async function measureChainSnapshot(sim: TestSimulator): Promise<Record<string, unknown>> {
  const token = await sim.accessToken('trader2');
  const { chains, hub } = sim.simulator.trading;
  const chain = chains.chainOf(SPX_ROOT, 'StockIndexOption')!;
  const strikes = Math.min(chain.expiries[0]!.strikeCount, hub.limits.strikesPerExpiry);
  const timings: number[] = [];
  let bytes = 0;
  for (let request = 0; request < CHAIN_REQUESTS; request++) {
    const started = performance.now();
    const answer = await post(sim, token, 'trade/v1/optionschain/subscriptions', {
      ContextId: 'chainbench',
      ReferenceId: `spx${request}`,
      Arguments: {
        AssetType: 'StockIndexOption',
        Identifier: SPX_ROOT,
        Expiries: [{ Index: 0, StrikeStartIndex: 0 }],
        MaxStrikesPerExpiry: strikes,
      },
    });
    const text = await answer.text();
    timings.push(performance.now() - started);
    if (answer.status !== 201)
      throw new Error(`the chain subscription answered ${answer.status}: ${text.slice(0, 200)}`);
    bytes = text.length;
    await fetch(`${sim.baseUrl}/trade/v1/optionschain/subscriptions/chainbench/spx${request}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const p95Ms = round(percentile(sorted, 0.95), 1);
  return {
    strikes,
    contracts: strikes * 2,
    snapshotBytes: bytes,
    requests: CHAIN_REQUESTS,
    firstMs: round(timings[0]!, 1),
    p50Ms: round(percentile(sorted, 0.5), 1),
    p95Ms,
    targetP95Ms: TARGETS.chainP95Ms,
    ratioToTarget: round(p95Ms / TARGETS.chainP95Ms),
  };
}

/** Runs the market benchmark; prints and returns the figures. */
export async function benchSimulatorMarket(): Promise<Record<string, unknown>> {
  const started = performance.now();
  const sim = await startMarketSimulator({ scale: 'default', rateLimit: false });
  const startMs = Math.round(performance.now() - started);
  try {
    // The snapshot first, on a simulator not yet busy streaming (what a trader opening the chain meets).
    const chainSnapshot = await measureChainSnapshot(sim);
    console.log(
      `SPX first expiry with prices (${String(chainSnapshot.contracts)} contracts): p50 ${String(chainSnapshot.p50Ms)} ms, p95 ${String(chainSnapshot.p95Ms)} ms ` +
        `(first ${String(chainSnapshot.firstMs)} ms); ${String(chainSnapshot.ratioToTarget)} of the ${TARGETS.chainP95Ms} ms target`,
    );
    const streaming = await measureStreaming(sim);
    console.log(
      `Streaming to ${CONNECTIONS} connections: ${String(streaming.quotesPerSecond)} quote updates/s received (${String(streaming.quotesSentPerSecond)} sent), ` +
        `${String(streaming.framesPerSecond)} frames/s, ${String(streaming.megabytesPerSecond)} MB/s, simulator CPU ${String(streaming.simulatorProcessCpuShare)} cores; ` +
        `${String(streaming.ratioToTarget)} of the ${TARGETS.quotesPerSecond} /s target`,
    );
    return { universe: sim.simulator.info.universe, simulatorStartMs: startMs, chainSnapshot, streaming };
  } finally {
    await sim.close();
  }
}
