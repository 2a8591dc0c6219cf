/**
 * Deterministic random streams for the universe generator. Each stream is seeded from the
 * universe seed and its own name, so adding or changing one generation step never shifts the
 * numbers another step draws.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface RandomStream {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [from, to], both included. */
  int(from: number, to: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/** FNV-1a over the name: a stable 32-bit number per stream name. */
function hashName(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The stream called `name` of the universe seeded with `seed`. */
export function randomStream(seed: number, name: string): RandomStream {
  const generator = xoroshiro128plus((seed ^ hashName(name)) | 0);
  return {
    next: () => uniformFloat64(generator),
    int: (from, to) => uniformInt(generator, from, to),
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick() from an empty list');
      return items[uniformInt(generator, 0, items.length - 1)] as T;
    },
    chance: (p) => uniformFloat64(generator) < p,
  };
}
