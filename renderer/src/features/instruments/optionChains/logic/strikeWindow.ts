/**
 * The strike window of an option chain: ±N strikes around a centre: a reference price the
 * trader types, else the underlying's live price (so the window follows the market), else the
 * middle strike; the window says which it used.
 */

export type CentreSource = 'reference' | 'underlying' | 'middle';

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

const isPrice = (price: number | null | undefined): price is number =>
  typeof price === 'number' && Number.isFinite(price) && price > 0;

/**
 * The window of `halfWidth` strikes either side of the centre (`'all'` keeps every strike).
 * `strikes` must be ascending and unique; a reference or underlying price that is not a finite
 * positive number is passed over.
 */
export function strikeWindow(
  strikes: readonly number[],
  halfWidth: number | 'all',
  referencePrice?: number | null,
  underlyingPrice?: number,
): StrikeWindow {
  const centrePrice = isPrice(referencePrice)
    ? referencePrice
    : isPrice(underlyingPrice)
      ? underlyingPrice
      : undefined;
  const centreSource: CentreSource = isPrice(referencePrice)
    ? 'reference'
    : centrePrice !== undefined
      ? 'underlying'
      : 'middle';
  if (strikes.length === 0) return { centre: undefined, centreSource, strikes: [] };
  const centreIndex =
    centrePrice !== undefined ? nearestStrikeIndex(strikes, centrePrice) : (strikes.length - 1) >> 1;
  const centre = strikes[centreIndex];
  if (halfWidth === 'all') return { centre, centreSource, strikes: [...strikes] };
  const width = Math.max(0, Math.floor(halfWidth));
  const start = Math.max(0, centreIndex - width);
  return { centre, centreSource, strikes: strikes.slice(start, centreIndex + width + 1) };
}
