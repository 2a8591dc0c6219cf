/**
 * The prices an option chain shows: the underlying's quote (the chain centres on it and shades
 * the money by it) and the watch main keeps for what is on screen: the underlying and, of each
 * shown expiry, the strikes its grid has in view (or some rows around the centre until the grid
 * says).
 */
import { computed, reactive, type ComputedRef, type Ref } from 'vue';
import type { WatchedChain } from '../../../../../contract/prices';
import type { ContractOptionSpace } from '../../../../../contract/wire/types';
import { usePricesStore } from '../../prices/usePricesStore';
import { usePriceWatch } from '../../prices/usePriceWatch';
import { underlyingPriceOf } from './logic/chainPrices';
import type { StrikeWindow } from './logic/strikeWindow';
import { centreRange, chainWatchOf, type StrikeRange } from './logic/visibleStrikes';

/** Rows quoted for an expiry before its grid says what it shows. */
const FIRST_ROWS = 25;

/** The underlying of `root` and its live quote and price. */
export function useChainUnderlying(root: ComputedRef<ContractOptionSpace | undefined>) {
  const prices = usePricesStore();
  /** The instrument the root's options are on (an index, a share, a futures contract). */
  const underlying = computed(() => root.value?.RelatedInstruments?.[0]);
  const underlyingQuote = computed(() => prices.quoteOf(underlying.value?.AssetType, underlying.value?.Uic));
  // Recomputed on every push, but its dependents run only when the figure itself changes.
  const underlyingPrice = computed(() => underlyingPriceOf(underlyingQuote.value));
  const priceDecimals = computed(() => root.value?.Format?.Decimals);
  return { underlying, underlyingQuote, underlyingPrice, priceDecimals };
}

/** One shown expiry, as far as the watch needs it. */
interface WatchedSection {
  expiry: string;
  loading: boolean;
  rows: readonly unknown[];
  window: StrikeWindow;
}

/** Watches the underlying and the strikes in view through main while the chain is on screen. */
export function useChainPriceWatch(
  optionRootId: Ref<number>,
  root: ComputedRef<ContractOptionSpace | undefined>,
  underlying: ComputedRef<{ AssetType: string; Uic: number } | undefined>,
  sections: ComputedRef<WatchedSection[]>,
) {
  /** The strikes each shown expiry's grid has on screen, as the grids report them. */
  const visibleStrikes = reactive(new Map<string, StrikeRange>());
  function setVisibleStrikes(expiry: string, range: StrikeRange | undefined): void {
    if (range) visibleStrikes.set(expiry, range);
    else visibleStrikes.delete(expiry);
  }
  usePriceWatch(() => {
    const assetType = root.value?.AssetType;
    const chain =
      assetType === 'StockOption' || assetType === 'StockIndexOption' || assetType === 'FuturesOption'
        ? chainWatchOf(
            optionRootId.value,
            assetType as WatchedChain['AssetType'],
            sections.value
              .filter((section) => !section.loading && section.rows.length > 0)
              .map((section) => ({
                expiry: section.expiry,
                range:
                  visibleStrikes.get(section.expiry) ??
                  centreRange(section.window.strikes, section.window.centre, FIRST_ROWS),
              })),
          )
        : undefined;
    return {
      instruments: underlying.value ? [underlying.value] : [],
      chains: chain ? [chain] : [],
    };
  });
  return { setVisibleStrikes };
}
