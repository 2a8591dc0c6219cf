import { describe, expect, it } from 'vitest';
import { memoryTrend, slope, type MemorySample } from '../../bench/memoryTrend';

/** Samples every 5 s for `seconds`, anonymous memory from `anonAt`. */
function samples(seconds: number, anonAt: (t: number) => number): MemorySample[] {
  const list: MemorySample[] = [];
  for (let t = 0; t <= seconds; t += 5) list.push({ atSeconds: t, rssMb: anonAt(t) + 80, anonMb: anonAt(t), fileMb: 80 });
  return list;
}

describe('soak memory trend', () => {
  it('calls a garbage-collection sawtooth after warm-up flat, whatever the warm-up grew', () => {
    const trend = memoryTrend(samples(300, (t) => (t < 60 ? 60 + t : 120 + ((t / 5) % 4) * 3)), 60);
    expect(trend.flat).toBe(true);
    expect(Math.abs(trend.steadyAnonGrowthMb)).toBeLessThan(6);
  });

  it('calls steady growth after warm-up growing and reports its rate', () => {
    const trend = memoryTrend(samples(300, (t) => 100 + t * 0.1), 60);
    expect(trend.flat).toBe(false);
    expect(trend.steadyAnonSlopeMbPerMinute).toBeCloseTo(6, 5);
    expect(trend.steadyAnonGrowthMb).toBeGreaterThan(15);
  });

  it('fits a least-squares slope', () => {
    expect(slope([0, 1, 2, 3], [1, 3, 5, 7])).toBe(2);
    expect(slope([1], [5])).toBe(0);
  });
});
