/**
 * The shape of an option root's chain as the option chain subscription shows it: its listed
 * expiries in date order (index 0 the nearest), each with its strikes in ascending order (index
 * 0 the lowest) and the call and put of each strike. Read from the universe once per root and
 * expiry (it does not change while the simulator runs).
 */
import { LRUCache } from 'lru-cache';
import type { ReferenceStore } from '../data/instruments/store';

export interface ChainExpiry {
  index: number;
  /** `yyyy-mm-dd`. */
  expiry: string;
  displayExpiry: string;
  /** ISO instant of the last trade. */
  lastTrade: string;
  strikeCount: number;
}

export interface ChainStrike {
  index: number;
  strike: number;
  call?: number;
  put?: number;
}

export interface Chain {
  rootId: number;
  assetType: string;
  expiries: ChainExpiry[];
}

export class OptionChains {
  private readonly chains = new LRUCache<number, Chain>({ max: 256 });
  private readonly strikes = new LRUCache<string, ChainStrike[]>({ max: 2_048 });

  constructor(private readonly store: ReferenceStore) {}

  /** The chain of root `rootId` if it is a root of `assetType`, else undefined. */
  chainOf(rootId: number, assetType: string): Chain | undefined {
    let chain = this.chains.get(rootId);
    if (!chain) {
      const root = this.store.optionRoot(rootId);
      if (!root) return undefined;
      const counts = new Map(this.store.strikeCounts(rootId).map((row) => [row.expiry, row.strikes]));
      const expiries = this.store
        .expiries(rootId)
        .filter((row) => (counts.get(row.expiry) ?? 0) > 0)
        .map((row, index) => ({
          index,
          expiry: row.expiry,
          displayExpiry: row.display_expiry,
          lastTrade: row.last_trade,
          strikeCount: counts.get(row.expiry)!,
        }));
      chain = { rootId, assetType: root.asset_type, expiries };
      this.chains.set(rootId, chain);
    }
    return chain.assetType === assetType ? chain : undefined;
  }

  /** The strikes of one expiry of a chain, ascending, with their call and put uics. */
  strikesOf(chain: Chain, expiry: ChainExpiry): ChainStrike[] {
    const key = `${chain.rootId}|${expiry.expiry}`;
    let strikes = this.strikes.get(key);
    if (!strikes) {
      const byStrike = new Map<number, ChainStrike>();
      for (const option of this.store.optionsOfExpiry(chain.rootId, expiry.expiry)) {
        let row = byStrike.get(option.strike);
        if (!row) byStrike.set(option.strike, (row = { index: 0, strike: option.strike }));
        if (option.put_call === 'Put') row.put = option.uic;
        else row.call = option.uic;
      }
      strikes = [...byStrike.values()].sort((a, b) => a.strike - b.strike);
      strikes.forEach((row, index) => (row.index = index));
      this.strikes.set(key, strikes);
    }
    return strikes;
  }
}
