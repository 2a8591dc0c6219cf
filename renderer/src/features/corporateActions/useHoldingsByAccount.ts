/**
 * The open event's holdings across every account of the user's accounts (sub-clients included),
 * by name, read when the event opens and dropped when it closes or the user changes.
 */
import { storeToRefs } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { Holding } from '../../../../contract/wire/types';
import { isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import { holdingLines } from './logic/holdingsByAccount';
import { useAccountsStore } from './useAccountsStore';
import { useCorporateActionsStore } from './useCorporateActionsStore';

export function useHoldingsByAccount() {
  const { openEventId } = storeToRefs(useCorporateActionsStore());
  const accounts = useAccountsStore();
  const holdings = ref<Holding[]>([]);
  const loading = ref(false);
  const error = ref<string>();
  let controller: AbortController | undefined;
  useOwnedState(() => {
    controller?.abort();
    holdings.value = [];
    error.value = undefined;
    loading.value = false;
  });

  watch(
    openEventId,
    async (eventId) => {
      controller?.abort();
      holdings.value = [];
      error.value = undefined;
      if (!eventId) return;
      const own = new AbortController();
      controller = own;
      loading.value = true;
      try {
        holdings.value = await accounts.holdingsAcrossAccounts(eventId, own.signal);
      } catch (caught) {
        if (!isCancelled(caught)) error.value = messageOf(caught);
      } finally {
        if (controller === own) loading.value = false;
      }
    },
    { immediate: true },
  );

  const lines = computed(() => (accounts.tree ? holdingLines(accounts.tree, holdings.value) : []));
  return { holdingLines: lines, holdingsLoading: loading, holdingsError: error };
}
