/**
 * Server state of option chains: each option root's space (expiries only, no contracts), the
 * contracts of one expiry at a time, read lazily with `OptionSpaceSegment=SpecificDates` so that
 * even the largest root (10,000+ contracts) is never read whole, the contracts' own symbols
 * (read from their details only when a chain shows that column), the expiries that exercise
 * into one futures contract (`OptionSpaceSegment=UnderlyingUic`), the symbols of the futures
 * contracts that futures options exercise into, and the other roots of a root's underlying. Also the chain's view settings, kept per root so that coming back from a
 * contract finds the chain as left, and the columns the trader chose per root (kept for this
 * profile and user across restarts, chainColumnPreferences.ts). The server state belongs to the
 * signed-in user: another user starts from nothing.
 */
import { defineStore } from 'pinia';
import { reactive, ref, shallowReactive, watch } from 'vue';
import type { ContractOptionSpace, SpecificOption } from '../../../../../contract/wire/types';
import { call } from '../../../shared/desk';
import { isoDay } from '../../../shared/dates';
import { loadInto, type Loadable } from '../../../shared/loadable';
import { knownAssetType, optionRootAssetTypes } from '../logic/assetTypes';
import { useInstrumentSearch } from '../useInstrumentSearch';
import { useOwnedState } from '../../session/useOwnedState';
import { useSessionStore } from '../../session/useSessionStore';
import { readChainColumns, writeChainColumns } from './chainColumnPreferences';
import { normalizedChainColumns, type ChainColumnId } from './logic/chainColumns';
import type { ExpiryKind } from './logic/expiryFlags';
import { relatedRootsOf, type RelatedRoot } from './logic/relatedRoots';

/** How many strikes either side of the centre a chain shows (`'all'` for every strike). */
export type StrikeHalfWidth = number | 'all';

/** Most uics the details list takes in one request. */
const UICS_PER_REQUEST = 200;

/** The chain's settings for one root. */
export interface ChainSettings {
  /** `yyyy-mm-dd` of the expiry in front. */
  activeExpiry: string | undefined;
  /** Further expiries shown stacked below the active one. */
  stackedExpiries: string[];
  /** A reference price typed by the user; the centre is the middle strike without one. */
  referencePrice: number | null;
  /** The expiry kinds the tabs show (every kind when empty). */
  kinds: ExpiryKind[];
}

