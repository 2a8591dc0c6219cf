/**
 * Is a process's memory flat? Samples of /proc/<pid>/status taken during a soak, and the trend
 * of the steady phase after a warm-up. Anonymous memory (RssAnon: the JS heap, malloc) is what
 * a leak grows; file-backed pages (RssFile: code, the memory-mapped universe) grow as more of
 * the universe is read and are given back by the kernel under pressure, so they are reported
 * but not judged.
 */
import { readFile } from 'node:fs/promises';

export interface MemorySample {
  atSeconds: number;
  rssMb: number;
  anonMb: number;
  fileMb: number;
}

const megabytes = (kilobytes: number) => Math.round((kilobytes / 1024) * 10) / 10;

/** One sample of `pid`'s resident memory, `atSeconds` into the run. */
export async function sampleMemory(pid: number, atSeconds: number): Promise<MemorySample> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { atSeconds, rssMb: megabytes(field('VmRSS')), anonMb: megabytes(field('RssAnon')), fileMb: megabytes(field('RssFile')) };
}

/** Least-squares slope of `values` over `times`, per unit of time. */
export function slope(times: readonly number[], values: readonly number[]): number {
  const n = times.length;
  if (n < 2) return 0;
  const meanT = times.reduce((sum, t) => sum + t, 0) / n;
  const meanV = values.reduce((sum, v) => sum + v, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (let index = 0; index < n; index++) {
    covariance += (times[index]! - meanT) * (values[index]! - meanV);
    variance += (times[index]! - meanT) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

/**
 * The trend after `warmUpSeconds`: growth of anonymous memory between the means of the first
 * and last quarter of the steady samples (means, because garbage collection saws), its
 * least-squares slope in MB per minute, and whether it is flat: growth within `toleranceRatio`
 * of where the steady phase started.
 */
export function memoryTrend(samples: readonly MemorySample[], warmUpSeconds: number, toleranceRatio = 0.05) {
  const steady = samples.filter((sample) => sample.atSeconds >= warmUpSeconds);
  const quarter = Math.max(1, Math.floor(steady.length / 4));
  const startAnon = mean(steady.slice(0, quarter).map((sample) => sample.anonMb));
  const endAnon = mean(steady.slice(-quarter).map((sample) => sample.anonMb));
  const anonSlopePerMinute = slope(
    steady.map((sample) => sample.atSeconds / 60),
    steady.map((sample) => sample.anonMb),
  );
  const growth = endAnon - startAnon;
  return {
    warmUpSeconds,
    steadySamples: steady.length,
    steadyStartAnonMb: round1(startAnon),
    steadyEndAnonMb: round1(endAnon),
    steadyAnonGrowthMb: round1(growth),
    steadyAnonSlopeMbPerMinute: Math.round(anonSlopePerMinute * 100) / 100,
    toleranceMb: round1(startAnon * toleranceRatio),
    flat: steady.length >= 4 && growth <= startAnon * toleranceRatio,
  };
}
