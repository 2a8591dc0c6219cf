/**
 * The time left of a generation: with steps in a worker beside the main thread's, it is the
 * time left of the lane with the most left, each lane judged by the pace it has kept, the main
 * thread's lane ending with the join of the worker's tables.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerationStep } from '../../main/simulator/data/universe';
import { ProgressTracker, type UniverseProgress } from '../../main/simulator/data/universeProgress';

const step = (name: string, expectedMs: number): GenerationStep => ({
  name,
  run: () => undefined,
  expectedMs: { small: expectedMs },
});

describe('the time left of a generation', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => vi.useRealTimers());

  const reference = step('reference', 1000);
  const events = step('events', 3000);

  function trackerOf(parallel: GenerationStep[]) {
    const reports: UniverseProgress[] = [];
    const tracker = new ProgressTracker(
      'generate',
      [reference, events],
      'small',
      (p) => reports.push(p),
      parallel,
    );
    return { tracker, last: () => reports.at(-1)! };
  }

  it('is the slower lane’s: the worker a tenth through its work after a second has nine seconds left', () => {
    const { tracker, last } = trackerOf([events]);
    vi.advanceTimersByTime(1000);
    tracker.completeStep(0);
    tracker.advance(1, 300, 3000);
    tracker.startStep(1);
    // One lane of 4 s of work would say about 2 s: the share done of both lanes together.
    expect(last().remainingMs).toBe(9000);
    expect(last().fraction).toBeCloseTo(1300 / 4000);
  });

  it('keeps the join of the worker’s tables in the main thread’s lane until it is done', () => {
    const { tracker, last } = trackerOf([events]);
    vi.advanceTimersByTime(4000);
    tracker.completeStep(1);
    tracker.completeStep(0);
    tracker.startStep(1);
    // The join is 16% of the worker's expected work: 480 of the main lane's 1480.
    expect(last().remainingMs).toBe(Math.round((4000 * 480) / 1000));
    tracker.completeJoin();
    tracker.startStep(1);
    expect(last().remainingMs).toBe(0);
  });

  it('is the share left at the pace so far when every step runs in one lane', () => {
    const { tracker, last } = trackerOf([]);
    vi.advanceTimersByTime(1000);
    tracker.completeStep(0);
    tracker.startStep(1);
    expect(last().remainingMs).toBe(3000);
  });
});
