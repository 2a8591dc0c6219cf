/**
 * The workflow of one option root's chain, between the store and the chain's components: the
 * root and its expiry tabs (filtered by kind, or to the expiries that exercise into one futures
 * contract), the active expiry with further ones stacked below it, each shown expiry's rows
 * inside a strike window around one centre (so stacked strikes line up), the columns the trader
 * chose for this root (less the OCC symbol where the OCC clears none of them), each shown
 * expiry's header (what its contracts share, the future it exercises into), and the contracts
 * (and, when shown, their symbols) read one expiry at a time as they come into view. Days count
 * from the service's day (useServiceDayStore), so a simulated day shows its own counts. Prices:
 * the underlying's quote (the window centres on it unless the trader typed a reference price)
 * and the quotes of the strikes each grid shows, watched through main while the chain is on
 * screen.
 */
import { computed, watch, type Ref } from 'vue';
import { useReferenceStore } from '../../reference/useReferenceStore';
import { onOwnerArrival } from '../../session/useOwnedState';
import { useServiceDayStore } from '../../session/useServiceDayStore';
import type { ChainExpiryFacts } from './logic/chainCells';
import { chainRows, strikesOf, type ChainRow } from './logic/chainRows';
import type { ChainColumnId } from './logic/chainColumns';
import { expiryHeaderItems, type ExpiryHeaderFacts, type ExpiryHeaderItem } from './logic/expiryHeader';
import { expiryTabs, tabsOfKinds } from './logic/expiryTabs';
import { occUnavailableReason } from './logic/optionSymbols';
import { nearestStrikeIndex, strikeWindow, type StrikeWindow } from './logic/strikeWindow';
import { useChainPriceWatch, useChainUnderlying } from './useChainPrices';
import { useExpiryNavigation } from './useExpiryNavigation';
import { useOptionChainsStore } from './useOptionChainsStore';

/** One expiry on screen, with the rows of its strike window. */
export interface ShownExpiry {
  expiry: string;
  label: string;
  loading: boolean;
  error: string | undefined;
  rows: ChainRow[];
  window: StrikeWindow;
  facts: ChainExpiryFacts;
  /** What the expiry's contracts share, said once above its grid. */
  header: ExpiryHeaderItem[];
}

/**
 * The chain of the root `optionRootId` names (nothing is read while it is not a valid id);
 * with `underlyingUic`, only the expiries exercising into that futures contract.
 */
