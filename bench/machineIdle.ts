/**
 * Waits for the machine to be idle before a timed start: a trader launches RefDesk on a machine
 * doing nothing much, not while the previous start's processes are still closing their stores or
 * the browser is still tearing down the last tab. The bench's own leftovers would otherwise be
 * timed as RefDesk's start (0.3–0.5 s of process start on 2 cores, measured 2026-11-29).
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Busy share of all cores below which the machine counts as idle. */
const IDLE_BELOW = 0.1;
const WINDOW_MS = 200;
const GIVE_UP_MS = 5_000;

/** All cores' busy and total jiffies since boot (the first line of /proc/stat). */
function cpuJiffies(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait are not work.
  const busy = total - fields[3]! - (fields[4] ?? 0);
  return { busy, total };
}

/**
 * Resolves once a WINDOW_MS window saw the cores less than IDLE_BELOW busy; after GIVE_UP_MS it
 * resolves anyway and answers the last window's busy share (so the report can say so).
 */
export async function machineIdle(): Promise<{ settled: boolean; busyShare: number; waitedMs: number }> {
  const started = performance.now();
  let busyShare = 1;
  while (performance.now() - started < GIVE_UP_MS) {
    const before = cpuJiffies();
    await sleep(WINDOW_MS);
    const after = cpuJiffies();
    busyShare = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busyShare < IDLE_BELOW) return { settled: true, busyShare, waitedMs: Math.round(performance.now() - started) };
  }
  return { settled: false, busyShare, waitedMs: Math.round(performance.now() - started) };
}

/** Resolves once no process of group `pgid` is left (SIGKILL to what is left after `graceMs`). */
export async function groupGone(pgid: number, graceMs = 10_000): Promise<void> {
  const started = performance.now();
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    if (performance.now() - started > graceMs) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        return;
      }
    }
    await sleep(20);
  }
}
