/**
 * The signed-in user's watchlists, as main keeps them (watchlists.json in the data folder, per
 * profile and user): every change goes to main and the store takes main's answer, so what is
 * shown is what survives a restart. The chosen list is where W adds from the search results,
 * the chain and the ladder; with no list yet, the first add makes one. Another user starts from
 * their own lists.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { WatchedInstrument, Watchlist, WatchlistsView } from '../../../../contract/watchlists';
import type { KnownAssetType } from '../instruments/logic/assetTypes';
import { call, isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import { sameInstrument, type InstrumentToWatch } from './logic/watchedInstruments';

/** The name of the list the first add makes when the user has none. */
export const FIRST_WATCHLIST_NAME = 'Watchlist';

/** The outcome of a toggle, in words for the screen. */
export interface WatchOutcome {
  ok: boolean;
  message: string;
}

export const useWatchlistsStore = defineStore('watchlists', () => {
  const lists = shallowRef<Watchlist[]>([]);
  const chosenId = ref<string>();
  const problem = ref<string>();
  const loading = ref(false);
  const error = ref<string>();
  let loaded = false;
  const owned = useOwnedState(() => {
    lists.value = [];
    chosenId.value = undefined;
    problem.value = undefined;
    loading.value = false;
    error.value = undefined;
    loaded = false;
  });

  const chosen = computed(() => lists.value.find((list) => list.id === chosenId.value));

  function apply(view: WatchlistsView): void {
    lists.value = view.lists;
    chosenId.value = view.chosenId;
    problem.value = view.problem;
    loaded = true;
  }

  /** Reads the lists once (again with `refresh`). */
  async function load(refresh = false): Promise<void> {
    if (loading.value || (loaded && !refresh)) return;
    const signal = owned.signal;
    loading.value = true;
    error.value = undefined;
    try {
      apply(await call('watchlists:list', undefined, { signal }));
    } catch (failure) {
      if (!isCancelled(failure)) error.value = messageOf(failure);
    } finally {
      if (!signal.aborted) loading.value = false;
    }
  }

  /** A change through main; its answer replaces the lists (dropped if another user took over meanwhile). */
  async function change(pending: Promise<WatchlistsView>): Promise<void> {
    apply(await owned.settle(pending));
  }

  const create = async (name: string) => {
    await change(call('watchlists:create', { name }));
    return chosenId.value;
  };
  const rename = (id: string, name: string) => change(call('watchlists:rename', { id, name }));
  const deleteList = (id: string) => change(call('watchlists:delete', { id }));
  const choose = (id: string) => change(call('watchlists:choose', { id }));
  const add = (id: string, items: InstrumentToWatch[]) => change(call('watchlists:add', { id, items }));
  const remove = (id: string, items: { uic: number; assetType: KnownAssetType }[]) =>
    change(call('watchlists:remove', { id, items }));

  /** True when the chosen list holds the instrument. */
  function isWatched(key: { uic: number; assetType: KnownAssetType } | undefined): boolean {
    return key !== undefined && (chosen.value?.items ?? []).some((item: WatchedInstrument) => sameInstrument(item, key));
  }

  /**
   * Adds the instrument to the chosen list, or removes it when it is there already; with no
   * list yet, makes one first. Answers what happened in words (a refusal of main as it came).
   */
  async function toggle(instrument: InstrumentToWatch): Promise<WatchOutcome> {
    try {
      await load();
      let target = chosen.value ?? lists.value[0];
      if (!target) {
        await create(FIRST_WATCHLIST_NAME);
        target = chosen.value;
      }
      if (!target) return { ok: false, message: 'No watchlist to add to.' };
      if (target.items.some((item) => sameInstrument(item, instrument))) {
        await remove(target.id, [{ uic: instrument.uic, assetType: instrument.assetType }]);
        return { ok: true, message: `Removed ${instrument.symbol} from ${target.name}.` };
      }
      await add(target.id, [instrument]);
      if (chosenId.value !== target.id) await choose(target.id);
      return { ok: true, message: `Added ${instrument.symbol} to ${target.name}.` };
    } catch (failure) {
      if (isCancelled(failure)) return { ok: false, message: '' };
      return { ok: false, message: messageOf(failure) };
    }
  }

  return {
    lists, chosenId, chosen, problem, loading, error,
    load, create, rename, deleteList, choose, add, remove, isWatched, toggle,
  };
});
