/**
 * W in a workspace's grid (or its watchlist button): the instrument under the cursor goes into
 * the chosen watchlist, or out of it when it is there already, and what happened is said beside
 * the button. The views of the search, the chain and the ladder use it with the instrument their
 * grid's cursor is on.
 */
import { computed, ref, type Ref } from 'vue';
import { useWatchlistsStore } from './useWatchlistsStore';
import type { InstrumentToWatch } from './logic/watchedInstruments';

/** What W can be given: an instrument, or why the row under the cursor cannot be watched. */
export type WatchCandidate = InstrumentToWatch | { refusal: string };

export function useWatchToggle(current: Ref<WatchCandidate | undefined>) {
  const watchlists = useWatchlistsStore();
  void watchlists.load();
  const message = ref('');
  const failed = ref(false);
  const busy = ref(false);

  const instrument = computed(() => (current.value && 'uic' in current.value ? current.value : undefined));
  const watched = computed(() => watchlists.isWatched(instrument.value));

  /** Toggles `candidate` (the row W was pressed on), else the current instrument. */
  async function toggle(candidate: WatchCandidate | undefined = current.value): Promise<void> {
    if (!candidate) return;
    if ('refusal' in candidate) {
      failed.value = true;
      message.value = candidate.refusal;
      return;
    }
    if (busy.value) return;
    busy.value = true;
    try {
      const outcome = await watchlists.toggle(candidate);
      failed.value = !outcome.ok;
      message.value = outcome.message;
    } finally {
      busy.value = false;
    }
  }

  async function choose(id: string): Promise<void> {
    try {
      await watchlists.choose(id);
      failed.value = false;
      message.value = `W now adds to ${watchlists.chosen?.name ?? 'that list'}.`;
    } catch (failure) {
      failed.value = true;
      message.value = failure instanceof Error ? failure.message : String(failure);
    }
  }

  return {
    instrument,
    watched,
    message,
    failed,
    busy,
    lists: computed(() => watchlists.lists.map((list) => ({ id: list.id, name: list.name }))),
    chosen: computed(() => watchlists.chosen),
    toggle,
    choose,
  };
}
