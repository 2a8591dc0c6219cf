/**
 * The quote columns of the futures ladder and the watchlists (one shared module): only the rows
 * on screen are watched through main, the quotes main pushes fill bid, ask, last and net change
 * with the instrument's decimals, a net change is coloured up or down, a price update redraws
 * its cell, a closed market or a stream that is down is shown as such (never as a live price),
 * the ladder's export carries the quote columns, and closing the view ends the watch.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuoteView } from '../../contract/prices';
import type { FuturesSpace } from '../../contract/wire/types';
import type { Watchlist } from '../../contract/watchlists';
import FuturesLadderView from '../../renderer/src/features/instruments/futures/FuturesLadderView.vue';
import FuturesLadderGrid from '../../renderer/src/features/instruments/futures/components/FuturesLadderGrid.vue';
import { useSessionStore } from '../../renderer/src/features/session/useSessionStore';
import WatchlistsView from '../../renderer/src/features/watchlists/WatchlistsView.vue';
import { quoteColumnDefs } from '../../renderer/src/features/prices/logic/quoteColumns';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { installRecordingDesk, removeFakeDesk, type RecordingDesk } from '../support/fakeDesk';

const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

/** Twelve monthly CL contracts, uics 11…22. */
const space: FuturesSpace = {
  BaseIdentifier: 'CL',
  Elements: Array.from({ length: 12 }, (_, index) => {
    const month = index + 1;
    return {
      DaysToExpiry: 20 + 30 * index,
      ExpiryDate: `2027-${String(month).padStart(2, '0')}-20T00:00:00Z`,
      Symbol: `CL${'FGHJKMNQUVXZ'[index]}7`,
      Uic: 11 + index,
    };
  }),
};

const ladderService = {
  'instruments:futuresSpace': () => space,
  'instruments:detailsList': () => ({ Data: [] }),
  'instruments:details': () => ({ Uic: 500, Symbol: 'CL:xnym', Description: 'Crude Oil WTI (continuous)' }),
  'instruments:tradingSchedule': () => ({ Sessions: [] }),
  'reference:timeZones': () => ({ Data: [] }),
  'prices:watch': () => ({ quotes: [], status: { state: 'live' } }),
  'prices:unwatch': () => undefined,
};

const quote = (uic: number, assetType: string, extra: Partial<QuoteView> = {}): QuoteView => ({
  uic,
  assetType,
  bid: 71.23,
  ask: 71.25,
  mid: 71.24,
  lastTraded: 71.24,
  netChange: 0.56,
  percentChange: 0.79,
  priceTypeBid: 'Tradable',
  priceTypeAsk: 'Tradable',
  marketState: 'Open',
  decimals: 2,
  ...extra,
});

function signIn(): void {
  useSessionStore().session = {
    signedIn: true,
    user: { name: 'Demo', userId: 'demo' },
    expiresAt: '2099-01-01T00:00:00Z',
    profile: { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'implicit' },
    tokenStorage: 'keychain',
    signingIn: false,
  };
}

type Watched = { WatchId: string; Instruments: { Uic: number; AssetType: string }[] };
const lastWatch = (desk: RecordingDesk) => desk.callsOf('prices:watch').at(-1)?.arg as Watched | undefined;

async function pushQuotes(desk: RecordingDesk, quotes: QuoteView[]): Promise<void> {
  desk.emit('prices:quotes', { quotes, dropped: [] });
  await flushPromises();
  await settle();
}

async function mountLadder() {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/futures', name: 'futures', component: { template: '<p>futures</p>' } },
      { path: '/futures/:uic', name: 'futures-ladder', component: FuturesLadderView },
      { path: '/instruments/:assetType/:uic', name: 'instrument-details', component: { template: '<p/>' } },
      { path: '/chains/:optionRootId', name: 'option-chain', component: { template: '<p/>' } },
    ],
  });
  await router.push('/futures/500');
  const wrapper = mount(FuturesLadderView, { attachTo: document.body, global: { plugins: [router] } });
  await flushPromises();
  await settle();
  await flushPromises();
  await settle();
  await flushPromises();
  const cell = (uic: number, colId: string) =>
    wrapper.get(`[role="row"][row-id="${uic}"] [role="gridcell"][col-id="${colId}"]`);
  return { wrapper, cell };
}

