/**
 * What of an option chain is on screen, for the price subscription: the strikes of the rows a
 * grid shows (from its scroll position), with a couple of rows' margin so a small scroll does
 * not wait on a new window, and per shown expiry the strikes from-to.
 */
import type { WatchedChain } from '../../../../../../contract/prices';

/** The strikes a grid shows, from-to. */
export interface StrikeRange {
  low: number;
  high: number;
}

/** Rows either side of those in view that are quoted too. */
export const MARGIN_ROWS = 2;

/**
 * The strikes of the rows between `top` and `bottom` (pixels of the grid's body, rows of
 * `rowHeight` from the first) with `margin` rows either side; undefined for no rows.
 */
export function visibleStrikeRange(
  strikes: readonly number[],
  top: number,
  bottom: number,
  rowHeight: number,
  margin = MARGIN_ROWS,
): StrikeRange | undefined {
  if (strikes.length === 0 || !(rowHeight > 0) || !(bottom >= top)) return undefined;
  const first = Math.max(0, Math.floor(top / rowHeight) - margin);
  const last = Math.min(strikes.length - 1, Math.ceil(bottom / rowHeight) - 1 + margin);
  if (last < first) return undefined;
  return { low: strikes[first] as number, high: strikes[Math.max(first, last)] as number };
}

/** Before a grid has said what it shows: the `rows` strikes around the centre of the window. */
export function centreRange(
  strikes: readonly number[],
  centre: number | undefined,
  rows: number,
): StrikeRange | undefined {
  if (strikes.length === 0) return undefined;
  const index = Math.max(0, centre === undefined ? strikes.length >> 1 : strikes.indexOf(centre));
  const half = Math.floor(rows / 2);
  const first = Math.max(0, Math.min(index - half, strikes.length - rows));
  const last = Math.min(strikes.length - 1, first + rows - 1);
  return { low: strikes[first] as number, high: strikes[last] as number };
}

/** The chain watch of one root: each shown expiry's strikes on screen. */
export function chainWatchOf(
  optionRootId: number,
  assetType: WatchedChain['AssetType'],
  shown: readonly { expiry: string; range: StrikeRange | undefined }[],
): WatchedChain | undefined {
  const expiries = shown.flatMap(({ expiry, range }) =>
    range ? [{ Expiry: expiry, LowStrike: range.low, HighStrike: range.high }] : [],
  );
  return expiries.length > 0
    ? { OptionRootId: optionRootId, AssetType: assetType, Expiries: expiries }
    : undefined;
}