export function useOptionChain(optionRootId: Ref<number>, underlyingUic?: Ref<number | undefined>) {
  const chains = useOptionChainsStore();
  const reference = useReferenceStore();
  const serviceDay = useServiceDayStore();
  const validRoot = () => Number.isInteger(optionRootId.value) && optionRootId.value > 0;

  function openRoot(): void {
    if (!validRoot()) return;
    const id = optionRootId.value;
    chains.settingsOf(id);
    void chains.openRoot(id);
    if (underlyingUic?.value) void chains.loadExpiriesInto(id, underlyingUic.value);
    // The last trade is shown in the exchange's time: its zone comes from the exchanges list
    // (or, where that lacks the exchange, the time zones list).
    void reference.loadExchanges();
    void reference.loadTimeZones();
  }
  // Runs first (immediate, defined before the computeds read them) so the root's settings exist.
  watch([optionRootId, () => underlyingUic?.value], openRoot, { immediate: true });
  // A user who signs in after another (or after signing out) gets the chain read for them.
  onOwnerArrival(openRoot);

  const space = computed(() => chains.spaces.get(optionRootId.value));
  const root = computed(() => space.value?.value);
  const settings = computed(() => chains.settingsOf(optionRootId.value));
  const allTabs = computed(() => expiryTabs(root.value?.OptionSpace ?? [], serviceDay.today));
  const into = computed(() =>
    underlyingUic?.value ? chains.expiriesInto(optionRootId.value, underlyingUic.value) : undefined,
  );
  /** The tabs the trader sees: of the chosen kinds, and (from a ladder) those into its contract. */
  const tabs = computed(() => {
    const kinds = tabsOfKinds(allTabs.value, settings.value.kinds);
    const expiries = into.value?.value;
    return expiries ? kinds.filter((tab) => expiries.includes(tab.expiry)) : kinds;
  });
  /** The active expiry and those stacked below it, of the tabs shown (none when no tab is). */
  const shownExpiries = computed(() => {
    const active = settings.value.activeExpiry;
    const order = tabs.value.map((tab) => tab.expiry);
    if (!active || !order.includes(active)) return [];
    const stacked = settings.value.stackedExpiries.filter(
      (expiry) => expiry !== active && order.includes(expiry),
    );
    return [active, ...stacked.sort((a, b) => order.indexOf(a) - order.indexOf(b))];
  });
  /** Why this root's contracts have no OCC symbol (a futures option, a root listed outside the US). */
  const occUnavailable = computed(() => (root.value ? occUnavailableReason(root.value) : undefined));
  /** The columns chosen for this root, as the trader ordered them. */
  const chosenColumns = computed(() => chains.columnsOf(optionRootId.value));
  /** The chosen columns the chain shows: never an OCC symbol the OCC does not clear. */
  const columns = computed(() => {
    const shown = chosenColumns.value.filter(
      (id) => id !== 'occSymbol' || occUnavailable.value === undefined,
    );
    return shown.length > 0 ? shown : (['symbol'] as ChainColumnId[]);
  });
  const isFuturesOption = computed(() => root.value?.AssetType === 'FuturesOption');
  const zoneName = computed(() => {
    const exchange = root.value?.Exchange;
    return (
      reference.exchanges.find((known) => known.ExchangeId === exchange?.ExchangeId)?.TimeZoneName ??
      reference.zoneNameOf(exchange?.TimeZoneId)
    );
  });

  function factsOf(expiry: string): ChainExpiryFacts {
    const symbols = chains.symbolsOf(optionRootId.value, expiry);
    return {
      rootSymbol: root.value?.Symbol ?? '',
      expiry,
      occUnavailable: occUnavailable.value,
      // A failed read of the symbols shows dashes rather than waiting forever.
      symbols: symbols?.value ?? (symbols?.error ? new Map() : undefined),
    };
  }

  /** The futures contract an expiry's contracts exercise into (futures options only): their UnderlyingUic. */
  function underlyingUicOf(expiry: string): number | undefined {
    return chains.contractsOf(optionRootId.value, expiry)?.value?.find((option) => option.UnderlyingUic)
      ?.UnderlyingUic;
  }

  function headerOf(expiry: string): ExpiryHeaderItem[] {
    const tab = allTabs.value.find((candidate) => candidate.expiry === expiry);
    const facts: ExpiryHeaderFacts = {
      daysToExpiry: tab?.daysToExpiry,
      lastTrade: tab?.lastTrade,
      daysToLastTrade: tab?.daysToLastTrade,
      zoneName: zoneName.value,
      exerciseStyle: root.value?.ExerciseStyle,
      settlement: root.value?.SettlementStyle,
    };
    if (isFuturesOption.value) {
      const contracts = chains.contractsOf(optionRootId.value, expiry);
      const uic = underlyingUicOf(expiry);
      const future = uic === undefined ? undefined : chains.futureSymbolOf(uic);
      facts.underlyingFuture = {
        symbol: future?.value,
        loading: (contracts?.loading ?? true) || (uic !== undefined && (future?.loading ?? true)),
        error: contracts?.error ?? future?.error,
      };
    }
    return expiryHeaderItems(facts);
  }

  const { underlying, underlyingQuote, underlyingPrice, priceDecimals } = useChainUnderlying(root);

  /** Each shown expiry's rows, kept while its contracts stay (so the grids keep their row objects). */
  const rowsOf = computed(
    () =>
      new Map(
        shownExpiries.value.map((expiry) => [
          expiry,
          chainRows(chains.contractsOf(optionRootId.value, expiry)?.value ?? []),
        ]),
      ),
  );
  /**
   * The strike nearest the underlying in the active expiry: the window follows the underlying
   * when it crosses to another strike, not on every tick (a computed that keeps its value does
   * not rebuild the sections, the grids' rows or their columns).
   */
  const underlyingStrike = computed(() => {
    const strikes = strikesOf(rowsOf.value.get(shownExpiries.value[0] ?? '') ?? []);
    const price = underlyingPrice.value;
    return price === undefined || strikes.length === 0
      ? undefined
      : strikes[nearestStrikeIndex(strikes, price)];
  });

  /** The rows each grid was last given: kept while the window shows the same strikes. */
  const givenRows = new Map<string, ChainRow[]>();
  const sections = computed<ShownExpiry[]>(() => {
    let centre: number | null = settings.value.referencePrice;
    return shownExpiries.value.map((expiry) => {
      const contracts = chains.contractsOf(optionRootId.value, expiry);
      const allRows = rowsOf.value.get(expiry) ?? [];
      // The active expiry centres on the reference price, else the underlying's strike; stacked
      // expiries centre where the active one does, so the strikes line up.
      const window = strikeWindow(strikesOf(allRows), chains.halfWidth, centre, underlyingStrike.value);
      centre ??= window.centre ?? null;
      const inWindow = new Set(window.strikes);
      return {
        expiry,
        label: allTabs.value.find((tab) => tab.expiry === expiry)?.heading ?? expiry,
        loading: contracts?.loading ?? true,
        error: contracts?.error,
        rows: keptRows(
          expiry,
          allRows.filter((row) => inWindow.has(row.strike)),
        ),
        window,
        facts: factsOf(expiry),
        header: headerOf(expiry),
      };
    });
  });
  /** The rows given before when they are the same (a grid given a new array sets its rows again). */
  function keptRows(expiry: string, rows: ChainRow[]): ChainRow[] {
    const given = givenRows.get(expiry);
    if (given?.length === rows.length && given.every((row, index) => row === rows[index])) return given;
    givenRows.set(expiry, rows);
    return rows;
  }
  const activeWindow = computed(() => sections.value[0]?.window);

  const { setVisibleStrikes } = useChainPriceWatch(optionRootId, root, underlying, sections);
  const strikeDecimals = computed(() => root.value?.Format?.StrikeDecimals ?? 0);

  watch(
    shownExpiries,
    (expiries) => {
      for (const expiry of expiries) void chains.loadExpiry(optionRootId.value, expiry);
    },
    { immediate: true },
  );
  // The contracts' own symbols are read only while a shown chain has that column.
  watch(
    () => [columns.value.includes('symbol'), sections.value.map((section) => !section.loading)] as const,
    ([showsSymbols]) => {
      if (!showsSymbols) return;
      for (const expiry of shownExpiries.value) void chains.loadSymbols(optionRootId.value, expiry);
    },
    { immediate: true },
  );
  // Futures options: the header names the future each shown expiry exercises into.
  watch(
    () => (isFuturesOption.value ? shownExpiries.value.map(underlyingUicOf) : []),
    (uics) => {
      for (const uic of uics) if (uic !== undefined) void chains.loadFutureSymbol(uic);
    },
    { immediate: true },
  );
  const navigation = useExpiryNavigation(settings, tabs, shownExpiries);

  function setColumns(next: ChainColumnId[]): void {
    chains.setColumns(optionRootId.value, next);
  }

  return {
    space,
    root,
    settings,
    allTabs,
    tabs,
    into,
    shownExpiries,
    sections,
    activeWindow,
    strikeDecimals,
    chosenColumns,
    columns,
    occUnavailable,
    ...navigation,
    setColumns,
    underlying,
    underlyingQuote,
    underlyingPrice,
    priceDecimals,
    setVisibleStrikes,
  };
}
