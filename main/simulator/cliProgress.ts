/**
 * The simulator CLI's progress display of a universe generation or roll, on stderr: on a
 * terminal one line redrawn in place (a bar, the step, the time left); elsewhere (`--progress`
 * into a log) one line per step, so a log stays readable.
 */
import type { UniverseProgress } from './data/universe';

const BAR_WIDTH = 24;

/** `12 s`, `1 min 05 s`. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** One line describing `progress`, with a bar when `bar` is set. */
export function progressLine(progress: UniverseProgress, bar: boolean): string {
  const percent = Math.floor(progress.fraction * 100);
  const filled = Math.round(progress.fraction * BAR_WIDTH);
  const what = progress.kind === 'generate' ? 'Generating the universe' : 'Rolling the universe to its day';
  const head = bar ? `${what} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}%` : `${what}: ${percent}%`;
  if (progress.done) return `${head}, done in ${formatDuration(progress.elapsedMs)}`;
  const left = progress.remainingMs !== undefined ? `, about ${formatDuration(progress.remainingMs)} left` : '';
  return `${head}  step ${progress.stepIndex}/${progress.stepCount} ${progress.step}  ${formatDuration(progress.elapsedMs)}${left}`;
}

/** A stream the display writes to: stderr, or a fake in tests. */
export interface ProgressOutput {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** A progress listener drawing on `output`: redrawn in place on a terminal, a line per step elsewhere. */
export function progressDisplay(output: ProgressOutput): (progress: UniverseProgress) => void {
  let lastStep = -1;
  return (progress) => {
    if (output.isTTY) {
      const line = progressLine(progress, true).slice(0, Math.max(20, (output.columns ?? 100) - 1));
      output.write(`\r\x1b[2K${line}${progress.done ? '\n' : ''}`);
      return;
    }
    if (progress.done || progress.stepIndex !== lastStep) {
      lastStep = progress.stepIndex;
      output.write(`${progressLine(progress, false)}\n`);
    }
  };
}
