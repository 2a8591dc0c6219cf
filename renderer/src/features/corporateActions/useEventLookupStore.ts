/**
 * The codes and names the event filters offer (event types, asset types, corporate action types,
 * event states and statuses, election statuses), read from the service's lookup data
 * (`corporateActions:lookupData`, which main caches) once per user instead of being written into
 * the page: the filters offer what the service knows, named as its events name them.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { EventLookupData, LookupFieldGroup, LookupValue } from '../../../../contract/wire/types';
import { call, isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';

/** A filter list by its lookup group name. */
export type LookupLists = Partial<Record<LookupFieldGroup['FieldGroup'], LookupValue[]>>;

export const useEventLookupStore = defineStore('corporateActionsLookup', () => {
  const data = ref<EventLookupData>();
  const loading = ref(false);
  const error = ref<string>();
  let reading: Promise<void> | undefined;
  const owned = useOwnedState(() => {
    data.value = undefined;
    error.value = undefined;
    reading = undefined;
  });

  /** Reads the lists unless read for this user already (or being read); `refresh` asks main to read the service again. */
  function load(refresh = false): Promise<void> {
    if (refresh) reading = undefined;
    reading ??= (async () => {
      loading.value = true;
      try {
        data.value = await call('corporateActions:lookupData', refresh ? { refresh } : undefined, { signal: owned.signal });
        error.value = undefined;
      } catch (caught) {
        reading = undefined;
        if (!isCancelled(caught)) error.value = messageOf(caught);
      } finally {
        loading.value = false;
      }
    })();
    return reading;
  }

  const lists = computed<LookupLists>(() =>
    Object.fromEntries((data.value?.Data ?? []).map((group) => [group.FieldGroup, group.Values])),
  );

  return { lists, loaded: computed(() => data.value !== undefined), loading, error, load };
});
