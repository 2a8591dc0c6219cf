/**
 * Progress of a universe generation or roll for the people waiting on it: the step running,
 * the share of the expected work done (steps weighted by their usual duration at the scale),
 * and an estimate of the time left. Steps may run side by side (the book in a worker while the
 * main thread finishes the reference data): each step's own share done is tracked.
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

export class ProgressTracker {
  private readonly weights: number[];
  private readonly total: number;
  private readonly shares: number[];
  private readonly started = performance.now();
  private lastReport = 0;
  private current = 0;

  constructor(
    private readonly kind: UniverseProgress['kind'],
    private readonly steps: readonly GenerationStep[],
    scale: Scale,
    private readonly listener: ProgressListener | undefined,
  ) {
    // Steps without a measured duration count as a small one.
    this.weights = steps.map((step) => step.expectedMs?.[scale] ?? step.expectedMs?.default ?? 50);
    this.total = this.weights.reduce((sum, weight) => sum + weight, 0) || 1;
    this.shares = steps.map(() => 0);
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
    this.report(true, true);
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
    this.listener({
      kind: this.kind,
      step: this.steps[this.current]?.name ?? '',
      stepIndex: Math.min(finished + 1, this.steps.length),
      stepCount: this.steps.length,
      fraction: done ? 1 : fraction,
      elapsedMs: Math.round(elapsedMs),
      ...(fraction >= ESTIMATE_FROM && !done
        ? { remainingMs: Math.round((elapsedMs * (1 - fraction)) / fraction) }
        : {}),
      done,
    });
  }
}
