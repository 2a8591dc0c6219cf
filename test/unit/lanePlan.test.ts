import { describe, expect, it } from 'vitest';
import type { GenerationStep } from '../../main/simulator/data/universe';
import { planLanes, type TableCopy } from '../../main/simulator/data/universeLanes';

const instruments: TableCopy = {
  table: 'instruments',
  columns: 'uic INTEGER, asset_type TEXT',
  where: '1',
  primaryKey: 'uic, asset_type',
};
const step = (name: string, extra: Partial<GenerationStep> = {}): GenerationStep => ({
  name,
  run: () => undefined,
  ...extra,
});
const listed = (name: string) => step(name, { listDraws: () => ({ listed: [] }) });
const book = (draws: string[], reads = [instruments]) =>
  step('book', { parallel: { after: 'fixed', draws, reads } });

describe('the plan of a two-lane generation', () => {
  it('starts the worker after `after` and lists the steps it draws, in step order', () => {
    const plan = planLanes([
      step('fixed'),
      listed('bonds'),
      listed('shares'),
      step('options'),
      book(['shares', 'bonds']),
    ]);
    expect(plan?.startAfter).toBe(0);
    expect(plan?.draws).toEqual(['bonds', 'shares']);
    expect(plan?.copies).toEqual([instruments]);
  });

  it('lists only the asset types the drawing steps read, and every type once one of them does not say', () => {
    const drawing = (name: string, lists?: string[]) =>
      step(name, {
        parallel: { after: 'fixed', draws: ['shares'], reads: [instruments], ...(lists ? { lists } : {}) },
      });
    const steps = (...parallel: GenerationStep[]) => [step('fixed'), listed('shares'), ...parallel];
    expect(
      planLanes(steps(drawing('events', ['Stock', 'Bond']), drawing('meetings', ['Stock'])))?.lists,
    ).toEqual(['Stock', 'Bond']);
    expect(
      planLanes(steps(drawing('events', ['Stock', 'Bond']), drawing('meetings')))?.lists,
    ).toBeUndefined();
    // A parallel step that draws nothing has no say in what is listed.
    expect(
      planLanes(steps(drawing('events', ['Bond']), step('apps', { parallel: { after: 'fixed' } })))?.lists,
    ).toEqual(['Bond']);
  });

  it('refuses a worker that would miss what a main-thread step wrote before a drawn one', () => {
    expect(() => planLanes([step('fixed'), step('funds'), listed('shares'), book(['shares'])])).toThrow(
      /before "funds" but cannot list its instruments/,
    );
    expect(() => planLanes([step('fixed'), step('shares'), book(['shares'])])).toThrow(/cannot list/);
  });

  it('refuses draws without a copy of instruments to draw into, or of a step run before the worker', () => {
    expect(() => planLanes([step('fixed'), listed('shares'), book(['shares'], [])])).toThrow(
      /copies no `instruments`/,
    );
    expect(() => planLanes([listed('shares'), step('fixed'), book(['shares'])])).toThrow(
      /has run before the worker starts/,
    );
  });
});