describe('the futures ladder with quotes', { timeout: 60_000 }, () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
    signIn();
  });
  afterEach(() => {
    removeFakeDesk();
    document.body.innerHTML = '';
  });

  it('watches only the contracts on screen and shows their bid, ask, last and net change', async () => {
    const desk = installRecordingDesk(ladderService);
    const { wrapper, cell } = await mountLadder();
    const watched = lastWatch(desk);
    expect(watched).toBeDefined();
    // The grid has no height in this test page: the first row and its margin are "on screen".
    expect(watched!.Instruments.every((instrument) => instrument.AssetType === 'ContractFutures')).toBe(true);
    const uics = watched!.Instruments.map((instrument) => instrument.Uic);
    expect(uics[0]).toBe(11);
    expect(uics.length).toBeLessThan(space.Elements.length);
    expect(wrapper.findAll('[role="columnheader"]').map((header) => header.text())).toEqual(
      expect.arrayContaining(['Bid', 'Ask', 'Last', 'Net change']),
    );

    await pushQuotes(desk, [quote(11, 'ContractFutures')]);
    expect(cell(11, 'quoteBid').text()).toBe('71.23');
    // Figures line up on their last digit, as numbers do.
    expect(cell(11, 'quoteBid').classes()).toContain('ag-right-aligned-cell');
    expect(cell(11, 'quoteAsk').text()).toBe('71.25');
    expect(cell(11, 'quoteLast').text()).toBe('71.24');
    expect(cell(11, 'quoteNetChange').text()).toBe('+0.56');
    expect(cell(11, 'quoteNetChange').classes()).toContain('quote-up');
    // A contract without a quote shows a dash, never a zero.
    expect(cell(12, 'quoteBid').text()).toBe('—');

    // An update redraws the cell, with the quote's own decimals, and the colour follows the change.
    await pushQuotes(desk, [quote(11, 'ContractFutures', { bid: 71.3, netChange: -0.125, decimals: 3 })]);
    expect(cell(11, 'quoteBid').text()).toBe('71.300');
    expect(cell(11, 'quoteNetChange').text()).toBe('-0.125');
    expect(cell(11, 'quoteNetChange').classes()).toContain('quote-down');
    expect(cell(11, 'quoteNetChange').classes()).not.toContain('quote-up');
  });

  it('shows a stream that is down and a closed market as such, never as live prices', async () => {
    const desk = installRecordingDesk(ladderService);
    const { wrapper, cell } = await mountLadder();
    await pushQuotes(desk, [quote(11, 'ContractFutures')]);
    expect(cell(11, 'quoteBid').classes()).not.toContain('quote-stale');
    expect(cell(11, 'quoteBid').classes()).not.toContain('quote-closed');

    desk.emit('prices:status', { state: 'reconnecting', message: 'The price stream was interrupted.' });
    await flushPromises();
    await settle();
    expect(cell(11, 'quoteBid').classes()).toContain('quote-stale');
    expect(cell(11, 'quoteBid').text()).toBe('71.23');
    expect(wrapper.get('[data-testid="price-stream-status"]').text()).toBe(
      'Prices are not live: The price stream was interrupted.',
    );

    desk.emit('prices:status', { state: 'live' });
    await pushQuotes(desk, [
      quote(11, 'ContractFutures', { marketState: 'Closed', priceTypeBid: 'OldIndicative', priceTypeAsk: 'OldIndicative' }),
    ]);
    expect(cell(11, 'quoteBid').classes()).toContain('quote-closed');
    expect(cell(11, 'quoteNetChange').classes()).toContain('quote-closed');
    expect(wrapper.find('[data-testid="price-stream-status"]').exists()).toBe(false);

    await pushQuotes(desk, [quote(11, 'ContractFutures', { silent: true })]);
    expect(cell(11, 'quoteAsk').classes()).toContain('quote-stale');
  });

  it('exports the quote columns as numbers, and stops watching when the ladder closes', async () => {
    const desk = installRecordingDesk(ladderService);
    const { wrapper } = await mountLadder();
    await pushQuotes(desk, [quote(11, 'ContractFutures')]);
    const table = wrapper.getComponent(FuturesLadderGrid).vm.exportTable();
    expect(table).toBeDefined();
    const column = (header: string) => table!.headers.indexOf(header);
    expect(column('Bid')).toBeGreaterThan(0);
    const first = table!.rows[0]!;
    expect([first[column('Bid')], first[column('Ask')], first[column('Last')], first[column('Net change')]]).toEqual([
      71.23, 71.25, 71.24, 0.56,
    ]);
    expect(table!.rows[1]![column('Bid')]).toBe('');

    const watchId = lastWatch(desk)!.WatchId;
    wrapper.unmount();
    await flushPromises();
    expect(desk.callsOf('prices:unwatch').map((call) => call.arg)).toEqual([{ WatchId: watchId }]);
  });
});

const watchlist: Watchlist = {
  id: 'list-1',
  name: 'Morning',
  updatedAt: '2026-11-20T08:00:00Z',
  items: [
    { uic: 21, assetType: 'FxSpot', symbol: 'EURUSD', description: 'Euro/US Dollar', addedAt: '2026-11-20T08:00:00Z' },
    { uic: 211, assetType: 'Stock', symbol: 'AAPL:xnas', description: 'Apple Inc.', addedAt: '2026-11-20T08:00:00Z' },
  ],
};

