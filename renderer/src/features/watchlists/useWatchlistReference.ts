/**
 * The key reference data of a watchlist's instruments, read from the service (details in
 * batches of the service's uic limit, one asset type per request) whenever the list's
 * instruments change, and kept per instrument so a list shown again is not read again. What the
 * service no longer lists is remembered as such. It belongs to the signed-in user.
 */
import { computed, shallowReactive, watch, type Ref } from 'vue';
import type { Watchlist } from '../../../../contract/watchlists';
import type { InstrumentDetails } from '../../../../contract/wire/types';
import { call, isCancelled, messageOf } from '../../shared/desk';
import { knownAssetType } from '../instruments/logic/assetTypes';
import { useOwnedState } from '../session/useOwnedState';
import { rowKeyOf, uicsByAssetType, watchlistRows } from './logic/watchlistRows';

/** Most uics the details list takes in one request. */
const UICS_PER_REQUEST = 200;

export function useWatchlistReference(list: Ref<Watchlist | undefined>) {
  const details = shallowReactive(new Map<string, InstrumentDetails>());
  const checked = shallowReactive(new Set<string>());
  const state = shallowReactive({ loading: false, error: undefined as string | undefined });
  const owned = useOwnedState(() => {
    details.clear();
    checked.clear();
    state.error = undefined;
  });

  async function readMissing(items: Watchlist['items']): Promise<void> {
    const missing = items.filter((item) => !checked.has(rowKeyOf(item)));
    if (missing.length === 0) return;
    const signal = owned.signal;
    state.loading = true;
    state.error = undefined;
    try {
      for (const [assetType, uics] of uicsByAssetType(missing)) {
        const known = knownAssetType(assetType);
        if (!known) continue;
        for (let start = 0; start < uics.length; start += UICS_PER_REQUEST) {
          const batch = uics.slice(start, start + UICS_PER_REQUEST);
          const feed = await call(
            'instruments:detailsList',
            { Uics: batch, AssetTypes: [known], $top: UICS_PER_REQUEST },
            { signal },
          );
          for (const read of feed.Data) if (read.Uic !== undefined) details.set(`${assetType}:${read.Uic}`, read);
          for (const uic of batch) checked.add(`${assetType}:${uic}`);
        }
      }
    } catch (failure) {
      if (!isCancelled(failure)) state.error = messageOf(failure);
    } finally {
      if (!signal.aborted) state.loading = false;
    }
  }

  watch(() => list.value?.items, (items) => void readMissing(items ?? []), { immediate: true });

  return {
    rows: computed(() => watchlistRows(list.value?.items ?? [], details, checked)),
    state,
  };
}
