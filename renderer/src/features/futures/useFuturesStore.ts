/**
 * Server state of futures ladders: each continuous future's futures space, and the notice
 * dates of its contracts read from their details (in batches of the service's uic limit).
 * Also the roll window, a number of days before expiry the trader chooses.
 */
import { defineStore } from 'pinia';
import { ref, shallowReactive } from 'vue';
import type { FuturesSpace } from '../../../../contract/wire/types';
import { call, isCancelled } from '../../shared/desk';
import { useInstrumentSearch } from '../instruments/useInstrumentSearch';
import { futuresAssetTypes } from '../instruments/logic/assetTypes';
import type { Loadable } from '../instruments/useInstrumentsStore';

/** Most uics the details list takes in one request. */
const UICS_PER_REQUEST = 200;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Notice dates by uic, for the contracts whose details carry one. */
async function readNoticeDates(uics: readonly number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (let start = 0; start < uics.length; start += UICS_PER_REQUEST) {
    const batch = uics.slice(start, start + UICS_PER_REQUEST);
    let skip = 0;
    for (;;) {
      const feed = await call('instruments:detailsList', {
        Uics: batch,
        AssetTypes: ['ContractFutures'],
        $top: UICS_PER_REQUEST,
        $skip: skip,
      });
      for (const details of feed.Data) {
        if (details.Uic !== undefined && details.NoticeDate) found.set(details.Uic, details.NoticeDate);
      }
      skip += feed.Data.length;
      if (!feed.__next || feed.Data.length === 0) break;
    }
  }
  return found;
}

export const useFuturesStore = defineStore('futures', () => {
  const continuousSearch = useInstrumentSearch({ pageSize: 50, defaultAssetTypes: futuresAssetTypes, listWithoutKeywords: true });
  const spaces = shallowReactive(new Map<number, Loadable<FuturesSpace>>());
  const noticeDates = shallowReactive(new Map<number, Loadable<Map<number, string>>>());
  /** Days before expiry from which a contract shows the roll badge. */
  const rollDays = ref<number | null>(5);

  /** Reads the futures space of a continuous future, then its contracts' notice dates. */
  async function loadLadder(continuousUic: number): Promise<void> {
    const known = spaces.get(continuousUic);
    if (known && (known.loading || known.value)) return;
    const entry = shallowReactive<Loadable<FuturesSpace>>({ value: undefined, loading: true, error: undefined });
    spaces.set(continuousUic, entry);
    try {
      entry.value = await call('instruments:futuresSpace', { ContinuousFuturesUic: continuousUic });
    } catch (error) {
      if (isCancelled(error)) spaces.delete(continuousUic);
      else entry.error = messageOf(error);
      return;
    } finally {
      entry.loading = false;
    }
    await loadNoticeDates(continuousUic, entry.value.Elements.map((element) => element.Uic));
  }

  async function loadNoticeDates(continuousUic: number, uics: number[]): Promise<void> {
    const entry = shallowReactive<Loadable<Map<number, string>>>({ value: undefined, loading: true, error: undefined });
    noticeDates.set(continuousUic, entry);
    try {
      entry.value = uics.length > 0 ? await readNoticeDates(uics) : new Map();
    } catch (error) {
      entry.error = messageOf(error);
    } finally {
      entry.loading = false;
    }
  }

  return { continuousSearch, spaces, noticeDates, rollDays, loadLadder };
});
