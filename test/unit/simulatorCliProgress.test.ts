/**
 * The simulator CLI's progress display: a bar redrawn in place on a terminal, one line per step
 * in a log, and time estimates in words.
 */
import { describe, expect, it } from 'vitest';
import { formatDuration, progressDisplay } from '../../main/simulator/cliProgress';
import type { UniverseProgress } from '../../main/simulator/data/universe';

const at = (
  stepIndex: number,
  fraction: number,
  extra: Partial<UniverseProgress> = {},
): UniverseProgress => ({
  kind: 'generate',
  step: `step-${stepIndex}`,
  stepIndex,
  stepCount: 3,
  fraction,
  elapsedMs: 12_000,
  done: false,
  ...extra,
});

describe('the CLI progress display', () => {
  it('redraws one line with a bar, the step and the time left on a terminal, and ends it when done', () => {
    const written: string[] = [];
    const show = progressDisplay({ isTTY: true, columns: 120, write: (text) => written.push(text) });
    show(at(2, 0.5, { remainingMs: 65_000 }));
    show(at(3, 1, { done: true, elapsedMs: 24_500 }));
    expect(written[0]).toBe(
      '\r\x1b[2KGenerating the universe [############............]  50%  step 2/3 step-2  12 s, about 1 min 05 s left',
    );
    expect(written[1]).toBe(
      '\r\x1b[2KGenerating the universe [########################] 100%, done in 25 s\n',
    );
  });

  it('writes one line per step (and the end) into a log', () => {
    const written: string[] = [];
    const show = progressDisplay({ write: (text) => written.push(text) });
    show(at(1, 0.1));
    show(at(1, 0.2));
    show(at(2, 0.6, { kind: 'roll' }));
    show(at(3, 1, { kind: 'roll', done: true }));
    expect(written).toEqual([
      'Generating the universe: 10%  step 1/3 step-1  12 s\n',
      'Rolling the universe to its day: 60%  step 2/3 step-2  12 s\n',
      'Rolling the universe to its day: 100%, done in 12 s\n',
    ]);
  });

  it('says durations in seconds, then minutes and seconds', () => {
    expect(formatDuration(400)).toBe('0 s');
    expect(formatDuration(59_400)).toBe('59 s');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
  });
});
