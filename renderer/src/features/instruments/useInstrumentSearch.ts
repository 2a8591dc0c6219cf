/**
 * Search as you type over the instruments feed: criteria changes are debounced (the first
 * change after a pause searches at once, a burst of keystrokes searches once), a new search
 * cancels the one still running (in main and at the service), and `loadMore` pages through
 * the feed with $top/$skip for infinite scrolling. Used by the Instruments workspace and the
 * command palette, each with its own state, and by the option roots and futures browsers. What
 * it found belongs to the signed-in user: another user (or none) starts from an empty search.
 */
import { computed, onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue';
import type { SummaryInfo } from '../../../../contract/wire/types';
import { shellResponding } from '../../shared/bridgeHealth';
import { call, isCancelled, messageOf, supersedingCalls } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import type { KnownAssetType } from './logic/assetTypes';

export interface InstrumentSearchOptions {
  /** Rows per page of the feed. */
  pageSize?: number;
  /** Keystrokes closer together than this are coalesced into one search after the last. */
  debounceMs?: number;
  /** Asset types searched when the user picked none (the Option chains workspace: option roots). */
  defaultAssetTypes?: readonly KnownAssetType[];
  /** List everything of the default asset types before any word is typed (browsing). */
  listWithoutKeywords?: boolean;
}

/**
 * Where the trader was in the results: the first row shown, the row with the keyboard and the
 * row previewed, so coming back from a result finds the list as it was left.
 */
export interface SearchPlace {
  /** Index of the first row in view. */
  topIndex: number;
  /** summaryKey of the row with the keyboard focus. */
  focusedKey: string | undefined;
  /** summaryKey of the row shown in the preview panel. */
  previewKey: string | undefined;
}

const TOP_OF_RESULTS: SearchPlace = { topIndex: 0, focusedKey: undefined, previewKey: undefined };

export interface InstrumentSearch {
  keywords: Ref<string>;
  assetTypes: Ref<KnownAssetType[]>;
  exchangeId: Ref<string>;
  results: Ref<SummaryInfo[]>;
  total: Ref<number | undefined>;
  hasMore: Ref<boolean>;
  loading: Ref<boolean>;
  loadingMore: Ref<boolean>;
  /** True while the search waits on RefDesk's main process, which does not respond (bridgeHealth.ts). */
  waitsOnUnresponsiveMain: Ref<boolean>;
  error: Ref<string | undefined>;
  /** The keywords the shown results were found with (for highlighting). */
  searchedKeywords: Ref<string>;
  /** True once criteria exist (the service refuses a search without any). */
  hasCriteria: Ref<boolean>;
  /** Where the trader was in the results (back at the top for every new search). */
  place: Ref<SearchPlace>;
  /** Runs the search now, skipping the debounce (Enter in the box). */
  searchNow: () => Promise<void>;
  /** Appends the next page of the feed, if any. */
  loadMore: () => Promise<void>;
}

/** A search state with its own debounce, cancellation and paging. */
export function useInstrumentSearch(options: InstrumentSearchOptions = {}): InstrumentSearch {
  const pageSize = options.pageSize ?? 50;
  const debounceMs = options.debounceMs ?? 40;
  const keywords = ref('');
  const assetTypes = ref<KnownAssetType[]>([]);
  const exchangeId = ref('');
  const results = shallowRef<SummaryInfo[]>([]);
  const total = ref<number>();
  const hasMore = ref(false);
  const loading = ref(false);
  const loadingMore = ref(false);
  const error = ref<string>();
  const searchedKeywords = ref('');
  const place = ref<SearchPlace>({ ...TOP_OF_RESULTS });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const calls = supersedingCalls();
  /** The criteria a reset left behind: that change of criteria is no search the user asked for. */
  let criteriaOfReset: string | undefined;
  const owned = useOwnedState(reset);

  const criteria = computed(() => {
    const words = keywords.value.trim().replace(/\s+/g, ' ');
    const types = assetTypes.value.length > 0 ? assetTypes.value : options.defaultAssetTypes;
    return {
      ...(words ? { Keywords: words } : {}),
      ...(types && types.length > 0 ? { AssetTypes: [...types] } : {}),
      ...(exchangeId.value.trim() ? { ExchangeId: exchangeId.value.trim() } : {}),
    };
  });
  // Default asset types alone are no search the user asked for, unless this search browses.
  const hasCriteria = computed(() =>
    Boolean(
      criteria.value.Keywords ||
        criteria.value.ExchangeId ||
        assetTypes.value.length ||
        (options.listWithoutKeywords && criteria.value.AssetTypes),
    ),
  );

  async function fetchPage(skip: number, controller: AbortController) {
    return call(
      'instruments:search',
      { ...criteria.value, $top: pageSize, $skip: skip },
      { signal: owned.signalWith(controller.signal) },
    );
  }

  async function searchNow(): Promise<void> {
    clearTimeout(timer);
    const controller = calls.start();
    if (!hasCriteria.value) {
      results.value = [];
      total.value = undefined;
      hasMore.value = false;
      loading.value = false;
      error.value = undefined;
      searchedKeywords.value = '';
      return;
    }
    const words = criteria.value.Keywords ?? '';
    loading.value = true;
    try {
      const feed = await fetchPage(0, controller);
      if (controller.signal.aborted) return;
      results.value = feed.Data;
      place.value = { ...TOP_OF_RESULTS };
      total.value = feed.__count;
      hasMore.value = feed.__next !== undefined;
      searchedKeywords.value = words;
      error.value = undefined;
    } catch (failure) {
      if (isCancelled(failure) || controller.signal.aborted) return;
      error.value = messageOf(failure);
      results.value = [];
      hasMore.value = false;
    } finally {
      if (calls.isCurrent(controller)) loading.value = false;
    }
  }

  async function loadMore(): Promise<void> {
    if (!hasMore.value || loading.value || loadingMore.value) return;
    const controller = calls.start();
    loadingMore.value = true;
    try {
      const feed = await fetchPage(results.value.length, controller);
      if (controller.signal.aborted) return;
      results.value = [...results.value, ...feed.Data];
      hasMore.value = feed.__next !== undefined && feed.Data.length > 0;
      if (feed.__count !== undefined) total.value = feed.__count;
    } catch (failure) {
      if (isCancelled(failure) || controller.signal.aborted) return;
      error.value = messageOf(failure);
    } finally {
      loadingMore.value = false;
    }
  }

  // Leading and trailing debounce: a change after a quiet spell searches at once (the first
  // keystroke answers fastest); changes in quick succession wait for a pause and search once.
  let lastChangeAt = Number.NEGATIVE_INFINITY;
  watch(criteria, (next) => {
    const fromReset = criteriaOfReset === JSON.stringify(next);
    criteriaOfReset = undefined;
    if (fromReset) return;
    clearTimeout(timer);
    const now = performance.now();
    const quiet = now - lastChangeAt >= debounceMs;
    lastChangeAt = now;
    // Results on screen stay until the new ones arrive; the busy flag tells the user.
    loading.value = hasCriteria.value;
    if (quiet) void searchNow();
    else timer = setTimeout(() => void searchNow(), debounceMs);
  });

  /** Back to an empty search: no criteria, no results, nothing running. */
  function reset(): void {
    clearTimeout(timer);
    calls.cancel();
    keywords.value = '';
    assetTypes.value = [];
    exchangeId.value = '';
    criteriaOfReset = JSON.stringify(criteria.value);
    results.value = [];
    total.value = undefined;
    hasMore.value = false;
    loading.value = false;
    loadingMore.value = false;
    error.value = undefined;
    searchedKeywords.value = '';
    place.value = { ...TOP_OF_RESULTS };
  }

  onScopeDispose(() => {
    clearTimeout(timer);
    calls.cancel();
  });

  const waitsOnUnresponsiveMain = computed(() => (loading.value || loadingMore.value) && !shellResponding.value);

  return {
    keywords, assetTypes, exchangeId, results, total, hasMore, loading, loadingMore, waitsOnUnresponsiveMain, error,
    searchedKeywords, hasCriteria, place, searchNow, loadMore,
  };
}
