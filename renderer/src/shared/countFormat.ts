/**
 * Counts as the user reads numbers: grouped by the user's locale (`1,535` in English, `1.535` in
 * German), so a queue of thousands reads at a glance. One formatter, made once.
 */
const countFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** `n` with the user's locale's thousands separators, e.g. 1535 → "1,535". */
export function formatCount(n: number): string {
  return countFormat.format(n);
}
