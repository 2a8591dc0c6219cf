/**
 * For the open event, when it changed since it was reviewed: its terms at the reviewed version
 * against the version now, field by field, as main kept them when each was read.
 */
import { storeToRefs } from 'pinia';
import { ref, watch } from 'vue';
import type { ChangesSinceReviewed } from '../../../../contract/corporateActions';
import { call, isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import { reviewBadge } from './logic/reviewBadge';
import { useReviewStore } from './useReviewStore';
import { useCorporateActionsStore } from './useCorporateActionsStore';

export function useChangesSinceReviewed() {
  const { detail } = storeToRefs(useCorporateActionsStore());
  const { states } = storeToRefs(useReviewStore());
  const changes = ref<ChangesSinceReviewed>();
  const loading = ref(false);
  const error = ref<string>();
  let controller: AbortController | undefined;
  const owned = useOwnedState(() => {
    controller?.abort();
    changes.value = undefined;
    error.value = undefined;
    loading.value = false;
  });

  async function compare(
    eventId: string,
    reviewedVersion: string | undefined,
    currentVersion: string,
  ): Promise<void> {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    changes.value = undefined;
    error.value = undefined;
    if (!reviewedVersion) {
      changes.value = { missing: 'reviewed' };
      return;
    }
    loading.value = true;
    try {
      changes.value = await call(
        'corporateActions:changesSinceReviewed',
        { eventId, reviewedVersion, currentVersion },
        { signal: owned.signalWith(own.signal) },
      );
    } catch (caught) {
      if (!isCancelled(caught)) error.value = messageOf(caught);
    } finally {
      if (controller === own) loading.value = false;
    }
  }

  watch(
    () => {
      const event = detail.value;
      const state = event ? states.value[event.EventId] : undefined;
      const changed = event?.UpdatedDateTime && reviewBadge(state, event.UpdatedDateTime).kind === 'changed';
      return changed ? `${event.EventId}|${state?.reviewedVersion ?? ''}|${event.UpdatedDateTime}` : '';
    },
    (key) => {
      if (!key) {
        controller?.abort();
        changes.value = undefined;
        return;
      }
      const [eventId = '', reviewedVersion, currentVersion = ''] = key.split('|');
      void compare(eventId, reviewedVersion || undefined, currentVersion);
    },
    { immediate: true },
  );

  return { changes, changesLoading: loading, changesError: error };
}
