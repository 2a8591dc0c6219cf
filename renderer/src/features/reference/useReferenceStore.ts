/**
 * Server state of the reference lists: countries, time zones and currency pairs, each read
 * once (or again on refresh) with its failure kept as a message to show. They were read for the
 * signed-in user: another user reads them again.
 */
import { defineStore } from 'pinia';
import { computed, ref, type Ref } from 'vue';
import type { CountryDetails, CurrencyPairDetails, TimeZoneDetails } from '../../../../contract/wire/types';
import { call, isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState, type OwnedState } from '../session/useOwnedState';

interface ListState<T> {
  items: Ref<T[]>;
  loading: Ref<boolean>;
  error: Ref<string | undefined>;
  load: (refresh?: boolean) => Promise<void>;
  reset: () => void;
}

/** One list with its loading flag and error, read by `read`. */
function listState<T>(read: (refresh: boolean, signal: AbortSignal) => Promise<T[]>, owned: OwnedState): ListState<T> {
  const items = ref<T[]>([]) as Ref<T[]>;
  const loading = ref(false);
  const error = ref<string>();
  let loaded = false;
  async function load(refresh = false): Promise<void> {
    if (loading.value || (loaded && !refresh)) return;
    const signal = owned.signal;
    loading.value = true;
    error.value = undefined;
    try {
      items.value = await read(refresh, signal);
      loaded = true;
    } catch (failure) {
      if (!isCancelled(failure)) error.value = messageOf(failure);
    } finally {
      // A read cancelled by a change of user was already reset, and a new one may be running.
      if (!signal.aborted) loading.value = false;
    }
  }
  function reset(): void {
    items.value = [];
    loading.value = false;
    error.value = undefined;
    loaded = false;
  }
  return { items, loading, error, load, reset };
}

export const useReferenceStore = defineStore('reference', () => {
  const owned = useOwnedState(() => {
    countriesList.reset();
    timeZonesList.reset();
    currencyPairsList.reset();
  });
  // `refresh` bypasses main's cache of the list.
  const countriesList = listState<CountryDetails>(
    async (refresh, signal) => (await call('reference:countries', refresh ? { refresh } : undefined, { signal })).Data,
    owned,
  );
  const timeZonesList = listState<TimeZoneDetails>(
    async (refresh, signal) => (await call('reference:timeZones', refresh ? { refresh } : undefined, { signal })).Data,
    owned,
  );
  const currencyPairsList = listState<CurrencyPairDetails>(
    async (refresh, signal) => (await call('reference:currencyPairs', refresh ? { refresh } : {}, { signal })).Data,
    owned,
  );

  const zoneNames = computed(() => new Map(timeZonesList.items.value.map((zone) => [zone.TimeZoneId, zone.ZoneName])));

  /** The IANA name of a platform time zone id, once the time zones are loaded. */
  function zoneNameOf(timeZoneId: number | string | undefined): string | undefined {
    return timeZoneId === undefined ? undefined : zoneNames.value.get(String(timeZoneId));
  }

  return {
    countries: countriesList.items,
    loadingCountries: countriesList.loading,
    countriesError: countriesList.error,
    loadCountries: countriesList.load,
    timeZones: timeZonesList.items,
    loadingTimeZones: timeZonesList.loading,
    timeZonesError: timeZonesList.error,
    loadTimeZones: timeZonesList.load,
    currencyPairs: currencyPairsList.items,
    loadingCurrencyPairs: currencyPairsList.loading,
    currencyPairsError: currencyPairsList.error,
    loadCurrencyPairs: currencyPairsList.load,
    zoneNameOf,
  };
});
