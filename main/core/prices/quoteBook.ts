/**
 * Every quote main holds (what some view has on screen), merged from snapshots and deltas, and
 * the throttle between them and the renderer: changes are coalesced per instrument and pushed
 * at most once per interval (250 ms: four updates a second per cell at most, however fast the
 * service streams), each push carrying the latest state of every instrument that changed and the
 * keys of those no longer quoted.
 */
import type { QuoteView } from '../../../contract/prices';
import { mergeDelta, quoteViewOf, type RawQuote } from './quoteRecords';

/** `AssetType:Uic`, the key of one instrument's quote. */
export const quoteKeyOf = (assetType: string, uic: number): string => `${assetType}:${uic}`;

interface Entry {
  assetType: string;
  uic: number;
  raw: RawQuote;
  silent: boolean;
  problem: string | undefined;
}

/** Timers the throttle runs on (tests pass fake ones). */
export interface ThrottleClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: ThrottleClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Where the coalesced changes go: the quotes that changed and the keys dropped. */
export type QuotePush = (quotes: QuoteView[], dropped: string[]) => void;

export class QuoteBook {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = new Set<string>();
  private readonly dropped = new Set<string>();
  private timer: unknown;
  private lastFlush = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly push: QuotePush,
    private readonly intervalMs = 250,
    private readonly clock: ThrottleClock = realClock,
  ) {}

  private entryOf(assetType: string, uic: number): Entry {
    const key = quoteKeyOf(assetType, uic);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { assetType, uic, raw: {}, silent: false, problem: undefined };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private touch(key: string): void {
    this.dropped.delete(key);
    this.changed.add(key);
    this.schedule();
  }

  /** A fresh snapshot of an instrument: what was held before is forgotten. */
  replace(assetType: string, uic: number, snapshot: unknown): void {
    const entry = this.entryOf(assetType, uic);
    entry.raw = {};
    entry.problem = undefined;
    entry.silent = false;
    mergeDelta(entry.raw, snapshot);
    this.touch(quoteKeyOf(assetType, uic));
  }

  /** Merges a delta into an instrument's quote. */
  merge(assetType: string, uic: number, delta: unknown): void {
    const entry = this.entryOf(assetType, uic);
    mergeDelta(entry.raw, delta);
    entry.silent = false;
    this.touch(quoteKeyOf(assetType, uic));
  }

  /** The service quotes no price for the instrument: says why instead of a price. */
  refuse(assetType: string, uic: number, problem: string): void {
    const entry = this.entryOf(assetType, uic);
    entry.raw = {};
    entry.problem = problem;
    this.touch(quoteKeyOf(assetType, uic));
  }

  /** Marks a quote as not heard of for a while (or heard again). */
  setSilent(key: string, silent: boolean): void {
    const entry = this.entries.get(key);
    if (!entry || entry.silent === silent) return;
    entry.silent = silent;
    this.touch(key);
  }

  /** Forgets a quote nothing shows any longer. */
  drop(key: string): void {
    if (!this.entries.delete(key)) return;
    this.changed.delete(key);
    this.dropped.add(key);
    this.schedule();
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The quote of `key` as the renderer sees it, if held. */
  view(key: string): QuoteView | undefined {
    const entry = this.entries.get(key);
    return entry && quoteViewOf(entry.assetType, entry.uic, entry.raw, entry);
  }

  /** Forgets everything at once, without a push (a sign-out: the renderer forgets too). */
  clear(): void {
    this.entries.clear();
    this.changed.clear();
    this.dropped.clear();
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.lastFlush + this.intervalMs - this.clock.now());
    this.timer = this.clock.setTimeout(() => this.flush(), wait);
  }

  /** Pushes what changed since the last push (the throttle calls it; tests may too). */
  flush(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.changed.size === 0 && this.dropped.size === 0) return;
    const quotes: QuoteView[] = [];
    for (const key of this.changed) {
      const view = this.view(key);
      if (view) quotes.push(view);
    }
    const dropped = [...this.dropped];
    this.changed.clear();
    this.dropped.clear();
    this.lastFlush = this.clock.now();
    this.push(quotes, dropped);
  }
}
