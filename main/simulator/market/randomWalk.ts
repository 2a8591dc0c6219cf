/**
 * The random walk every underlying moves by, computed directly for any instant (no stepping
 * from a start): a Brownian motion in "unit volatility" (variance 1 per year), built by Lévy's
 * midpoint construction. Time is cut into 100 ms slots; every 2^26 slots (about 78 days) an
 * anchor takes an independent normal value of variance SPAN/2, and between two anchors the path
 * is a Brownian bridge refined by halving: the value at a midpoint is the mean of its two ends
 * plus a normal draw keyed by (seed, instrument, anchor, midpoint). Reaching a slot takes at most
 * 26 halvings. With that anchor variance the path's spread is the same at every instant, so
 * prices wander around the instrument's reference level rather than drifting away over the years,
 * while over minutes and days they move like a Brownian motion of the instrument's volatility.
 */
import { gaussianAt } from './noise';

/** Length of one time slot: prices change at most this often. */
export const SLOT_MS = 100;
const YEAR_MS = 365.25 * 86_400_000;
const LEVELS = 26;
const SPAN = 2 ** LEVELS;
/** Slots are counted from 2000-01-01T00:00:00Z. */
const EPOCH_MS = Date.UTC(2000, 0, 1);
/** Variance of one slot's step at unit volatility. */
const SLOT_VARIANCE = SLOT_MS / YEAR_MS;
/** Standard deviation of an anchor, so that every instant has the same variance, SPAN/2 slots' worth. */
const ANCHOR_SD = Math.sqrt((SPAN / 2) * SLOT_VARIANCE);
/** Standard deviation of a bridge midpoint over an interval of 2^k slots: √(2^k / 4 · slot variance). */
const MIDPOINT_SD = Array.from({ length: LEVELS + 1 }, (_, k) => Math.sqrt((2 ** k / 4) * SLOT_VARIANCE));

/** The time slot of an instant (epoch milliseconds). */
export function slotOf(instantMs: number): number {
  return Math.floor((instantMs - EPOCH_MS) / SLOT_MS);
}

function anchorValue(seed: number, key: number, anchor: number): number {
  // Midpoints are never 0 within a span, so slot 0 of the anchor's words is the anchor's own draw.
  return ANCHOR_SD * gaussianAt(seed, key, anchor, 0);
}

/**
 * The walk of instrument `key` under `seed` at time slot `slot`: a normal value of mean 0 and
 * variance about 0.106 (half a span, in years), whose increments over t years have variance t.
 */
export function walkAtSlot(seed: number, key: number, slot: number): number {
  const anchor = Math.floor(slot / SPAN);
  const offset = slot - anchor * SPAN;
  let left = anchorValue(seed, key, anchor);
  if (offset === 0) return left;
  let right = anchorValue(seed, key, anchor + 1);
  let low = 0;
  let high = SPAN;
  for (let level = LEVELS; level > 0; level--) {
    const middle = (low + high) / 2;
    const value = 0.5 * (left + right) + MIDPOINT_SD[level]! * gaussianAt(seed, key, anchor, middle);
    if (offset === middle) return value;
    if (offset < middle) {
      high = middle;
      right = value;
    } else {
      low = middle;
      left = value;
    }
  }
  return left;
}

/** walkAtSlot at an instant (epoch milliseconds). */
export function walkAt(seed: number, key: number, instantMs: number): number {
  return walkAtSlot(seed, key, slotOf(instantMs));
}