export const useOptionChainsStore = defineStore('optionChains', () => {
  const rootSearch = useInstrumentSearch({
    pageSize: 50,
    defaultAssetTypes: optionRootAssetTypes,
    listWithoutKeywords: true,
  });
  const spaces = shallowReactive(new Map<number, Loadable<ContractOptionSpace>>());
  const expiryContracts = shallowReactive(new Map<string, Loadable<SpecificOption[]>>());
  const contractSymbols = shallowReactive(new Map<string, Loadable<Map<number, string>>>());
  const underlyingExpiries = shallowReactive(new Map<string, Loadable<string[]>>());
  const relatedRoots = shallowReactive(new Map<number, Loadable<RelatedRoot[]>>());
  const futureSymbols = shallowReactive(new Map<number, Loadable<string>>());
  const settings = reactive(new Map<number, ChainSettings>());
  /** The strike window's width (a preference, not data). */
  const halfWidth = ref<StrikeHalfWidth>(15);
  const owned = useOwnedState(() => {
    spaces.clear();
    expiryContracts.clear();
    contractSymbols.clear();
    underlyingExpiries.clear();
    relatedRoots.clear();
    futureSymbols.clear();
    settings.clear();
  });

  // The columns each root shows, as this profile's user chose them (undefined: the defaults).
  const session = useSessionStore();
  const columnChoices = ref<Record<string, ChainColumnId[]>>({});
  watch(
    () => session.ownerKey,
    (owner) => (columnChoices.value = readChainColumns(owner)),
    { immediate: true },
  );

  /** The columns of one root's chain, in the trader's order. */
  function columnsOf(optionRootId: number): ChainColumnId[] {
    return normalizedChainColumns(columnChoices.value[String(optionRootId)]);
  }

  /** Keeps the columns chosen for one root (for this profile and user, across restarts). */
  function setColumns(optionRootId: number, columns: readonly ChainColumnId[]): void {
    columnChoices.value = { ...columnChoices.value, [String(optionRootId)]: normalizedChainColumns(columns) };
    writeChainColumns(session.ownerKey, columnChoices.value);
  }

  /** The settings of a root, created on first use. */
  function settingsOf(optionRootId: number): ChainSettings {
    let found = settings.get(optionRootId);
    if (!found) {
      settings.set(optionRootId, {
        activeExpiry: undefined,
        stackedExpiries: [],
        referencePrice: null,
        kinds: [],
      });
      found = settings.get(optionRootId) as ChainSettings;
    }
    return found;
  }

  /**
   * Opens a root: its expiries, then the contracts of the expiry in front. Started as soon as
   * the trader chooses the root, so the chain is being read while the view is still changing.
   */
  async function openRoot(optionRootId: number): Promise<void> {
    settingsOf(optionRootId);
    await loadSpace(optionRootId);
    const active = settings.get(optionRootId)?.activeExpiry;
    if (active) await loadExpiry(optionRootId, active);
  }

  /** Reads a root and its list of expiries (no contracts), once; the first expiry comes to the front. */
  async function loadSpace(optionRootId: number): Promise<void> {
    const entry = await loadInto(spaces, optionRootId, () =>
      call('instruments:optionSpace', { OptionRootId: optionRootId }, { signal: owned.signal }),
    );
    const first = entry?.value?.OptionSpace[0];
    if (!first || spaces.get(optionRootId) !== entry) return;
    const chain = settingsOf(optionRootId);
    if (!chain.activeExpiry) chain.activeExpiry = isoDay(first.Expiry);
  }

  function expiryKey(optionRootId: number, expiry: string): string {
    return `${optionRootId}:${expiry}`;
  }

  /** The contracts of one expiry (undefined until asked for). */
  function contractsOf(optionRootId: number, expiry: string): Loadable<SpecificOption[]> | undefined {
    return expiryContracts.get(expiryKey(optionRootId, expiry));
  }

  /** Reads the contracts of one expiry (`yyyy-mm-dd`), once. */
  async function loadExpiry(optionRootId: number, expiry: string): Promise<void> {
    await loadInto(expiryContracts, expiryKey(optionRootId, expiry), async () => {
      const space = await call(
        'instruments:optionSpace',
        { OptionRootId: optionRootId, OptionSpaceSegment: 'SpecificDates', ExpiryDates: [expiry] },
        { signal: owned.signal },
      );
      return (
        space.OptionSpace.find((candidate) => isoDay(candidate.Expiry) === expiry)?.SpecificOptions ?? []
      );
    });
  }

  /** The exchange symbols of one expiry's contracts by uic (undefined until asked for). */
  function symbolsOf(optionRootId: number, expiry: string): Loadable<Map<number, string>> | undefined {
    return contractSymbols.get(expiryKey(optionRootId, expiry));
  }

  /**
   * Reads the symbols of one expiry's contracts from their details (the service sends them only
   * there), in batches of the details list's uic limit, once its contracts are known.
   */
  async function loadSymbols(optionRootId: number, expiry: string): Promise<void> {
    const contracts = contractsOf(optionRootId, expiry)?.value;
    const assetType = knownAssetType(spaces.get(optionRootId)?.value?.AssetType);
    if (!contracts || !assetType) return;
    const signal = owned.signal;
    await loadInto(contractSymbols, expiryKey(optionRootId, expiry), async () => {
      const symbols = new Map<number, string>();
      const uics = contracts.map((contract) => contract.Uic);
      for (let start = 0; start < uics.length; start += UICS_PER_REQUEST) {
        const batch = uics.slice(start, start + UICS_PER_REQUEST);
        const feed = await call(
          'instruments:detailsList',
          { Uics: batch, AssetTypes: [assetType], $top: UICS_PER_REQUEST },
          { signal },
        );
        for (const details of feed.Data) {
          if (details.Uic !== undefined && details.Symbol) symbols.set(details.Uic, details.Symbol);
        }
      }
      return symbols;
    });
  }

  /** The expiries of a root that exercise into one futures contract (undefined until asked for). */
  function expiriesInto(optionRootId: number, underlyingUic: number): Loadable<string[]> | undefined {
    return underlyingExpiries.get(expiryKey(optionRootId, String(underlyingUic)));
  }

  /**
   * Reads which expiries of a root exercise into `underlyingUic` (a futures contract): the
   * service returns their contracts with the answer, so those expiries need no read of their own.
   */
  async function loadExpiriesInto(optionRootId: number, underlyingUic: number): Promise<void> {
    await loadInto(underlyingExpiries, expiryKey(optionRootId, String(underlyingUic)), async () => {
      const space = await call(
        'instruments:optionSpace',
        { OptionRootId: optionRootId, OptionSpaceSegment: 'UnderlyingUic', UnderlyingUic: underlyingUic },
        { signal: owned.signal },
      );
      const expiries: string[] = [];
      for (const entry of space.OptionSpace) {
        if (!entry.SpecificOptions) continue;
        const expiry = isoDay(entry.Expiry);
        expiries.push(expiry);
        const key = expiryKey(optionRootId, expiry);
        if (!expiryContracts.get(key)?.value) {
          expiryContracts.set(
            key,
            shallowReactive({ value: entry.SpecificOptions, loading: false, error: undefined }),
          );
        }
      }
      const chain = settingsOf(optionRootId);
      if (expiries[0] && (!chain.activeExpiry || !expiries.includes(chain.activeExpiry)))
        chain.activeExpiry = expiries[0];
      return expiries;
    });
  }

  /** The symbol of a futures contract options exercise into (undefined until asked for). */
  function futureSymbolOf(uic: number): Loadable<string> | undefined {
    return futureSymbols.get(uic);
  }

  /**
   * Reads the symbol of the futures contract `uic` (the UnderlyingUic of a futures option's
   * contracts), once: the expiry's header names the future it exercises into.
   */
  async function loadFutureSymbol(uic: number): Promise<void> {
    await loadInto(futureSymbols, uic, async () => {
      const details = await call(
        'instruments:details',
        { Uic: uic, AssetType: 'ContractFutures' },
        { signal: owned.signal },
      );
      if (!details.Symbol) throw new Error(`the service gives no symbol for futures contract ${uic}`);
      return details.Symbol;
    });
  }

  /** The option roots of a root's underlying, this root included (undefined until asked for). */
  function relatedRootsOfRoot(optionRootId: number): Loadable<RelatedRoot[]> | undefined {
    return relatedRoots.get(optionRootId);
  }

  /**
   * Reads the other roots of a root's underlying (the underlying's RelatedOptionRootsEnhanced),
   * then each of those roots' spaces for their names.
   */
  async function loadRelatedRoots(optionRootId: number): Promise<void> {
    const underlying = spaces.get(optionRootId)?.value?.RelatedInstruments?.[0];
    const assetType = knownAssetType(underlying?.AssetType);
    if (!underlying || !assetType) return;
    const entry = await loadInto(relatedRoots, optionRootId, async () => {
      const details = await call(
        'instruments:details',
        { Uic: underlying.Uic, AssetType: assetType },
        { signal: owned.signal },
      );
      return relatedRootsOf(details, optionRootId);
    });
    for (const root of entry?.value ?? [])
      if (root.optionRootId !== optionRootId) void loadSpace(root.optionRootId);
  }

  return {
    rootSearch,
    spaces,
    settingsOf,
    openRoot,
    loadSpace,
    contractsOf,
    loadExpiry,
    symbolsOf,
    loadSymbols,
    expiriesInto,
    loadExpiriesInto,
    relatedRootsOfRoot,
    loadRelatedRoots,
    futureSymbolOf,
    loadFutureSymbol,
    columnsOf,
    setColumns,
    halfWidth,
  };
});
