/**
 * The option chain with prices: what the chain shows is watched through main (the underlying and
 * the strikes of the expiry on screen), the quotes main pushes fill the price and greek columns
 * with the root's decimals, the centre follows the underlying and the money is shaded by it, and
 * a stream that is down or a market that is closed is shown as such, never as live prices.
 */
import { flushPromises, mount } from '@vue/test-utils';
import type { GridApi } from 'ag-grid-community';
import { AgGridVue } from 'ag-grid-vue3';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuoteView } from '../../contract/prices';
import type { ContractOptionSpace, SpecificOption } from '../../contract/wire/types';
import OptionChainView from '../../renderer/src/features/instruments/optionChains/OptionChainView.vue';
import { useSessionStore } from '../../renderer/src/features/session/useSessionStore';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { installRecordingDesk, removeFakeDesk, type RecordingDesk } from '../support/fakeDesk';

const STRIKES = [4900, 4950, 5000, 5050, 5100];
/** Put and call of each strike: puts 1000, 1002…, calls 1001, 1003… */
const putUic = (strike: number) => 1000 + STRIKES.indexOf(strike) * 2;
const callUic = (strike: number) => putUic(strike) + 1;

const contracts: SpecificOption[] = STRIKES.flatMap((strike) => [
  { PutCall: 'Put', StrikePrice: strike, Uic: putUic(strike), TradingStatus: 'Tradable' },
  { PutCall: 'Call', StrikePrice: strike, Uic: callUic(strike), TradingStatus: 'Tradable' },
]);

function optionSpace(arg: { OptionSpaceSegment?: string }): ContractOptionSpace {
  return {
    OptionRootId: 1,
    Symbol: 'SPX:xcbo',
    Description: 'S&P 500 Index Options',
    AssetType: 'StockIndexOption',
    CurrencyCode: 'USD',
    Format: { Decimals: 2, StrikeDecimals: 0 },
    RelatedInstruments: [{ AssetType: 'StockIndex', Uic: 500 }],
    OptionSpace: [
      {
        DisplayDaysToExpiry: 5,
        DisplayExpiry: '2026-03-13T00:00:00Z',
        Expiry: '2026-03-13T00:00:00Z',
        ...(arg.OptionSpaceSegment === 'SpecificDates' ? { SpecificOptions: contracts } : {}),
      },
    ],
  };
}

const service = {
  'instruments:optionSpace': (arg: unknown) => optionSpace(arg as never),
  'instruments:details': () => ({ Uic: 500, AssetType: 'StockIndex', Description: 'S&P 500' }),
  'instruments:detailsList': (arg: unknown) => ({
    Data: (arg as { Uics: number[] }).Uics.map((uic) => ({ Uic: uic, Symbol: `SPX/${uic}:xcbo` })),
  }),
  'reference:timeZones': () => ({ Data: [] }),
  'reference:exchanges': () => ({ Data: [] }),
  'prices:watch': () => ({ quotes: [], status: { state: 'live' } }),
  'prices:unwatch': () => undefined,
};

const underlying = (mid: number, extra: Partial<QuoteView> = {}): QuoteView => ({
  uic: 500,
  assetType: 'StockIndex',
  mid,
  bid: mid,
  ask: mid,
  netChange: 12.5,
  percentChange: 0.25,
  marketState: 'Open',
  priceTypeBid: 'Indicative',
  priceTypeAsk: 'Indicative',
  decimals: 2,
  ...extra,
});
const option = (uic: number, bid: number, extra: Partial<QuoteView> = {}): QuoteView => ({
  uic,
  assetType: 'StockIndexOption',
  bid,
  ask: bid + 0.5,
  mid: bid + 0.25,
  priceTypeBid: 'Tradable',
  priceTypeAsk: 'Tradable',
  greeks: { delta: 0.5512, gamma: 0.00123, theta: -1.234, vega: 5.678, midVolatility: 18.24 },
  ...extra,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

async function mountChain(desk: RecordingDesk) {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/chains', name: 'option-chains', component: { template: '<p>roots</p>' } },
      { path: '/chains/:optionRootId', name: 'option-chain', component: OptionChainView },
      { path: '/instruments/:assetType/:uic', name: 'instrument-details', component: { template: '<p/>' } },
    ],
  });
  await router.push('/chains/1');
  const wrapper = mount(OptionChainView, { attachTo: document.body, global: { plugins: [router] } });
  await flushPromises();
  await settle();
  await flushPromises();
  const cell = (strike: number, colId: string) =>
    wrapper.get(`[role="row"][row-id="${strike}"] [role="gridcell"][col-id="${colId}"]`);
  const push = async (quotes: QuoteView[]) => {
    desk.emit('prices:quotes', { quotes, dropped: [] });
    await flushPromises();
    await settle();
  };
  return { wrapper, cell, push };
}

