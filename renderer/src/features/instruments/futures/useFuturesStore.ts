/**
 * Server state of futures ladders: each continuous future's futures space, the notice dates of
 * its contracts read from their details (in batches of the service's uic limit), and the
 * calendar spreads listed on its contracts (futures strategies found by the base identifier,
 * with their legs from their details). Also the roll window, a number of days before the roll
 * date the trader chooses. The server state belongs to the signed-in user: another user starts
 * from nothing.
 */
import { defineStore } from 'pinia';
import { ref, shallowReactive } from 'vue';
import type { FuturesSpace, InstrumentDetails } from '../../../../../contract/wire/types';
import { call } from '../../../shared/desk';
import { loadInto, type Loadable } from '../../../shared/loadable';
import { futuresAssetTypes } from '../logic/assetTypes';
import { useInstrumentSearch } from '../useInstrumentSearch';
import { useOwnedState } from '../../session/useOwnedState';
import { calendarSpreads, type CalendarSpread } from './logic/calendarSpreads';

/** Most uics the details list takes in one request. */
const UICS_PER_REQUEST = 200;

/** Notice dates by uic, for the contracts whose details carry one. */
async function readNoticeDates(uics: readonly number[], signal: AbortSignal): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (let start = 0; start < uics.length; start += UICS_PER_REQUEST) {
    const batch = uics.slice(start, start + UICS_PER_REQUEST);
    let skip = 0;
    for (;;) {
      const feed = await call(
        'instruments:detailsList',
        { Uics: batch, AssetTypes: ['ContractFutures'], $top: UICS_PER_REQUEST, $skip: skip },
        { signal },
      );
      for (const details of feed.Data) {
        if (details.Uic !== undefined && details.NoticeDate) found.set(details.Uic, details.NoticeDate);
      }
      skip += feed.Data.length;
      if (!feed.__next || feed.Data.length === 0) break;
    }
  }
  return found;
}

/** Most futures strategies read for one ladder. */
const MAX_STRATEGIES = 100;

/** The calendar spreads on the contracts of `space`: strategies named after its base identifier. */
async function readSpreads(space: FuturesSpace, signal: AbortSignal): Promise<CalendarSpread[]> {
  const found = await call(
    'instruments:search',
    { AssetTypes: ['FuturesStrategy'], Keywords: space.BaseIdentifier, $top: MAX_STRATEGIES },
    { signal },
  );
  const uics = found.Data.map((summary) => summary.Identifier);
  if (uics.length === 0) return [];
  const details: InstrumentDetails[] = [];
  for (let start = 0; start < uics.length; start += UICS_PER_REQUEST) {
    const feed = await call(
      'instruments:detailsList',
      {
        Uics: uics.slice(start, start + UICS_PER_REQUEST),
        AssetTypes: ['FuturesStrategy'],
        $top: UICS_PER_REQUEST,
      },
      { signal },
    );
    details.push(...feed.Data);
  }
  return calendarSpreads(details, new Map(space.Elements.map((element) => [element.Uic, element.Symbol])));
}

export const useFuturesStore = defineStore('futures', () => {
  const continuousSearch = useInstrumentSearch({
    pageSize: 50,
    defaultAssetTypes: futuresAssetTypes,
    listWithoutKeywords: true,
  });
  const spaces = shallowReactive(new Map<number, Loadable<FuturesSpace>>());
  const noticeDates = shallowReactive(new Map<number, Loadable<Map<number, string>>>());
  const spreads = shallowReactive(new Map<number, Loadable<CalendarSpread[]>>());
  /** Days before expiry from which a contract shows the roll badge (a preference, not data). */
  const rollDays = ref<number | null>(5);
  const owned = useOwnedState(() => {
    spaces.clear();
    noticeDates.clear();
    spreads.clear();
  });

  /** Reads the futures space of a continuous future once, then its contracts' notice dates. */
  async function loadLadder(continuousUic: number): Promise<void> {
    const entry = await loadInto(spaces, continuousUic, () =>
      call('instruments:futuresSpace', { ContinuousFuturesUic: continuousUic }, { signal: owned.signal }),
    );
    const space = entry?.value;
    if (!space || spaces.get(continuousUic) !== entry) return;
    const uics = space.Elements.map((element) => element.Uic);
    const signal = owned.signal;
    // The spreads come beside the ladder: the ladder never waits for them.
    void loadInto(spreads, continuousUic, () => readSpreads(space, signal));
    await loadInto(noticeDates, continuousUic, async () =>
      uics.length > 0 ? readNoticeDates(uics, signal) : new Map(),
    );
  }

  return { continuousSearch, spaces, noticeDates, spreads, rollDays, loadLadder };
});
