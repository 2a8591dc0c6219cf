/**
 * A simulator whose markets are open: its clock starts on a fixed weekday during New York's
 * trading hours and runs in real time, so quotes move and stream whatever day the tests run on.
 * Its universe (of that day) is cached in a folder of its own, so it never rolls the shared
 * test universe to another day.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatorFingerprint } from './generatorFingerprint';
import { startTestSimulator, type TestSimulator } from './testSimulator';
import type { SimulatorOptions } from '../../main/simulator/server';

/** Wednesday 2026-11-25, 10:00 in New York: US equities, Cboe, CME and FX all trading. */
export const MARKET_OPEN_INSTANT = Date.parse('2026-11-25T15:00:00Z');
export const MARKET_CACHE_DIR = path.join(tmpdir(), 'refdesk-test-market-cache', generatorFingerprint());

/** A clock that reads `start` now and runs on in real time. */
export function runningClockFrom(start: number): () => Date {
  const startedAt = Date.now();
  return () => new Date(start + (Date.now() - startedAt));
}

/** A small simulator whose clock starts at MARKET_OPEN_INSTANT (options may override it). */
export function startMarketSimulator(options: SimulatorOptions = {}): Promise<TestSimulator> {
  return startTestSimulator({
    cacheDir: MARKET_CACHE_DIR,
    clock: runningClockFrom(MARKET_OPEN_INSTANT),
    ...options,
  });
}
