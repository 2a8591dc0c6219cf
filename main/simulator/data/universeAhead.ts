/**
 * The next weekday's universe, prepared the day before. The first start of a new day rolled the
 * cached universe before READY: 0.3 s alone at the default scale, 0.6-0.75 s of READY on two
 * cores shared with the page's load (startup bench, 2026-11-29). Prepared ahead, that start finds
 * its day's universe made (universe.ts chooses the file that holds the day) and opens it as a
 * warm start does. A copy of the file the simulator serves (SQLite's backup: 0.37 s for the
 * default scale's 190 MB) is rolled to the next weekday in a worker thread and published as the
 * next generation (universeAheadWorker.ts, universeCache.ts).
 *
 * When: a while after READY, once the first screen has long been served; and, when the simulator
 * stops before that after a start that was a new day's (so tomorrow's will be one too), as it
 * stops, within a deadline. Not for universes over AHEAD_MAX_BYTES: a large universe's copy
 * costs about what its roll saves, and doubles its disk space.
 */
import { rmSync, statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { Scale } from './universeChoice';
import { startUniverseWorker } from './universeLanes';
import type { UniverseAheadAnswer, UniverseAheadWork } from './universeAheadWorker';

/** Above this size a universe is rolled at the start, not prepared ahead. */
export const AHEAD_MAX_BYTES = 512 * 1024 * 1024;
/** How long after READY a running simulator prepares the next day. */
export const AHEAD_AFTER_MS = 60_000;
/** How long a stopping simulator waits for the preparation before giving it up. */
export const AHEAD_STOP_DEADLINE_MS = 8_000;

/** The weekday after `day` (yyyy-mm-dd): Friday's is Monday. Trading days are weekdays; a holiday is a day like another. */
export function nextWeekday(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  do next.setUTCDate(next.getUTCDate() + 1);
  while (next.getUTCDay() === 0 || next.getUTCDay() === 6);
  return next.toISOString().slice(0, 10);
}

/** The universe a simulator serves, and whether its start was a new day's (it rolled, or found a prepared roll). */
export interface ServedUniverse {
  cacheDir: string;
  scale: Scale;
  seed: number;
  file: string;
  /** yyyy-mm-dd */
  day: string;
  newDay: boolean;
}

/** What a preparation came to; `skipped` when there was none to make (the universe is too large). */
export type AheadOutcome = UniverseAheadAnswer | { type: 'skipped'; reason: string } | { type: 'stopped' };

/** The next weekday's universe of one running simulator, prepared once. */
export class UniverseAhead {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: { worker: Worker; partial: string } | undefined;
  private outcome: Promise<AheadOutcome> | undefined;

  constructor(private readonly served: ServedUniverse) {}

  /** Prepares the next day `afterMs` from now, unless it has been by then. */
  later(afterMs = AHEAD_AFTER_MS): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.start(), afterMs).unref();
  }

  /** Starts the preparation (once); resolves with what it came to, never rejects. */
  start(): Promise<AheadOutcome> {
    clearTimeout(this.timer);
    this.outcome ??= this.launch();
    return this.outcome;
  }

  /**
   * As the simulator stops (its universe closed): waits for a preparation under way, or makes
   * one after a new day's start, at most `deadlineMs`; then gives it up, leaving no file.
   */
  async finish(deadlineMs = AHEAD_STOP_DEADLINE_MS): Promise<AheadOutcome | undefined> {
    clearTimeout(this.timer);
    if (!this.outcome && !this.served.newDay) return undefined;
    const outcome = this.start();
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => (deadline = setTimeout(() => resolve('late'), deadlineMs)));
    const first = await Promise.race([outcome, late]);
    clearTimeout(deadline);
    if (first !== 'late') return first;
    await this.stop();
    return { type: 'stopped' };
  }

  /** Stops a preparation under way and deletes its temporary file. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    const running = this.running;
    if (!running) return;
    await running.worker.terminate();
    removePartial(running.partial);
  }

  private launch(): Promise<AheadOutcome> {
    const { cacheDir, scale, seed, file, day } = this.served;
    let bytes: number;
    try {
      bytes = statSync(file).size;
    } catch {
      return Promise.resolve({ type: 'skipped', reason: 'the universe file is gone' });
    }
    if (bytes > AHEAD_MAX_BYTES)
      return Promise.resolve({
        type: 'skipped',
        reason: `the universe is ${Math.round(bytes / 2 ** 20)} MB`,
      });
    const work: UniverseAheadWork = {
      cacheDir,
      scale,
      seed,
      source: file,
      day: nextWeekday(day),
      partial: `${file}.partial-${process.pid}-${Date.now()}`,
    };
    let worker: Worker;
    try {
      worker = startUniverseWorker('universe-ahead-worker.js', 'universeAheadWorker.ts', {
        workerData: work,
      });
    } catch (error) {
      return Promise.resolve({ type: 'failed', message: (error as Error).message });
    }
    // It must never keep the process running, nor take it down: without it, the next day rolls at its start.
    worker.unref();
    const outcome = new Promise<AheadOutcome>((resolve) => {
      worker.once('message', (answer: UniverseAheadAnswer) => resolve(answer));
      worker.once('error', (error) => resolve({ type: 'failed', message: error.message }));
      worker.once('exit', () => resolve({ type: 'stopped' }));
    }).then((answer) => {
      if (answer.type !== 'prepared' && answer.type !== 'present') removePartial(work.partial);
      return answer;
    });
    this.running = { worker, partial: work.partial };
    return outcome;
  }
}

/** Deletes a preparation's temporary file and what SQLite kept beside it. */
function removePartial(partial: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${partial}${suffix}`, { force: true });
}
