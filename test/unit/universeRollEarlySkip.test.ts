/**
 * A start whose day a universe file holds already (a warm start, or a new day prepared the day
 * before) starts no roll worker: its start cost the other core 60 ms beside the page's load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openUniverse } from '../../main/simulator/data/universe';
import type * as Lanes from '../../main/simulator/data/universeLanes';
import { startUniverseRoll } from '../../main/simulator/data/universeRollEarly';

const started = vi.hoisted(() => ({ workers: 0 }));
vi.mock('../../main/simulator/data/universeLanes', async (original) => {
  const lanes = await original<typeof Lanes>();
  return {
    ...lanes,
    startUniverseWorker: (...args: Parameters<typeof lanes.startUniverseWorker>) => {
      started.workers++;
      return lanes.startUniverseWorker(...args);
    },
  };
});

describe('the early roll of a day already held', () => {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'refdesk-early-skip-'));
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('starts no worker for a held day, and one for another day', async () => {
    openUniverse({
      seed: 6,
      scale: 'small',
      cacheDir,
      steps: [],
      asOf: new Date('2026-11-23T00:00:00Z'),
    }).close();
    const held = startUniverseRoll({ cacheDir, scale: 'small', seed: 6, asOf: '2026-11-23' });
    expect(await held.result).toBeUndefined();
    expect(await held.generationDue).toBe(false);
    expect(started.workers).toBe(0);

    // (The stepless universe cannot be rolled by the worker's steps: only its start is counted.)
    const other = startUniverseRoll({ cacheDir, scale: 'small', seed: 6, asOf: '2026-11-24' });
    await other.result;
    other.release();
    expect(started.workers).toBe(1);
  });
});