async function mountWatchlists(desk: RecordingDesk) {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/watchlists', name: 'watchlists', component: WatchlistsView },
      { path: '/instruments/:assetType/:uic', name: 'instrument-details', component: { template: '<p/>' } },
    ],
  });
  await router.push('/watchlists');
  const wrapper = mount(WatchlistsView, { attachTo: document.body, global: { plugins: [router] } });
  await flushPromises();
  await settle();
  await flushPromises();
  const cell = (key: string, colId: string) =>
    wrapper.get(`[role="row"][row-id="${key}"] [role="gridcell"][col-id="${colId}"]`);
  void desk;
  return { wrapper, cell };
}

describe('a watchlist with quotes', { timeout: 60_000 }, () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
    signIn();
  });
  afterEach(() => {
    removeFakeDesk();
    document.body.innerHTML = '';
  });

  const service = {
    'watchlists:list': () => ({ lists: [watchlist], chosenId: 'list-1' }),
    'watchlists:choose': () => ({ lists: [watchlist], chosenId: 'list-1' }),
    'instruments:detailsList': () => ({ Data: [] }),
    'prices:watch': () => ({ quotes: [], status: { state: 'live' } }),
    'prices:unwatch': () => undefined,
  };

  it('watches the instruments shown and shows their quotes with their decimals, as the ladder does', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper, cell } = await mountWatchlists(desk);
    expect(lastWatch(desk)?.Instruments).toEqual([
      { Uic: 21, AssetType: 'FxSpot' },
      { Uic: 211, AssetType: 'Stock' },
    ]);
    await pushQuotes(desk, [
      quote(21, 'FxSpot', { bid: 1.08421, ask: 1.08434, lastTraded: undefined, netChange: -0.0012, decimals: 5 }),
      quote(211, 'Stock', { bid: 231.5, ask: 231.52, lastTraded: 231.51, netChange: 1.2 }),
    ]);
    expect(cell('FxSpot:21', 'quoteBid').text()).toBe('1.08421');
    expect(cell('FxSpot:21', 'quoteLast').text()).toBe('—');
    expect(cell('FxSpot:21', 'quoteNetChange').text()).toBe('-0.00120');
    expect(cell('FxSpot:21', 'quoteNetChange').classes()).toContain('quote-down');
    expect(cell('Stock:211', 'quoteAsk').text()).toBe('231.52');
    expect(cell('Stock:211', 'quoteNetChange').classes()).toContain('quote-up');
    expect(wrapper.findAll('[role="columnheader"]').map((header) => header.text())).toEqual(
      expect.arrayContaining(['Bid', 'Ask', 'Last', 'Net change']),
    );

    await pushQuotes(desk, [quote(211, 'Stock', { bid: 232.25, ask: 232.27 })]);
    expect(cell('Stock:211', 'quoteBid').text()).toBe('232.25');
  });

  it('shows a closed market and a silent subscription as such, and stops watching when it closes', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper, cell } = await mountWatchlists(desk);
    await pushQuotes(desk, [
      quote(211, 'Stock', { marketState: 'Closed', priceTypeBid: 'NoMarket', priceTypeAsk: 'NoMarket' }),
      quote(21, 'FxSpot', { silent: true, decimals: 5 }),
    ]);
    expect(cell('Stock:211', 'quoteBid').classes()).toContain('quote-closed');
    expect(cell('Stock:211', 'quoteNetChange').classes()).toContain('quote-closed');
    expect(cell('FxSpot:21', 'quoteBid').classes()).toContain('quote-stale');
    expect(wrapper.find('[data-testid="price-stream-status"]').exists()).toBe(false);
    desk.emit('prices:status', { state: 'unavailable', message: 'The service refused the stream.' });
    await flushPromises();
    expect(wrapper.get('[data-testid="price-stream-status"]').text()).toBe(
      'Prices are not live: The service refused the stream.',
    );
    expect(cell('Stock:211', 'quoteBid').classes()).toContain('quote-stale');
    desk.emit('prices:status', { state: 'live' });

    await pushQuotes(desk, [quote(21, 'FxSpot', { decimals: 5 })]);
    expect(cell('FxSpot:21', 'quoteBid').classes()).not.toContain('quote-stale');
    expect(cell('FxSpot:21', 'quoteBid').text()).toBe('71.23000');

    const watchId = lastWatch(desk)!.WatchId;
    wrapper.unmount();
    await flushPromises();
    expect(desk.callsOf('prices:unwatch').map((call) => call.arg)).toEqual([{ WatchId: watchId }]);
  });
});

describe('the quote columns of any grid', () => {
  it('cannot be made narrower than the figures they show (their cells draw without a clip)', () => {
    const defs = quoteColumnDefs<{ uic: number }>({ quoteOf: () => undefined, streamLive: () => true });
    expect(defs.map((def) => def.colId)).toEqual(['quoteBid', 'quoteAsk', 'quoteLast', 'quoteNetChange']);
    for (const def of defs) {
      expect(def.minWidth, def.colId).toBeDefined();
      expect(def.minWidth, def.colId).toBe(def.width);
    }
  });
});
