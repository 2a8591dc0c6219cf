/**
 * Counter-based randomness for the market: every draw is a pure function of a few integers
 * (seed, instrument key, time slot, …), so any instant's prices can be computed directly, in
 * any order, by any simulator started with the same seed, with no state kept between draws.
 * The mixing is MurmurHash3's finaliser applied to each word in turn; draws only need to look
 * independent, not to be cryptographic.
 */

/** MurmurHash3's 32-bit finaliser: every input bit flips about half the output bits. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One well-mixed 32-bit word of four integers (any JavaScript integers; the low 32 bits count, and the high ones of `c`). */
export function hashWords(a: number, b: number, c: number, d: number): number {
  let h = mix(a ^ 0x9e3779b9);
  h = mix(h ^ Math.imul(b | 0, 0x27d4eb2f));
  // `c` may exceed 32 bits (time slots): fold its high part in too.
  h = mix(h ^ (c | 0) ^ Math.imul(Math.floor(c / 4294967296) | 0, 0x165667b1));
  return mix(h ^ Math.imul(d | 0, 0x61c88647));
}

const TWO_TO_32 = 4294967296;

/** A draw uniform in (0, 1), never 0 or 1. */
export function uniformAt(a: number, b: number, c: number, d: number): number {
  return (hashWords(a, b, c, d) + 0.5) / TWO_TO_32;
}

/** A standard normal draw (Box–Muller over two uniform draws of the same words). */
export function gaussianAt(a: number, b: number, c: number, d: number): number {
  const u1 = uniformAt(a, b, c, d);
  const u2 = (mix(hashWords(a, b, c, d) ^ 0x5bd1e995) + 0.5) / TWO_TO_32;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** A stable 32-bit key of a text (FNV-1a), for things named rather than numbered (currencies). */
export function keyOfText(text: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    h ^= text.charCodeAt(index);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
