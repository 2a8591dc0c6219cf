/**
 * Where a start's time goes after READY, from the page's side: with REFDESK_STARTUP_TRACE=1 the
 * startup bench prints, per start, the page's navigation, each script and stylesheet, each bridge
 * call (`/__desk/invoke/<channel>`) and the first paints, as milliseconds from the spawn (the page's
 * clock and the bench's are both wall clocks: `performance.timeOrigin` is epoch milliseconds). For
 * finding what to cut, not for the figures: reading the entries costs nothing the start pays for.
 * With REFDESK_STARTUP_CPU_PROFILE=<folder> each start's Node processes also write their main
 * thread's V8 CPU profile there (cpuProfilePreload.mjs; open them in Chromium's DevTools); those
 * do cost the start time.
 */
import type { Page } from '@playwright/test';

interface PageEntry {
  name: string;
  type: string;
  startMs: number;
  endMs: number;
  transferBytes: number;
}

/** The page's performance entries, start and end as epoch milliseconds. */
function pageEntries(page: Page): Promise<PageEntry[]> {
  return page.evaluate(() =>
    performance.getEntries().map((entry) => {
      const resource = entry as PerformanceResourceTiming;
      return {
        name: entry.name,
        type: entry.entryType,
        startMs: performance.timeOrigin + entry.startTime,
        endMs: performance.timeOrigin + entry.startTime + entry.duration,
        transferBytes: resource.transferSize ?? 0,
      };
    }),
  );
}

function shortName(entry: PageEntry): string {
  if (entry.type === 'paint' || entry.type === 'mark' || entry.type === 'measure') return entry.name;
  try {
    const url = new URL(entry.name);
    return `${url.pathname}${url.search.length > 40 ? '' : url.search}`;
  } catch {
    return entry.name;
  }
}

/** Prints the page's entries of one start, from `spawnedAtEpochMs`. */
export async function printStartTrace(page: Page, spawnedAtEpochMs: number, label: string): Promise<void> {
  if (!process.env.REFDESK_STARTUP_TRACE) return;
  const entries = (await pageEntries(page)).sort((a, b) => a.startMs - b.startMs);
  console.log(`trace of ${label}, ms from the spawn:`);
  for (const entry of entries) {
    const start = Math.round(entry.startMs - spawnedAtEpochMs);
    const end = Math.round(entry.endMs - spawnedAtEpochMs);
    const size = entry.transferBytes ? ` ${Math.round(entry.transferBytes / 1024)} kB` : '';
    console.log(`  ${String(start).padStart(5)} → ${String(end).padStart(5)}  ${entry.type.padEnd(10)} ${shortName(entry)}${size}`);
  }
}

/** The environment that makes a start's Node threads write CPU profiles, when asked for. */
export function cpuProfileEnv(): NodeJS.ProcessEnv {
  const folder = process.env.REFDESK_STARTUP_CPU_PROFILE;
  const preload = new URL('./cpuProfilePreload.mjs', import.meta.url).href;
  return folder ? { NODE_OPTIONS: `--import=${preload}` } : {};
}

/**
 * With REFDESK_STARTUP_CPU_PROFILE=<folder>, the page's JavaScript is profiled too (Chrome
 * DevTools Protocol, from before the navigation): the returned function writes
 * `page-<label>.cpuprofile` there. Without the variable it does nothing.
 */
export async function startPageProfile(page: Page, label: string): Promise<() => Promise<void>> {
  const folder = process.env.REFDESK_STARTUP_CPU_PROFILE;
  if (!folder) return async () => {};
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 500 });
  await session.send('Profiler.start');
  return async () => {
    const { profile } = await session.send('Profiler.stop');
    const { writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    writeFileSync(path.join(folder, `page-${label}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    await session.detach();
  };
}
