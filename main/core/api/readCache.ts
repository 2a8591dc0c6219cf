/**
 * Client-side caches of reads that rarely change, in front of their endpoint functions: answers
 * are kept per scope (connection profile, signed-in user and base URL: tradability and
 * entitlements differ by user), so one profile or user never sees another's answer. Bounded by
 * entries and time, so memory stays flat however much a session reads.
 */
import { LRUCache } from 'lru-cache';
import type { ChannelName } from '../../../contract/channels';

/** Lifetime of cached reference lists (countries, time zones, currency pairs). */
export const REFERENCE_TTL_MS = 12 * 60 * 60 * 1000;
/** Lifetime of cached instrument details (tradability can change during the day). */
export const DETAILS_TTL_MS = 10 * 60 * 1000;
export const DETAILS_CAPACITY = 2_000;

/** One bounded cache of answers, keyed by scope, channel and argument. */
export class ReadCache {
  // Values are whole answers (objects), never undefined: lru-cache's V must be non-nullable.
  private readonly entries: LRUCache<string, object>;

  constructor(
    /** Names whose answers are read now: profile, user and base URL. */
    private readonly scope: () => string,
    options: { max: number; ttlMs: number },
  ) {
    this.entries = new LRUCache({ max: options.max, ttl: options.ttlMs });
  }

  /**
   * The answer of `channel` for `arg` in the current scope: the cached one unless `refresh`,
   * else what `load` reads, which is kept for next time.
   */
  async read<V extends object>(
    channel: ChannelName,
    arg: object,
    refresh: boolean,
    load: () => Promise<V>,
  ): Promise<V> {
    const key = `${this.scope()}|${channel}|${stableJson(arg)}`;
    if (!refresh) {
      const hit = this.entries.get(key);
      if (hit !== undefined) return hit as V;
    }
    const value = await load();
    this.entries.set(key, value);
    return value;
  }
}

/** The caches of the service client. */
export interface ReadCaches {
  /** One instrument's details: an LRU with a short lifetime. */
  details: ReadCache;
  /** Reference lists: long lifetime. */
  reference: ReadCache;
}

/** Both caches, answers kept per `scope()`. */
export function createReadCaches(
  scope: () => string,
  options: { detailsCapacity?: number; detailsTtlMs?: number; referenceTtlMs?: number } = {},
): ReadCaches {
  return {
    details: new ReadCache(scope, {
      max: options.detailsCapacity ?? DETAILS_CAPACITY,
      ttlMs: options.detailsTtlMs ?? DETAILS_TTL_MS,
    }),
    reference: new ReadCache(scope, { max: 256, ttlMs: options.referenceTtlMs ?? REFERENCE_TTL_MS }),
  };
}

/** JSON with sorted keys, so `{a, b}` and `{b, a}` share a cache entry. */
function stableJson(value: object): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
