/**
 * What the renderers have on screen: each view's watch (instruments, and per option chain the
 * strikes shown of each expiry), kept while the view renews it, and the union of all of them,
 * which is what main subscribes. A watch not renewed within its lease (a window closed, a page
 * reloaded without saying so) lapses, so nothing is streamed for a screen that is gone.
 */
import { WATCH_LEASE_MS, type WatchPricesArg } from '../../../contract/prices';
import type { StrikeRange } from './chainStream';

/** One option chain wanted: its root, asset type and the strikes wanted per expiry date. */
export interface WantedChain {
  optionRootId: number;
  assetType: string;
  expiries: Map<string, StrikeRange>;
}

/** Everything wanted at once. */
export interface WantedPrices {
  /** Uics by asset type. */
  instruments: Map<string, Set<number>>;
  /** Chains by `OptionRootId:AssetType`. */
  chains: Map<string, WantedChain>;
}

interface Watch {
  arg: WatchPricesArg;
  renewedAt: number;
}

export class PriceWatches {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly leaseMs = WATCH_LEASE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.watches.size;
  }

  /** Sets (or renews) a watch; true when what is wanted may have changed. */
  set(arg: WatchPricesArg): boolean {
    const before = this.watches.get(arg.WatchId);
    this.watches.set(arg.WatchId, { arg, renewedAt: this.now() });
    return !before || JSON.stringify(before.arg) !== JSON.stringify(arg);
  }

  /** Ends a watch; true when there was one. */
  remove(watchId: string): boolean {
    return this.watches.delete(watchId);
  }

  /** Lets the watches whose lease ran out lapse; true when any did. */
  expire(): boolean {
    const now = this.now();
    let lapsed = false;
    for (const [id, watch] of this.watches) {
      if (now - watch.renewedAt > this.leaseMs) {
        this.watches.delete(id);
        lapsed = true;
      }
    }
    return lapsed;
  }

  clear(): void {
    this.watches.clear();
  }

  /** The union of every watch: each instrument once, each expiry's strikes from the lowest to the highest any view shows. */
  wanted(): WantedPrices {
    const instruments = new Map<string, Set<number>>();
    const chains = new Map<string, WantedChain>();
    for (const { arg } of this.watches.values()) {
      for (const instrument of arg.Instruments) {
        let uics = instruments.get(instrument.AssetType);
        if (!uics) instruments.set(instrument.AssetType, (uics = new Set()));
        uics.add(instrument.Uic);
      }
      for (const chain of arg.Chains) {
        const key = `${chain.OptionRootId}:${chain.AssetType}`;
        let wanted = chains.get(key);
        if (!wanted) {
          wanted = { optionRootId: chain.OptionRootId, assetType: chain.AssetType, expiries: new Map() };
          chains.set(key, wanted);
        }
        for (const expiry of chain.Expiries) {
          const known = wanted.expiries.get(expiry.Expiry);
          wanted.expiries.set(expiry.Expiry, {
            low: Math.min(known?.low ?? Infinity, expiry.LowStrike),
            high: Math.max(known?.high ?? -Infinity, expiry.HighStrike),
          });
        }
      }
    }
    return { instruments, chains };
  }

  /** The instrument keys one watch shows (`AssetType:Uic`), for the quotes a watch answers at once. */
  keysOf(watchId: string): string[] {
    return (this.watches.get(watchId)?.arg.Instruments ?? []).map(
      (instrument) => `${instrument.AssetType}:${instrument.Uic}`,
    );
  }
}
