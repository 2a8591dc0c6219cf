/**
 * Server state of the reference lists: countries, time zones, currency pairs and exchanges, each
 * read once (or again on refresh) with its failure kept as a message to show. Currency pairs
 * come with their FX spots' symbols, which say which way the market quotes each pair. They were
 * read for the signed-in user: another user reads them again.
 */
import { defineStore } from 'pinia';
import { computed, ref, type Ref } from 'vue';
import type { CountryDetails, CurrencyPairDetails, ExchangeDetails, TimeZoneDetails } from '../../../../contract/wire/types';
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
  /** The read running: a second caller (another store, another view) waits for it rather than reading again. */
  let running: Promise<void> | undefined;
  async function readNow(refresh: boolean): Promise<void> {
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
  function load(refresh = false): Promise<void> {
    if (running) return running;
    if (loaded && !refresh) return Promise.resolve();
    const current = readNow(refresh).finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  }
  function reset(): void {
    items.value = [];
    loading.value = false;
    error.value = undefined;
    loaded = false;
    running = undefined;
  }
  return { items, loading, error, load, reset };
}

/** Most uics the details list takes in one request. */
const UICS_PER_REQUEST = 200;

/** The FX spots' symbols of the pairs' uics (EURUSD), which name each pair the way the market quotes it. */
async function readPairSymbols(pairs: readonly CurrencyPairDetails[], signal: AbortSignal): Promise<Map<number, string>> {
  const uics = [...new Set(pairs.flatMap((currency) => currency.RelatedCurrencies.map((related) => related.Uic)))];
  const symbols = new Map<number, string>();
  for (let start = 0; start < uics.length; start += UICS_PER_REQUEST) {
    const feed = await call(
      'instruments:detailsList',
      { Uics: uics.slice(start, start + UICS_PER_REQUEST), AssetTypes: ['FxSpot'], $top: UICS_PER_REQUEST },
      { signal },
    );
    for (const details of feed.Data) if (details.Uic !== undefined && details.Symbol) symbols.set(details.Uic, details.Symbol);
  }
  return symbols;
}

export const useReferenceStore = defineStore('reference', () => {
  const owned = useOwnedState(() => {
    countriesList.reset();
    timeZonesList.reset();
    currencyPairsList.reset();
    exchangesList.reset();
    pairSymbols.value = new Map();
  });
  /** uic → the FX spot's symbol, for the pairs read (empty where the symbols could not be read). */
  const pairSymbols = ref(new Map<number, string>());
  // `refresh` bypasses main's cache of the list.
  const countriesList = listState<CountryDetails>(
    async (refresh, signal) => (await call('reference:countries', refresh ? { refresh } : undefined, { signal })).Data,
    owned,
  );
  const timeZonesList = listState<TimeZoneDetails>(
    async (refresh, signal) => (await call('reference:timeZones', refresh ? { refresh } : undefined, { signal })).Data,
    owned,
  );
  const currencyPairsList = listState<CurrencyPairDetails>(async (refresh, signal) => {
    const pairs = (await call('reference:currencyPairs', refresh ? { refresh } : {}, { signal })).Data;
    try {
      pairSymbols.value = await readPairSymbols(pairs, signal);
    } catch (failure) {
      // The pairs still show, ordered by the market's precedence of currencies.
      if (isCancelled(failure)) throw failure;
      pairSymbols.value = new Map();
    }
    return pairs;
  }, owned);
  const exchangesList = listState<ExchangeDetails>(
    async (refresh, signal) => (await call('reference:exchanges', refresh ? { refresh } : undefined, { signal })).Data,
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
    pairSymbols,
    exchanges: exchangesList.items,
    loadingExchanges: exchangesList.loading,
    exchangesError: exchangesList.error,
    loadExchanges: exchangesList.load,
    zoneNameOf,
  };
});
