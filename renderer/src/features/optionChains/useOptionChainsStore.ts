/**
 * Server state of option chains: each option root's space (expiries only, no contracts), and
 * the contracts of one expiry at a time, read lazily with `OptionSpaceSegment=SpecificDates`
 * so that even the largest root (10,000+ contracts) is never read whole. Also the chain's
 * view settings, kept per root so that coming back from a contract finds the chain as left.
 * All of it belongs to the signed-in user: another user starts from nothing.
 */
import { defineStore } from 'pinia';
import { reactive, ref, shallowReactive } from 'vue';
import type { ContractOptionSpace, SpecificOption } from '../../../../contract/wire/types';
import { call } from '../../shared/desk';
import { isoDay } from '../../shared/dates';
import { loadInto, type Loadable } from '../../shared/loadable';
import { optionRootAssetTypes } from '../instruments/logic/assetTypes';
import { useInstrumentSearch } from '../instruments/useInstrumentSearch';
import { useOwnedState } from '../session/useOwnedState';

/** How many strikes either side of the centre a chain shows (`'all'` for every strike). */
export type StrikeHalfWidth = number | 'all';

/** The chain's settings for one root. */
export interface ChainSettings {
  /** `yyyy-mm-dd` of the expiry in front. */
  activeExpiry: string | undefined;
  /** Further expiries shown stacked below the active one. */
  stackedExpiries: string[];
  /** A reference price typed by the user; the centre is the middle strike without one. */
  referencePrice: number | null;
}

export const useOptionChainsStore = defineStore('optionChains', () => {
  const rootSearch = useInstrumentSearch({ pageSize: 50, defaultAssetTypes: optionRootAssetTypes, listWithoutKeywords: true });
  const spaces = shallowReactive(new Map<number, Loadable<ContractOptionSpace>>());
  const expiryContracts = shallowReactive(new Map<string, Loadable<SpecificOption[]>>());
  const settings = reactive(new Map<number, ChainSettings>());
  /** The strike window's width (a preference, not data). */
  const halfWidth = ref<StrikeHalfWidth>(15);
  const owned = useOwnedState(() => {
    spaces.clear();
    expiryContracts.clear();
    settings.clear();
  });

  /** The settings of a root, created on first use. */
  function settingsOf(optionRootId: number): ChainSettings {
    let found = settings.get(optionRootId);
    if (!found) {
      settings.set(optionRootId, { activeExpiry: undefined, stackedExpiries: [], referencePrice: null });
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
      return space.OptionSpace.find((candidate) => isoDay(candidate.Expiry) === expiry)?.SpecificOptions ?? [];
    });
  }

  return { rootSearch, spaces, settingsOf, openRoot, loadSpace, contractsOf, loadExpiry, halfWidth };
});
