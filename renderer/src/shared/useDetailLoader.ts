/**
 * The one item open in a detail pane: which key is open, its loaded value, loading and error
 * state. Opening another item cancels the read still under way for the previous one, so a slow
 * answer can never replace a newer choice.
 */
import { ref, type Ref } from 'vue';
import { isCancelled, messageOf, supersedingCalls } from './desk';

export interface DetailLoader<K, T> {
  openKey: Ref<K | undefined>;
  detail: Ref<T | undefined>;
  loading: Ref<boolean>;
  error: Ref<string | undefined>;
  /** Opens `key`, reading it with `read` (which must honour the signal). */
  open(key: K): Promise<void>;
  close(): void;
}

export function useDetailLoader<K, T>(read: (key: K, signal: AbortSignal) => Promise<T>): DetailLoader<K, T> {
  const openKey = ref<K>() as Ref<K | undefined>;
  const detail = ref<T>() as Ref<T | undefined>;
  const loading = ref(false);
  const error = ref<string>();
  const calls = supersedingCalls();

  async function open(key: K): Promise<void> {
    const current = calls.start();
    openKey.value = key;
    loading.value = true;
    error.value = undefined;
    try {
      detail.value = await read(key, current.signal);
    } catch (caught) {
      if (!isCancelled(caught)) {
        detail.value = undefined;
        error.value = messageOf(caught);
      }
    } finally {
      if (calls.isCurrent(current)) loading.value = false;
    }
  }

  function close(): void {
    calls.cancel();
    openKey.value = undefined;
    detail.value = undefined;
    error.value = undefined;
  }

  return { openKey, detail, loading, error, open, close };
}
