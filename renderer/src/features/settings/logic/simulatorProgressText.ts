/**
 * How far the embedded simulator's universe generation or roll has got, in one line: the
 * Settings workspace shows it beside a reset, and the page while RefDesk starts.
 */
import type { SimulatorProgress } from '../../../../../contract/settings';

/** The line for `report`, or undefined when there is none or it is done. */
export function simulatorProgressText(report: SimulatorProgress | undefined): string | undefined {
  if (!report || report.done) return undefined;
  const what = report.kind === 'roll' ? 'Rolling the universe to its day' : 'Generating the universe';
  const left = report.remainingMs === undefined ? '' : `, about ${Math.ceil(report.remainingMs / 1000)} s left`;
  return `${what}: ${report.step} (step ${report.stepIndex} of ${report.stepCount}), ${Math.round(report.fraction * 100)}%${left}`;
}
