/**
 * A bounded soak: the built web shell (`node out/main/web.js --no-open`) and its embedded
 * simulator under a steady mixed load through the bridge, loopback only, for a fixed time.
 * Signs in once by driving the simulator's login page in headless Chromium, then calls the
 * bridge from Node with the page's cookie and headers. Counts error responses and samples the
 * shell's resident memory (VmRSS) every few seconds; the figure to watch is the growth.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BRIDGE_HEADER } from '../preload/contract';
import { startReadyProcess } from '../test/support/simulatorProcess';

interface ShellReady {
  url: string;
  origin: string;
  simulator: { username: string; password: string };
}

const SAMPLE_EVERY_MS = 5_000;
const WORKERS = 2;
/**
 * Pause between a worker's calls. The embedded simulator limits a session to 1,200 requests a
 * minute per service group, like the platform; the soak stays under it (about 15 calls a
 * second in all) so any error it reports is a real one, not the limiter doing its job.
 */
const PAUSE_MS = 110;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'];

/** The mixed load: searches, cache-bypassing reference reads, corporate actions, session and settings reads. */
const CALLS: { channel: string; arg?: unknown }[] = [
  { channel: 'ref:searchInstruments', arg: { Keywords: 'a', $top: 20 } },
  { channel: 'ref:searchInstruments', arg: { Keywords: 'bank', $top: 50 } },
  { channel: 'ref:timeZones', arg: { refresh: true } },
  { channel: 'ref:countries', arg: { refresh: true } },
  { channel: 'ref:currencyPairs', arg: { refresh: true } },
  { channel: 'ca:events', arg: { $top: 20 } },
  { channel: 'session:state' },
  { channel: 'settings:get' },
];

async function rssMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round((kilobytes / 1024) * 10) / 10;
}

/** Signs in through the login page in headless Chromium; returns the shell's session cookie header. */
async function signInWithBrowser(ready: ShellReady): Promise<string> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(ready.url);
    const prompt = page.getByRole('dialog', { name: 'Sign in to RefDesk' });
    const popupEvent = page.waitForEvent('popup');
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    const login = await popupEvent;
    await login.getByLabel('User name').fill(ready.simulator.username);
    await login.getByLabel('Password').fill(ready.simulator.password);
    const closed = login.waitForEvent('close');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await closed;
    await prompt.waitFor({ state: 'hidden' });
    const cookies = await context.cookies(ready.origin);
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

/** Runs the soak for `seconds` (default 120) and returns calls, errors and the memory samples. */
export async function benchSoak(options: { seconds: number } = { seconds: 120 }): Promise<Record<string, unknown>> {
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
    const errors: Record<string, number> = {};
    let calls = 0;
    const deadline = Date.now() + seconds * 1000;

    const worker = async (offset: number) => {
      for (let index = offset; Date.now() < deadline; index += 1) {
        const call = CALLS[index % CALLS.length]!;
        calls += 1;
        try {
          const response = await fetch(`${shell.ready.origin}/__desk/invoke/${encodeURIComponent(call.channel)}`, {
            method: 'POST',
            headers,
            body: JSON.stringify(call.arg === undefined ? {} : { arg: call.arg }),
          });
          const answer = (await response.json()) as { ok: boolean; error?: { code: string } };
          if (!response.ok || !answer.ok) {
            const key = `${call.channel} ${answer.error?.code ?? response.status}`;
            errors[key] = (errors[key] ?? 0) + 1;
          }
        } catch (error) {
          const key = `${call.channel} ${error instanceof Error ? error.message : String(error)}`;
          errors[key] = (errors[key] ?? 0) + 1;
        }
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    };

    const samples: { atSeconds: number; rssMb: number }[] = [];
    const started = Date.now();
    const sample = async () => samples.push({ atSeconds: Math.round((Date.now() - started) / 100) / 10, rssMb: await rssMegabytes(pid) });
    await sample();
    const sampler = setInterval(() => void sample(), SAMPLE_EVERY_MS);
    await Promise.all(Array.from({ length: WORKERS }, (_, offset) => worker(offset)));
    clearInterval(sampler);
    await sample();

    const rss = samples.map((entry) => entry.rssMb);
    const errorResponses = Object.values(errors).reduce((sum, count) => sum + count, 0);
    const figures = {
      benchmark: 'soak',
      seconds,
      workers: WORKERS,
      calls,
      callsPerSecond: Math.round((calls / seconds) * 10) / 10,
      errorResponses,
      errors,
      startRssMb: rss[0],
      endRssMb: rss.at(-1),
      peakRssMb: Math.max(...rss),
      growthRssMb: Math.round(((rss.at(-1) ?? 0) - (rss[0] ?? 0)) * 10) / 10,
      sampleEverySeconds: SAMPLE_EVERY_MS / 1000,
      rssSamplesMb: rss.join(' '),
    };
    console.log(
      `soak: ${calls} calls in ${seconds} s (${figures.callsPerSecond}/s), ${errorResponses} error responses; ` +
        `shell RSS ${figures.startRssMb} → ${figures.endRssMb} MB (peak ${figures.peakRssMb}, growth ${figures.growthRssMb} MB)`,
    );
    return figures;
  } finally {
    await shell.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
