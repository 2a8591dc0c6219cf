/**
 * A small direct-mapped memo of walk values by (key, slot), in typed arrays: the options of a
 * chain all ask for their underlying's walk at the same few instants, and a memo that allocates
 * nothing costs the garbage collector nothing however many quotes go through it.
 */
import { walkAtSlot } from './randomWalk';

const SIZE = 1 << 14;

export class WalkMemo {
  private readonly keys = new Float64Array(SIZE).fill(Number.NaN);
  private readonly slots = new Float64Array(SIZE);
  private readonly values = new Float64Array(SIZE);

  constructor(private readonly seed: number) {}

  /** walkAtSlot(seed, key, slot), remembered until another (key, slot) takes its place. */
  valueAt(key: number, slot: number): number {
    let h = Math.imul(key | 0, 0x9e3779b1) ^ Math.imul(slot | 0, 0x85ebca6b) ^ Math.floor(slot / 4294967296);
    h ^= h >>> 15;
    const index = h & (SIZE - 1);
    if (this.keys[index] === key && this.slots[index] === slot) return this.values[index]!;
    const value = walkAtSlot(this.seed, key, slot);
    this.keys[index] = key;
    this.slots[index] = slot;
    this.values[index] = value;
    return value;
  }
}
