/**
 * Progress of a universe generation or roll for the people waiting on it: the step running,
 * the share of the expected work done (steps weighted by their usual duration at the scale),
 * and an estimate of the time left. Steps may run side by side (the accounts in a worker while the
 * main thread finishes the reference data): each step's own share done is tracked, and the time
 * left is that of the lane with the most left, each lane's pace measured on its own.
 */
import type { GenerationStep, Scale } from './universe';

/** How far a generation or a roll has got. */
export interface UniverseProgress {
  /** `generate`: building the universe afresh; `roll`: moving a cached universe to another day. */
  kind: 'generate' | 'roll';
  /** The step running (its name). */
  step: string;
  /** 1-based number of the step running: the steps finished so far, plus one. */
  stepIndex: number;
  stepCount: number;
  /** Share of the whole work done, 0 to 1, weighted by the steps' expected durations. */
  fraction: number;
  elapsedMs: number;
  /** Expected time left, once enough is done to estimate it. */
  remainingMs?: number;
  /** True on the last report, when the work is complete. */
  done: boolean;
}

export type ProgressListener = (progress: UniverseProgress) => void;

/** Reports at most this often (ms), apart from step changes and the end. */
const REPORT_INTERVAL_MS = 100;
/** Below this share done, a time estimate would be guesswork. */
const ESTIMATE_FROM = 0.03;
/**
 * Joining the worker's tables to the universe (and their statistics), as a share of the
 * worker's expected work: the main thread's last part, which no step measures (3.5 s after
 * 21 s of work at the large scale).
 */
const JOIN_SHARE = 0.16;

/**
 * Counts a step's units of work, telling `advance` every `every`-th and the last: a few reports
 * a second at the large scale, without a call per unit.
 */
export function progressCounter(
  advance: (done: number, total: number) => void,
  total: number,
  every = 5_000,
): () => void {
  let done = 0;
  return () => {
    if (++done % every === 0 || done === total) advance(done, total);
  };
}

export class ProgressTracker {
  private readonly weights: number[];
  private readonly total: number;
  private readonly shares: number[];
  private readonly started = performance.now();
  private lastReport = 0;
  private current = 0;
  /** The steps of each lane (one lane unless some run in a worker). */
  private readonly lanes: number[][];
  /** Expected work of the join, and whether it is done (main thread's lane). */
  private readonly joinWeight: number;
  private joined = false;

  /** `parallel`: the steps that run in a worker beside the others, joined at the end. */
  constructor(
    private readonly kind: UniverseProgress['kind'],
    private readonly steps: readonly GenerationStep[],
    scale: Scale,
    private readonly listener: ProgressListener | undefined,
    parallel: readonly GenerationStep[] = [],
  ) {
    // Steps without a measured duration count as a small one.
    this.weights = steps.map((step) => step.expectedMs?.[scale] ?? step.expectedMs?.default ?? 50);
    this.total = this.weights.reduce((sum, weight) => sum + weight, 0) || 1;
    this.shares = steps.map(() => 0);
    const indexes = steps.map((_, index) => index);
    const inWorker = (index: number) => parallel.includes(steps[index]!);
    this.lanes =
      parallel.length > 0 ? [indexes.filter((i) => !inWorker(i)), indexes.filter(inWorker)] : [indexes];
    this.joinWeight =
      parallel.length > 0 ? JOIN_SHARE * this.lanes[1]!.reduce((sum, i) => sum + this.weights[i]!, 0) : 0;
  }

  /** The worker's tables have joined the universe. */
  completeJoin(): void {
    this.joined = true;
    this.report(false);
  }

  /** The step shown as running is the one at `index`. */
  startStep(index: number): void {
    this.current = index;
    this.report(true);
  }

  /** The step at `index` has done `done` of `total` units of its work. */
  advance(index: number, done: number, total: number): void {
    this.shares[index] = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
    this.report(false);
  }

  /** The step at `index` is complete. */
  completeStep(index: number): void {
    this.shares[index] = 1;
    this.report(false);
  }

  finish(): void {
    this.shares.fill(1);
    this.joined = true;
    this.report(true, true);
  }

  /**
   * Time left: for each lane, its work left at the pace it has kept so far; the most of them
   * (a lane with too little done to judge is left out until it has).
   */
  private remainingMs(elapsedMs: number): number | undefined {
    let remaining: number | undefined;
    this.lanes.forEach((lane, index) => {
      const join = index === 0 ? this.joinWeight : 0;
      const total = lane.reduce((sum, i) => sum + this.weights[i]!, 0) + join;
      const done =
        lane.reduce((sum, i) => sum + this.weights[i]! * this.shares[i]!, 0) + (this.joined ? join : 0);
      if (total === 0 || done / total < ESTIMATE_FROM) return;
      const left = (elapsedMs * (total - done)) / done;
      remaining = Math.max(remaining ?? 0, left);
    });
    return remaining;
  }

  private report(force: boolean, done = false): void {
    if (!this.listener) return;
    const now = performance.now();
    if (!force && now - this.lastReport < REPORT_INTERVAL_MS) return;
    this.lastReport = now;
    const fraction = Math.min(
      1,
      this.weights.reduce((sum, weight, index) => sum + weight * this.shares[index]!, 0) / this.total,
    );
    const elapsedMs = now - this.started;
    const finished = this.shares.filter((share) => share === 1).length;
    const remainingMs = done ? undefined : this.remainingMs(elapsedMs);
    this.listener({
      kind: this.kind,
      step: this.steps[this.current]?.name ?? '',
      stepIndex: Math.min(finished + 1, this.steps.length),
      stepCount: this.steps.length,
      fraction: done ? 1 : fraction,
      elapsedMs: Math.round(elapsedMs),
      ...(remainingMs !== undefined ? { remainingMs: Math.round(remainingMs) } : {}),
      done,
    });
  }
}
