/**
 * Server state of the Instruments workspace: its search (kept while the user visits other
 * workspaces), the command palette's search, and instrument details with their field groups
 * and trading schedules, cached per instrument so moving back and forth does not read the
 * service again. Also the ISINs searches found instruments by: the service sends no ISIN in
 * details (the platform may not distribute them), but a search for a whole ISIN whose result
 * matched it exactly says which instrument carries it. All of it belongs to the signed-in user:
 * another user starts from nothing.
 */
import { defineStore } from 'pinia';
import { ref, shallowReactive, watch } from 'vue';
import type { InstrumentDetails, InstrumentTradeSessions } from '../../../../contract/wire/types';
import { call } from '../../shared/desk';
import { loadInto, type Loadable } from '../../shared/loadable';
import { useOwnedState } from '../session/useOwnedState';
import type { KnownAssetType } from './logic/assetTypes';
import { normalizedFieldGroups, type ToggleableFieldGroup } from './logic/fieldGroups';
import { isIsin } from './logic/isin';
import { useInstrumentSearch, type InstrumentSearch } from './useInstrumentSearch';

/** Identifies one instrument. */
export interface InstrumentKey {
  uic: number;
  assetType: KnownAssetType;
}

export const useInstrumentsStore = defineStore('instruments', () => {
  const search = useInstrumentSearch({ pageSize: 50 });
  /** The command palette's own search, so opening it never disturbs the workspace's. */
  const paletteSearch = useInstrumentSearch({ pageSize: 20 });
  /** Field groups the trader asked for, kept across instruments (a preference, not data). */
  const fieldGroups = ref<ToggleableFieldGroup[]>([]);
  const details = shallowReactive(new Map<string, Loadable<InstrumentDetails>>());
  const schedules = shallowReactive(new Map<string, Loadable<InstrumentTradeSessions>>());
  const isins = shallowReactive(new Map<string, string>());
  // The searches forget their own results (useInstrumentSearch); the caches are emptied here.
  const owned = useOwnedState(() => {
    details.clear();
    schedules.clear();
    isins.clear();
  });

  /** Keeps the ISIN a search for a whole ISIN found, for the results that matched it exactly. */
  function learnIsins(found: InstrumentSearch): void {
    watch(found.results, (results) => {
      const words = found.searchedKeywords.value.trim().toUpperCase();
      if (!isIsin(words)) return;
      for (const result of results) {
        if (result.SummaryType === 'Instrument' && result.IsKeywordMatch) isins.set(`${result.AssetType}:${result.Identifier}`, words);
      }
    });
  }
  learnIsins(search);
  learnIsins(paletteSearch);

  /** The ISIN a search found this instrument by, if any. */
  function isinOf(key: InstrumentKey): string | undefined {
    return isins.get(`${key.assetType}:${key.uic}`);
  }

  function detailsKey(key: InstrumentKey, groups: readonly ToggleableFieldGroup[]): string {
    return `${key.assetType}:${key.uic}:${normalizedFieldGroups(groups).join(',')}`;
  }

  /** Details of `key` with the current field groups (undefined until asked for). */
  function detailsOf(key: InstrumentKey): Loadable<InstrumentDetails> | undefined {
    return details.get(detailsKey(key, fieldGroups.value));
  }

  /** Reads the details of `key` with the current field groups, unless already read. */
  async function loadDetails(key: InstrumentKey): Promise<void> {
    const groups = normalizedFieldGroups(fieldGroups.value);
    await loadInto(details, detailsKey(key, groups), () =>
      call(
        'instruments:details',
        { Uic: key.uic, AssetType: key.assetType, ...(groups.length > 0 ? { FieldGroups: groups } : {}) },
        { signal: owned.signal },
      ),
    );
  }

  /** The trading schedule of `key` (undefined until asked for). */
  function scheduleOf(key: InstrumentKey): Loadable<InstrumentTradeSessions> | undefined {
    return schedules.get(`${key.assetType}:${key.uic}`);
  }

  /** Reads the trading schedule of `key`, unless already read. */
  async function loadSchedule(key: InstrumentKey): Promise<void> {
    await loadInto(schedules, `${key.assetType}:${key.uic}`, () =>
      call('instruments:tradingSchedule', { Uic: key.uic, AssetType: key.assetType }, { signal: owned.signal }),
    );
  }

  /** Details and schedule together, as every details panel shows both. */
  async function open(key: InstrumentKey): Promise<void> {
    await Promise.all([loadDetails(key), loadSchedule(key)]);
  }

  return { search, paletteSearch, fieldGroups, detailsOf, loadDetails, scheduleOf, loadSchedule, open, isinOf };
});
