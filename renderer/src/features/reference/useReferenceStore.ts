/**
 * Server state of the reference lists: countries, time zones and currency pairs, each read
 * once (or again on refresh) with its failure kept as a message to show.
 */
import { defineStore } from 'pinia';
import { computed, ref, type Ref } from 'vue';
import type { CountryDetails, CurrencyPairDetails, TimeZoneDetails } from '../../../../contract/wire/types';
import { call } from '../../shared/desk';

interface ListState<T> {
  items: Ref<T[]>;
  loading: Ref<boolean>;
  error: Ref<string | undefined>;
  load: (refresh?: boolean) => Promise<void>;
}

/** One list with its loading flag and error, read by `read`. */
function listState<T>(read: (refresh: boolean) => Promise<T[]>): ListState<T> {
  const items = ref<T[]>([]) as Ref<T[]>;
  const loading = ref(false);
  const error = ref<string>();
  let loaded = false;
  async function load(refresh = false): Promise<void> {
    if (loading.value || (loaded && !refresh)) return;
    loading.value = true;
    error.value = undefined;
    try {
      items.value = await read(refresh);
      loaded = true;
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
    } finally {
      loading.value = false;
    }
  }
  return { items, loading, error, load };
}

export const useReferenceStore = defineStore('reference', () => {
  // `refresh` bypasses main's cache of the list.
  const countriesList = listState<CountryDetails>(
    async (refresh) => (await call('reference:countries', refresh ? { refresh } : undefined)).Data,
  );
  const timeZonesList = listState<TimeZoneDetails>(
    async (refresh) => (await call('reference:timeZones', refresh ? { refresh } : undefined)).Data,
  );
  const currencyPairsList = listState<CurrencyPairDetails>(
    async (refresh) => (await call('reference:currencyPairs', refresh ? { refresh } : {})).Data,
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
