/**
 * The strike window of an option chain: ±N strikes around a centre. The API carries no prices,
 * so the centre is a reference price the user types, else the middle strike, and the window
 * says which of the two it used.
 */

export type CentreSource = 'reference' | 'middle';

export interface StrikeWindow {
  /** The strike the window is centred on (nearest listed strike to the reference price). */
  centre: number | undefined;
  centreSource: CentreSource;
  /** The strikes inside the window, ascending. */
  strikes: number[];
}

/** Index of the strike nearest to `price` in ascending `strikes` (the lower one on a tie). */
export function nearestStrikeIndex(strikes: readonly number[], price: number): number {
  let low = 0;
  let high = strikes.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((strikes[middle] as number) < price) low = middle + 1;
    else high = middle;
  }
  const above = low;
  const below = Math.max(0, low - 1);
  const distanceAbove = Math.abs((strikes[above] as number) - price);
  const distanceBelow = Math.abs((strikes[below] as number) - price);
  return distanceBelow <= distanceAbove ? below : above;
}

/**
 * The window of `halfWidth` strikes either side of the centre (`'all'` keeps every strike).
 * `strikes` must be ascending and unique; a reference price that is not a finite positive
 * number is ignored in favour of the middle strike.
 */
export function strikeWindow(
  strikes: readonly number[],
  halfWidth: number | 'all',
  referencePrice?: number | null,
): StrikeWindow {
  const hasReference =
    typeof referencePrice === 'number' && Number.isFinite(referencePrice) && referencePrice > 0;
  const centreSource: CentreSource = hasReference ? 'reference' : 'middle';
  if (strikes.length === 0) return { centre: undefined, centreSource, strikes: [] };
  const centreIndex = hasReference ? nearestStrikeIndex(strikes, referencePrice) : (strikes.length - 1) >> 1;
  const centre = strikes[centreIndex];
  if (halfWidth === 'all') return { centre, centreSource, strikes: [...strikes] };
  const width = Math.max(0, Math.floor(halfWidth));
  const start = Math.max(0, centreIndex - width);
  return { centre, centreSource, strikes: strikes.slice(start, centreIndex + width + 1) };
}
