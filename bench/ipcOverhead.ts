/**
 * What the bridge costs: the same read (the time-zone list, cache bypassed so every call goes
 * to the service) made directly over HTTP to the simulator, and through the web shell's bridge
 * (HTTP to the shell, dispatcher, zod parse, API client, HTTP to the simulator, and back).
 * Calls alternate between the two so both see the same machine load. Both sides are called
 * with the same keep-alive node:http client, standing in for the page's native network stack
 * (Node's WHATWG fetch alone costs about half a millisecond more per call than a browser's).
 * Target: under 1 ms added at p50.
 */
import http from 'node:http';
import { createServiceClient } from '../main/core/services';
import { startBridgedShell } from '../test/support/bridgedShell';
import { startTestSimulator } from '../test/support/testSimulator';

const WARMUP_CALLS = 50;
const MEASURED_CALLS = 400;
const TARGET_ADDED_P50_MS = 1;

function percentile(sortedMs: number[], p: number): number {
  const index = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[index] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

const agent = new http.Agent({ keepAlive: true });

/** One request over the keep-alive agent; resolves with status and body text. */
function request(url: string, init: { method?: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = http.request(
      url,
      { agent, method: init.method ?? 'GET', headers: init.headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await call();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Measures direct and bridged calls; prints and returns p50/p99 of each and the overhead added. */
export async function benchIpcOverhead(): Promise<Record<string, unknown>> {
  const sim = await startTestSimulator();
  const token = await sim.accessToken('demo');
  const services = createServiceClient({
    baseUrl: sim.baseUrl,
    auth: { accessToken: () => token, reauthenticate: async () => false },
  });
  const bridge = await startBridgedShell(services);
  try {
    const direct = async () => {
      const response = await request(`${sim.baseUrl}/ref/v1/timezones`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) throw new Error(`direct call answered ${response.status}`);
      return JSON.parse(response.text) as unknown;
    };
    const bridged = async () => {
      const response = await request(`${bridge.shell.origin}/__desk/invoke/reference:timeZones`, {
        method: 'POST',
        headers: { ...bridge.pageHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ arg: { refresh: true } }),
      });
      const answer = JSON.parse(response.text) as { ok: boolean; error?: { code: string } };
      if (!answer.ok) throw new Error(`bridged call failed: ${answer.error?.code}`);
      return answer;
    };
    for (let i = 0; i < WARMUP_CALLS; i += 1) {
      await direct();
      await bridged();
    }
    const directMs: number[] = [];
    const bridgedMs: number[] = [];
    for (let i = 0; i < MEASURED_CALLS; i += 1) {
      directMs.push(await timed(direct));
      bridgedMs.push(await timed(bridged));
    }
    directMs.sort((a, b) => a - b);
    bridgedMs.sort((a, b) => a - b);
    const addedP50 = percentile(bridgedMs, 50) - percentile(directMs, 50);
    const figures = {
      benchmark: 'ipcOverhead',
      endpoint: 'GET /ref/v1/timezones (reference:timeZones, refresh)',
      calls: MEASURED_CALLS,
      directP50Ms: round(percentile(directMs, 50)),
      directP99Ms: round(percentile(directMs, 99)),
      bridgedP50Ms: round(percentile(bridgedMs, 50)),
      bridgedP99Ms: round(percentile(bridgedMs, 99)),
      addedP50Ms: round(addedP50),
      addedP99Ms: round(percentile(bridgedMs, 99) - percentile(directMs, 99)),
      targetAddedP50Ms: TARGET_ADDED_P50_MS,
      withinTarget: addedP50 < TARGET_ADDED_P50_MS,
    };
    console.log(
      `ipcOverhead: direct p50 ${figures.directP50Ms} ms / p99 ${figures.directP99Ms} ms; ` +
        `bridged p50 ${figures.bridgedP50Ms} ms / p99 ${figures.bridgedP99Ms} ms; ` +
        `added p50 ${figures.addedP50Ms} ms (target < ${TARGET_ADDED_P50_MS} ms: ${figures.withinTarget ? 'met' : 'missed'})`,
    );
    return figures;
  } finally {
    agent.destroy();
    await bridge.close();
    await sim.close();
  }
}
