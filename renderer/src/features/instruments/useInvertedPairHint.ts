/**
 * Points a search for a currency pair typed the other way round (`usdeur`) to the pair as the
 * market quotes it (EURUSD): the currency pairs are read (cached in main) only once the words
 * look like a pair.
 */
import { computed, watch } from 'vue';
import { useReferenceStore } from '../reference/useReferenceStore';
import { currencyPairRows } from '../reference/logic/referenceLists';
import { invertedPairOf, typedPair } from './logic/invertedPair';

export function useInvertedPairHint(keywords: () => string) {
  const reference = useReferenceStore();
  watch(
    () => typedPair(keywords()) !== undefined,
    (looksLikePair) => looksLikePair && void reference.loadCurrencyPairs(),
    { immediate: true },
  );
  const rows = computed(() => currencyPairRows(reference.currencyPairs, reference.pairSymbols));
  return computed(() => invertedPairOf(keywords(), rows.value));
}
