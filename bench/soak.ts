/**
 * A bounded soak: the built web shell (`node out/main/web.js --no-open`) and its embedded
 * simulator under a steady mixed load through the bridge, loopback only, for a fixed time.
 * Signs in once by driving the simulator's login page in headless Chromium, then plays what
 * the desktop's users do, from Node with the page's cookie and headers: search as they type,
 * open instruments, option chains, futures ladders and schedules, refresh the reference lists,
 * page and review corporate action events, browse the app registry. Counts error responses and
 * samples the shell's memory every few seconds; the figure that matters is the anonymous
 * memory's growth after warm-up (bench/memoryTrend.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { eventStates } from '../contract/wire/types';
import { BRIDGE_HEADER } from '../contract/bridge';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../test/support/chromium';
import { startReadyProcess } from '../test/support/simulatorProcess';
import { signInThroughLoginPage } from './browserSignIn';
import { memoryTrend, sampleMemory, type MemorySample } from './memoryTrend';

interface ShellReady {
  url: string;
  origin: string;
}

const SAMPLE_EVERY_MS = 5_000;
const WORKERS = 2;
/**
 * Pause between a worker's calls. The embedded simulator limits a session to 1,200 requests a
 * minute per service group, like the platform; the soak stays under it (about 15 calls a
 * second in all) so any error it reports is a real one, not the limiter doing its job.
 */
const PAUSE_MS = 110;

/** Warm-up excluded from the memory trend: caches and the JIT fill during the first minute. */
const WARM_UP_SECONDS = 60;
/**
 * The working set the load cycles through: every instrument and event is visited within the
 * warm-up, so bounded caches (client, simulator) are full by then and any later growth of
 * anonymous memory is a leak, not a cache filling.
 */
const INSTRUMENTS = 48;
const EVENTS = 40;

interface Call {
  channel: string;
  arg?: unknown;
}
type Bridge = (call: Call) => Promise<{ ok: boolean; result?: unknown; error?: { code: string } }>;

/** What the load works on, found through the bridge the way the app finds it. */
interface Workload {
  instruments: { Uic: number; AssetType: string }[];
  optionRootId: number;
  continuousFuturesUic: number;
  eventIds: string[];
}

interface SummaryPage {
  Data: { Identifier: number; AssetType: string }[];
}

async function findWorkload(bridge: Bridge): Promise<Workload> {
  const search = async (arg: Record<string, unknown>) => {
    const answer = await bridge({ channel: 'instruments:search', arg });
    const page = answer.result as SummaryPage | undefined;
    if (!answer.ok || !page?.Data.length) throw new Error(`soak: search ${JSON.stringify(arg)} found nothing (${answer.error?.code ?? 'empty'})`);
    return page.Data;
  };
  const found = await search({ Keywords: 'a', AssetTypes: ['Stock', 'Etf', 'Bond', 'FxSpot', 'CfdOnStock'], $top: 1000 });
  // Spread over the result, so every asset type asked for is in the set.
  const step = Math.max(1, Math.floor(found.length / INSTRUMENTS));
  const instruments = found
    .filter((_, index) => index % step === 0)
    .slice(0, INSTRUMENTS)
    .map((entry) => ({ Uic: entry.Identifier, AssetType: entry.AssetType }));
  const [root] = await search({ Keywords: 'SPX', AssetTypes: ['StockIndexOption'] });
  const [futures] = await search({ Keywords: 'ES', AssetTypes: ['ContractFutures'], ExchangeId: 'CME' });
  const events = await bridge({ channel: 'corporateActions:events', arg: { $top: EVENTS } });
  const eventIds = ((events.result as { Data?: { EventId: string }[] } | undefined)?.Data ?? []).map((event) => event.EventId);
  if (eventIds.length === 0) throw new Error('soak: the corporate events inbox is empty');
  return { instruments, optionRootId: root!.Identifier, continuousFuturesUic: futures!.Identifier, eventIds };
}

/** Prefixes typed into instrument search, one keystroke at a time. */
const TYPED = ['a', 'ap', 'app', 'appl', 'mic', 'micr', 'bank', 'eur', 'eurus', 'sie', 'vol', 'gold', 'ftse', 'nestl'];

/** Calls in one round of the mixed load (the length of the list in callAt). */
const CALLS_PER_ROUND = 14;

/** The `index`-th call of the mixed load: each workspace in turn, each round another item. */
function callAt(index: number, work: Workload): Call {
  const round = Math.floor(index / CALLS_PER_ROUND);
  const instrument = work.instruments[round % work.instruments.length]!;
  const eventId = work.eventIds[round % work.eventIds.length]!;
  const calls: Call[] = [
    { channel: 'instruments:search', arg: { Keywords: TYPED[round % TYPED.length], $top: 20 } },
    { channel: 'instruments:details', arg: { ...instrument, refresh: true } },
    { channel: 'instruments:details', arg: { ...instrument, FieldGroups: ['OrderSetting', 'TradingSessions'], refresh: true } },
    { channel: 'instruments:optionSpace', arg: { OptionRootId: work.optionRootId, OptionSpaceSegment: 'DefaultDates' } },
    { channel: 'instruments:futuresSpace', arg: { ContinuousFuturesUic: work.continuousFuturesUic } },
    { channel: 'instruments:tradingSchedule', arg: instrument },
    { channel: ['reference:countries', 'reference:timeZones', 'reference:currencyPairs'][round % 3]!, arg: { refresh: true } },
    { channel: 'corporateActions:events', arg: { $top: 50, $skip: (round % 4) * 50 } },
    // As the inbox opens a listed event: in any state (the list shows cancelled ones too).
    { channel: 'corporateActions:event', arg: { EventId: eventId, EventStates: [...eventStates] } },
    { channel: 'corporateActions:reviewStates', arg: { eventIds: work.eventIds.slice(0, 50) } },
    { channel: 'corporateActions:setRead', arg: { eventId, read: round % 2 === 0 } },
    { channel: 'apps:list', arg: { $top: 20, $skip: 0 } },
    { channel: 'session:state' },
    { channel: 'settings:get' },
  ];
  if (calls.length !== CALLS_PER_ROUND) throw new Error(`soak: a round has ${calls.length} calls, not ${CALLS_PER_ROUND}`);
  return calls[index % CALLS_PER_ROUND]!;
}