describe('the option chain with prices', { timeout: 60_000 }, () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
    useSessionStore().session = {
      signedIn: true,
      user: { name: 'Demo', userId: 'demo' },
      expiresAt: '2099-01-01T00:00:00Z',
      profile: { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'implicit' },
      tokenStorage: 'keychain',
      signingIn: false,
    };
  });
  afterEach(() => {
    removeFakeDesk();
    document.body.innerHTML = '';
    localStorage.clear();
  });

  it('watches the underlying and the strikes on screen, and shows their quotes and greeks', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper, cell, push } = await mountChain(desk);
    const watched = desk.callsOf('prices:watch').at(-1)?.arg as {
      Instruments: unknown[];
      Chains: {
        OptionRootId: number;
        AssetType: string;
        Expiries: { Expiry: string; LowStrike: number; HighStrike: number }[];
      }[];
    };
    expect(watched.Instruments).toEqual([{ AssetType: 'StockIndex', Uic: 500 }]);
    expect(watched.Chains).toHaveLength(1);
    expect(watched.Chains[0]).toMatchObject({ OptionRootId: 1, AssetType: 'StockIndexOption' });
    const [expiry] = watched.Chains[0]!.Expiries;
    expect(expiry!.Expiry).toBe('2026-03-13');
    expect(STRIKES).toContain(expiry!.LowStrike);
    expect(STRIKES).toContain(expiry!.HighStrike);

    await push([underlying(5040), option(callUic(5000), 50.1), option(putUic(5000), 9.8)]);
    expect(cell(5000, 'callBid').text()).toBe('50.10');
    expect(cell(5000, 'callAsk').text()).toBe('50.60');
    expect(cell(5000, 'callDelta').text()).toBe('0.551');
    expect(cell(5000, 'callImpliedVolatility').text()).toBe('18.2%');
    expect(cell(5000, 'putBid').text()).toBe('9.80');
    // Contracts without a quote show a dash, never a zero.
    expect(cell(4900, 'callBid').text()).toBe('—');
    const header = wrapper.get('[data-testid="chain-underlying-quote"]');
    expect(header.get('[data-testid="quote-price"]').text()).toBe('5,040.00');
    expect(header.get('[data-testid="quote-state"]').text()).toBe('Indicative');
  });

  it('centres on the underlying and shades the money by it, following it as it moves', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper, cell, push } = await mountChain(desk);
    expect(wrapper.get('[data-testid="chain-centre"]').text()).toContain('middle strike');
    const inTheMoney = (side: 'call' | 'put') =>
      STRIKES.filter((strike) => cell(strike, `${side}Bid`).classes().includes('in-the-money'));

    await push([underlying(5040)]);
    expect(wrapper.get('[data-testid="chain-centre"]').text()).toBe(
      'Centre 5050 (strike nearest the underlying at 5,040.00)',
    );
    expect(inTheMoney('call')).toEqual([4900, 4950, 5000]);
    expect(inTheMoney('put')).toEqual([5050, 5100]);

    await push([underlying(4930)]);
    expect(wrapper.get('[data-testid="chain-centre"]').text()).toContain('Centre 4950');
    expect(inTheMoney('call')).toEqual([4900]);
    expect(inTheMoney('put')).toEqual([4950, 5000, 5050, 5100]);
  });

  it('updates prices in place: no new columns and no new rows while the underlying stays between strikes', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper, cell, push } = await mountChain(desk);
    await push([underlying(5040), option(callUic(5000), 50.1)]);
    const grid = wrapper.findComponent(AgGridVue).vm as unknown as { api: GridApi };
    const events: string[] = [];
    for (const type of ['newColumnsLoaded', 'columnEverythingChanged', 'rowDataUpdated'] as const)
      grid.api.addEventListener(type, () => events.push(type));

    // The underlying moves (nearest strike still 5050) and the contracts' quotes with it.
    await push([underlying(5041.5), option(callUic(5000), 51.3), option(putUic(5050), 20.2)]);
    await push([underlying(5043), option(callUic(5000), 52.7)]);
    expect(cell(5000, 'callBid').text()).toBe('52.70');
    expect(cell(5050, 'putBid').text()).toBe('20.20');
    // Figures line up on their last digit, as numbers do.
    expect(cell(5000, 'callBid').classes()).toContain('ag-right-aligned-cell');
    expect(events).toEqual([]);
  });

  it('shows a closed market and a stream that is down as such, never as live prices', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper, cell, push } = await mountChain(desk);
    await push([underlying(5040), option(callUic(5000), 50.1)]);
    expect(cell(5000, 'callBid').classes()).not.toContain('quote-stale');
    expect(cell(5000, 'callBid').classes()).not.toContain('quote-closed');

    desk.emit('prices:status', {
      state: 'reconnecting',
      message: 'The price stream was interrupted; reconnecting.',
    });
    await flushPromises();
    await settle();
    expect(cell(5000, 'callBid').classes()).toContain('quote-stale');
    expect(wrapper.get('[data-testid="chain-underlying-quote"] [data-testid="quote-state"]').text()).toBe(
      'Stale: no update for a while',
    );
    expect(wrapper.get('[data-testid="chain-price-status"]').text()).toContain('Prices are not live');

    desk.emit('prices:status', { state: 'live' });
    await push([
      underlying(5040, {
        marketState: 'Closed',
        priceTypeBid: 'OldIndicative',
        priceTypeAsk: 'OldIndicative',
      }),
      option(callUic(5000), 50.1, { priceTypeBid: 'OldIndicative', priceTypeAsk: 'OldIndicative' }),
    ]);
    expect(cell(5000, 'callBid').classes()).toContain('quote-closed');
    expect(wrapper.get('[data-testid="chain-underlying-quote"] [data-testid="quote-state"]').text()).toBe(
      'Market closed: last price',
    );
    // A subscription main has not heard from for a while: its quotes go stale, the others stay.
    await push([option(callUic(5000), 50.1, { silent: true }), underlying(5040)]);
    expect(cell(5000, 'callBid').classes()).toContain('quote-stale');
  });

  it('stops watching when the chain closes', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper } = await mountChain(desk);
    const watchId = (desk.callsOf('prices:watch').at(-1)?.arg as { WatchId: string }).WatchId;
    wrapper.unmount();
    await flushPromises();
    expect(desk.callsOf('prices:unwatch').map((call) => call.arg)).toEqual([{ WatchId: watchId }]);
  });
});
