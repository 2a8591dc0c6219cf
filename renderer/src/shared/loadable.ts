/**
 * A value read from the service into a cache entry, kept with its failure in words: the details
 * of an instrument, a futures space, an option space and the contracts of its expiries.
 */
import { shallowReactive } from 'vue';
import { isCancelled, messageOf } from './desk';

/** A value being read from the service, kept with its failure in words. */
export interface Loadable<T> {
  value: T | undefined;
  loading: boolean;
  error: string | undefined;
}

/**
 * Reads `key` into `cache` once: concurrent and later asks share the entry (answered at once,
 * whatever its state). A failure stays in the entry as a message; a cancelled read is forgotten
 * so that the next ask tries again. Resolves with the entry this call read, when it read one.
 */
export async function loadInto<K, T>(
  cache: Map<K, Loadable<T>>,
  key: K,
  read: () => Promise<T>,
): Promise<Loadable<T> | undefined> {
  const known = cache.get(key);
  if (known && (known.loading || known.value !== undefined)) return undefined;
  const entry = shallowReactive<Loadable<T>>({ value: undefined, loading: true, error: undefined });
  cache.set(key, entry);
  try {
    entry.value = await read();
  } catch (error) {
    // Only this read's own entry: the cache may have been emptied and refilled meanwhile.
    if (isCancelled(error)) {
      if (cache.get(key) === entry) cache.delete(key);
    } else entry.error = messageOf(error);
  } finally {
    entry.loading = false;
  }
  return entry;
}