/** Signs in through the login page in headless Chromium; returns the shell's session cookie header. */
async function signInWithBrowser(ready: ShellReady): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    await signInThroughLoginPage(await context.newPage(), ready);
    const cookies = await context.cookies(ready.origin);
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

/** Runs the soak for `seconds` (default 300) and returns calls, errors and the memory trend. */
export async function benchSoak(options: { seconds: number } = { seconds: 300 }): Promise<Record<string, unknown>> {
  const seconds = options.seconds;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-soak-'));
  const shell = await startReadyProcess<ShellReady>(process.execPath, ['out/main/web.js', '--no-open'], {
    env: { REFDESK_DATA_DIR: dataDir, REFDESK_CACHE_DIR: path.join(tmpdir(), 'refdesk-e2e-universe-cache') },
    timeoutMs: 90_000,
  });
  const pid = shell.child.pid ?? 0;
  try {
    const cookie = await signInWithBrowser(shell.ready);
    const headers = { 'content-type': 'application/json', cookie, origin: shell.ready.origin, [BRIDGE_HEADER]: '1' };
    const bridge: Bridge = async (call) => {
      const response = await fetch(`${shell.ready.origin}/__desk/invoke/${encodeURIComponent(call.channel)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(call.arg === undefined ? {} : { arg: call.arg }),
      });
      const answer = (await response.json()) as Awaited<ReturnType<Bridge>>;
      return response.ok ? answer : { ...answer, ok: false };
    };
    const work = await findWorkload(bridge);
    const errors: Record<string, number> = {};
    let calls = 0;
    const deadline = Date.now() + seconds * 1000;

    const worker = async (offset: number) => {
      for (let index = offset; Date.now() < deadline; index += WORKERS) {
        const call = callAt(index, work);
        calls += 1;
        try {
          const answer = await bridge(call);
          if (!answer.ok) {
            const key = `${call.channel} ${answer.error?.code ?? 'refused'}`;
            errors[key] = (errors[key] ?? 0) + 1;
          }
        } catch (error) {
          const key = `${call.channel} ${error instanceof Error ? error.message : String(error)}`;
          errors[key] = (errors[key] ?? 0) + 1;
        }
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    };

    const samples: MemorySample[] = [];
    const started = Date.now();
    const sample = async () => samples.push(await sampleMemory(pid, Math.round((Date.now() - started) / 100) / 10));
    await sample();
    const sampler = setInterval(() => void sample(), SAMPLE_EVERY_MS);
    await Promise.all(Array.from({ length: WORKERS }, (_, offset) => worker(offset)));
    clearInterval(sampler);
    await sample();

    const errorResponses = Object.values(errors).reduce((sum, count) => sum + count, 0);
    const first = samples[0]!;
    const last = samples.at(-1)!;
    const trend = memoryTrend(samples, Math.min(WARM_UP_SECONDS, seconds / 4));
    const figures = {
      benchmark: 'soak',
      seconds,
      workers: WORKERS,
      calls,
      callsPerSecond: Math.round((calls / seconds) * 10) / 10,
      errorResponses,
      errors,
      startRssMb: first.rssMb,
      endRssMb: last.rssMb,
      peakRssMb: Math.max(...samples.map((entry) => entry.rssMb)),
      startAnonMb: first.anonMb,
      endAnonMb: last.anonMb,
      startFileMb: first.fileMb,
      endFileMb: last.fileMb,
      ...trend,
      sampleEverySeconds: SAMPLE_EVERY_MS / 1000,
      anonSamplesMb: samples.map((entry) => entry.anonMb).join(' '),
      rssSamplesMb: samples.map((entry) => entry.rssMb).join(' '),
    };
    console.log(
      `soak: ${calls} calls in ${seconds} s (${figures.callsPerSecond}/s), ${errorResponses} error responses; ` +
        `shell RSS ${first.rssMb} → ${last.rssMb} MB (anonymous ${first.anonMb} → ${last.anonMb}, file-backed ${first.fileMb} → ${last.fileMb}); ` +
        `after ${trend.warmUpSeconds} s warm-up anonymous ${trend.steadyStartAnonMb} → ${trend.steadyEndAnonMb} MB ` +
        `(${trend.steadyAnonGrowthMb} MB, ${trend.steadyAnonSlopeMbPerMinute} MB/min): ${trend.flat ? 'flat' : 'GROWING'}`,
    );
    return figures;
  } finally {
    await shell.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
