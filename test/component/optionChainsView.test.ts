import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractOptionEntry, ContractOptionSpace, SpecificOption } from '../../contract/wire/types';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import OptionChainView from '../../renderer/src/features/instruments/optionChains/OptionChainView.vue';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

/** An expiry; the platform names a standard (monthly) expiry by its month's first day. */
const entry = (expiry: string, days: number, standard = false): ContractOptionEntry => ({
  DisplayDaysToExpiry: days,
  DisplayExpiry: `${standard ? `${expiry.slice(0, 8)}01` : expiry}T00:00:00Z`,
  Expiry: `${expiry}T00:00:00Z`,
});
const expiries = [entry('2026-03-13', 5), entry('2026-03-20', 12, true), entry('2026-03-31', 23)];

function contracts(strikes: number[]): SpecificOption[] {
  return strikes.flatMap((strike, index) => [
    { PutCall: 'Put', StrikePrice: strike, Uic: 1000 + index * 2, TradingStatus: 'Tradable' },
    {
      PutCall: 'Call',
      StrikePrice: strike,
      Uic: 1001 + index * 2,
      TradingStatus: index === 0 ? 'NonTradable' : 'Tradable',
    },
  ]);
}

function optionSpace(arg: {
  OptionRootId?: number;
  OptionSpaceSegment?: string;
  ExpiryDates?: string[];
}): ContractOptionSpace {
  const weekly = arg.OptionRootId === 2;
  const future = arg.OptionRootId === 3;
  const withOptions = (candidate: ContractOptionEntry) => ({
    ...candidate,
    SpecificOptions: contracts([4900, 4950, 5000, 5050, 5100]).map((option) =>
      future ? { ...option, UnderlyingUic: candidate.Expiry.startsWith('2026-03-31') ? 601 : 600 } : option,
    ),
  });
  return {
    OptionRootId: arg.OptionRootId ?? 1,
    Symbol: future ? 'ES:xcme' : weekly ? 'SPXW:xcbo' : 'SPX:xcbo',
    Description: future
      ? 'E-mini S&P 500 Futures Options'
      : weekly
        ? 'S&P 500 Index Options (PM-settled, weeklies)'
        : 'S&P 500 Index Options (AM-settled)',
    AssetType: future ? 'FuturesOption' : 'StockIndexOption',
    Exchange: future
      ? { CountryCode: 'US', ExchangeId: 'CME', Name: 'Chicago Mercantile Exchange' }
      : { CountryCode: 'US', ExchangeId: 'CBOE', Name: 'Cboe Options Exchange' },
    ExerciseStyle: future ? 'American' : 'European',
    SettlementStyle: future ? 'PhysicalDelivery' : 'CashDelivery',
    CurrencyCode: 'USD',
    RelatedInstruments: [
      future ? { AssetType: 'ContractFutures', Uic: 599 } : { AssetType: 'StockIndex', Uic: 500 },
    ],
    OptionSpace: expiries.map((candidate) =>
      arg.OptionSpaceSegment === 'SpecificDates' && arg.ExpiryDates?.includes(candidate.Expiry.slice(0, 10))
        ? withOptions(candidate)
        : candidate,
    ),
  };
}

/** The chain's fake service: option spaces, the underlying's two roots, symbols from details. */
const chainService = {
  'instruments:optionSpace': (arg: unknown) => optionSpace(arg as never),
  'instruments:details': (arg: unknown) =>
    (arg as { Uic: number }).Uic === 500
      ? {
          Uic: 500,
          AssetType: 'StockIndex',
          Description: 'S&P 500',
          RelatedOptionRootsEnhanced: [
            { AssetType: 'StockIndexOption', OptionRootId: 1, OptionType: 'Standard' },
            { AssetType: 'StockIndexOption', OptionRootId: 2, OptionType: 'Weekly' },
          ],
        }
      : (arg as { Uic: number }).Uic === 600
        ? { Uic: 600, AssetType: 'ContractFutures', Symbol: 'ESH6' }
        : (arg as { Uic: number }).Uic === 599
          ? { Uic: 599, AssetType: 'ContractFutures', Description: 'E-mini S&P 500 (continuous)' }
          : { ...(arg as object), Symbol: 'SPX/13H26C5000:xcbo', Description: 'S&P 500 5000 Call' },
  'instruments:detailsList': (arg: unknown) => ({
    Data: (arg as { Uics: number[] }).Uics.map((uic) => ({ Uic: uic, Symbol: `SPX/${uic}:xcbo` })),
  }),
  'instruments:tradingSchedule': () => ({ Sessions: [] }),
  'reference:timeZones': () => ({ Data: [] }),
};

/** The column headers in the order shown (the grid may keep new columns last in the page). */
function columnHeaders(wrapper: {
  findAll: (selector: string) => { attributes: (name: string) => string | undefined; text: () => string }[];
}): string[] {
  return wrapper
    .findAll('.ag-header-row-column [role="columnheader"]')
    .map((header) => ({ index: Number(header.attributes('aria-colindex')), text: header.text().trim() }))
    .sort((a, b) => a.index - b.index)
    .map((header) => header.text);
}

async function mountChain(path = '/chains/1') {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/chains', name: 'option-chains', component: { template: '<p>roots</p>' } },
      { path: '/chains/:optionRootId', name: 'option-chain', component: OptionChainView },
      {
        path: '/instruments/:assetType/:uic',
        name: 'instrument-details',
        component: { template: '<p>details</p>' },
      },
    ],
  });
  await router.push(path);
  const wrapper = mount(OptionChainView, { attachTo: document.body, global: { plugins: [router] } });
  await flushPromises();
  return { wrapper, router };
}

describe('OptionChainView', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(() => {
    removeFakeDesk();
    document.body.innerHTML = '';
  });

  it('reads the expiries first, then only the first expiry’s contracts', async () => {
    const desk = installRecordingDesk(chainService);
    const { wrapper } = await mountChain();
    expect(
      desk
        .callsOf('instruments:optionSpace')
        .map((call) => call.arg)
        .slice(0, 2),
    ).toEqual([
      { OptionRootId: 1 },
      { OptionRootId: 1, OptionSpaceSegment: 'SpecificDates', ExpiryDates: ['2026-03-13'] },
    ]);
    const tabs = wrapper.findAll('[role="tab"]');
    expect(tabs.map((tab) => tab.attributes('aria-label'))).toEqual([
      'Fri 13 Mar 2026, 5 days, Weekly',
      'Fri 20 Mar 2026, 12 days, Quarterly',
      'Tue 31 Mar 2026, 23 days, End of month',
    ]);
    expect(tabs[0]?.attributes('aria-selected')).toBe('true');
    expect(wrapper.get('h1').text()).toContain('SPX:xcbo');
    wrapper.unmount();
  });

  it('labels the centre as the middle strike until a reference price is typed as traders write it', async () => {
    installRecordingDesk(chainService);
    const { wrapper } = await mountChain();
    expect(wrapper.get('[data-testid="chain-centre"]').text()).toBe(
      'Centre 5000 (middle strike; no price of the underlying yet)',
    );
    await wrapper.get('input[aria-label="Reference price"]').setValue('4,940');
    await flushPromises();
    expect(wrapper.get('[data-testid="chain-centre"]').text()).toBe(
      'Centre 4950 (strike nearest the reference price)',
    );
    await wrapper.get('input[aria-label="Reference price"]').setValue('-5000');
    await flushPromises();
    expect(wrapper.get('[role="alert"]').text()).toBe('The reference price cannot be negative.');
    expect(wrapper.get('input[aria-label="Reference price"]').attributes('aria-invalid')).toBe('true');
    // The refused entry changes nothing.
    expect(wrapper.get('[data-testid="chain-centre"]').text()).toContain('Centre 4950');
    wrapper.unmount();
  });

  it('moves to the next expiry with PageDown and reads only that one', async () => {
    const desk = installRecordingDesk(chainService);
    const { wrapper } = await mountChain();
    const ofRoot1 = () =>
      desk
        .callsOf('instruments:optionSpace')
        .filter((call) => (call.arg as { OptionRootId: number }).OptionRootId === 1)
        .map((call) => (call.arg as { ExpiryDates?: string[] }).ExpiryDates);
    await wrapper.get('section.chain-panel').trigger('keydown', { key: 'PageDown' });
    await flushPromises();
    expect(wrapper.get('[role="tab"][aria-selected="true"]').attributes('data-expiry')).toBe('2026-03-20');
    expect(ofRoot1()).toEqual([undefined, ['2026-03-13'], ['2026-03-20']]);
    await wrapper.get('section.chain-panel').trigger('keydown', { key: 'PageUp' });
    await flushPromises();
    expect(wrapper.get('[role="tab"][aria-selected="true"]').attributes('data-expiry')).toBe('2026-03-13');
    expect(ofRoot1()).toHaveLength(3);
    wrapper.unmount();
  });

  it('stacks further expiries below the active one, each read when shown', async () => {
    const desk = installRecordingDesk(chainService);
    const { wrapper } = await mountChain();
    const { useOptionChainsStore } =
      await import('../../renderer/src/features/instruments/optionChains/useOptionChainsStore');
    useOptionChainsStore().settingsOf(1).stackedExpiries = ['2026-03-31'];
    await flushPromises();
    expect(wrapper.findAll('section.expiry').map((section) => section.attributes('data-expiry'))).toEqual([
      '2026-03-13',
      '2026-03-31',
    ]);
    expect(desk.callsOf('instruments:optionSpace').at(-1)?.arg).toMatchObject({
      ExpiryDates: ['2026-03-31'],
    });
    wrapper.unmount();
  });

  it('groups the tabs by month and shows only the kinds ticked', async () => {
    installRecordingDesk(chainService);
    const { wrapper } = await mountChain();
    expect(wrapper.findAll('.month').map((month) => month.attributes('data-month'))).toEqual(['2026-03']);
    const quarterlies = wrapper
      .findAll('.kind-filter label')
      .find((label) => label.text().startsWith('Quarterlies'));
    expect(quarterlies?.text()).toBe('Quarterlies (1)');
    await quarterlies?.get('input').setValue(true);
    await flushPromises();
    expect(wrapper.findAll('[role="tab"]').map((tab) => tab.attributes('data-expiry'))).toEqual([
      '2026-03-20',
    ]);
    // The expiry in front follows to a tab that is still shown.
    expect(wrapper.get('[role="tab"][aria-selected="true"]').attributes('data-expiry')).toBe('2026-03-20');
    wrapper.unmount();
  });

  it('shows each contract’s symbol (from its details) and OCC symbol, in the columns chosen for the root', async () => {
    const desk = installRecordingDesk(chainService);
    const { useOptionChainsStore } =
      await import('../../renderer/src/features/instruments/optionChains/useOptionChainsStore');
    useOptionChainsStore().setColumns(1, ['symbol', 'occSymbol', 'status']);
    const { wrapper } = await mountChain();
    const headers = () => columnHeaders(wrapper);
    expect(headers()).toEqual(['Status', 'OCC symbol', 'Symbol', 'Strike', 'Symbol', 'OCC symbol', 'Status']);
    expect(desk.callsOf('instruments:detailsList')[0]?.arg).toMatchObject({
      AssetTypes: ['StockIndexOption'],
    });
    const cell = (column: string) =>
      wrapper.get(`[role="row"][row-id="5000"] [role="gridcell"][col-id="${column}"]`).text();
    expect(cell('callOccSymbol')).toBe('SPX   260313C05000000');
    expect(cell('putOccSymbol')).toBe('SPX   260313P05000000');
    expect(cell('callSymbol')).toBe('SPX/1005:xcbo');

    await wrapper.get('button[aria-controls="chain-1-columns"]').trigger('click');
    const row = (label: string) =>
      wrapper.findAll('[aria-label="Chain columns"] li').find((item) => item.text().startsWith(label));
    await row('Uic')?.get('input').setValue(true);
    await flushPromises();
    await row('Status')?.get('button[aria-label="Move Status earlier"]').trigger('click');
    await flushPromises();
    expect(headers()).toEqual([
      'Uic',
      'OCC symbol',
      'Status',
      'Symbol',
      'Strike',
      'Symbol',
      'Status',
      'OCC symbol',
      'Uic',
    ]);
    wrapper.unmount();
  });

  it('keeps the columns chosen per root for this profile and user after the chain is closed', async () => {
    installRecordingDesk(chainService);
    const { useSessionStore } = await import('../../renderer/src/features/session/useSessionStore');
    const signIn = (userId: string) =>
      (useSessionStore().session = {
        signedIn: true,
        user: { name: userId, userId },
        expiresAt: '2099-01-01T00:00:00Z',
        profile: { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'implicit' },
        tokenStorage: 'keychain',
        signingIn: false,
      });
    signIn('demo');
    const { useOptionChainsStore } =
      await import('../../renderer/src/features/instruments/optionChains/useOptionChainsStore');
    useOptionChainsStore().setColumns(1, ['uic', 'status']);
    setActivePinia(createPinia());
    signIn('demo');
    const { wrapper } = await mountChain();
    expect(columnHeaders(wrapper)).toEqual(['Status', 'Uic', 'Strike', 'Uic', 'Status']);
    // Another user starts from the defaults.
    signIn('trader2');
    await flushPromises();
    expect(useOptionChainsStore().columnsOf(1)).toEqual(['bid', 'ask', 'impliedVolatility', 'delta', 'symbol']);
    wrapper.unmount();
    localStorage.clear();
  });

  it('switches to another root of the same underlying from the chain header, or shows it side by side', async () => {
    installRecordingDesk(chainService);
    const { wrapper, router } = await mountChain();
    const picker = wrapper.get('[data-testid="related-roots"]');
    const switcher = picker.get('[role="group"]');
    expect(switcher.attributes('aria-label')).toBe('Roots of S&P 500 Index');
    expect(
      switcher.findAll('button').map((button) => [button.text(), button.attributes('aria-pressed')]),
    ).toEqual([
      ['SPX:xcbo Standard', 'true'],
      ['SPXW:xcbo Weekly', 'false'],
    ]);
    expect(picker.findAll('fieldset label').map((label) => label.text())).toEqual(['SPXW:xcbo']);
    await switcher.findAll('button')[1]?.trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.params.optionRootId).toBe('2');
    await router.push('/chains/1');
    await flushPromises();
    await wrapper.get('[data-testid="related-roots"] fieldset input').setValue(true);
    await flushPromises();
    expect(router.currentRoute.value.query.with).toBe('2');
    expect(wrapper.findAll('section.chain-panel').map((panel) => panel.attributes('data-root'))).toEqual([
      '1',
      '2',
    ]);
    expect(wrapper.get('section[data-root="2"] h2').text()).toContain('SPXW:xcbo');
    wrapper.unmount();
  });

  it('opens the selected contract’s details beside the chain and closes them with Escape', async () => {
    const desk = installRecordingDesk(chainService);
    const { wrapper, router } = await mountChain();
    await router.replace({ query: { contract: '1005' } });
    await flushPromises();
    expect(desk.callsOf('instruments:details').map((call) => call.arg)).toContainEqual({
      Uic: 1005,
      AssetType: 'StockIndexOption',
    });
    const aside = wrapper.get('aside[aria-label="Contract details"]');
    expect(aside.text()).toContain('S&P 500 5000 Call');
    await aside.trigger('keydown', { key: 'Escape' });
    await flushPromises();
    expect(router.currentRoute.value.query.contract).toBeUndefined();
    expect(wrapper.find('aside').exists()).toBe(false);
    wrapper.unmount();
  });

  it('says once per expiry, in its header, what every contract shares', async () => {
    installRecordingDesk(chainService);
    const { wrapper } = await mountChain();
    const header = wrapper.get('section.expiry [data-testid="expiry-header"]');
    expect(header.get('h3').text()).toBe('Fri 13 Mar 2026, Weekly');
    expect(header.findAll('li').map((item) => item.text())).toEqual([
      '5 days to expiry',
      'last trade not given',
      'European exercise',
      'cash settled',
    ]);
    // No column repeats them on every row: besides the prices and greeks, only what differs.
    const { chainColumnIds, chainColumnLabels, isChainPriceColumn } =
      await import('../../renderer/src/features/instruments/optionChains/logic/chainColumns');
    expect(chainColumnIds.filter((id) => !isChainPriceColumn(id)).map((id) => chainColumnLabels[id])).toEqual([
      'Symbol',
      'OCC symbol',
      'Uic',
      'Status',
    ]);
    wrapper.unmount();
  });

  it('names the future a futures option’s expiry exercises into, and spells no OCC symbol for it', async () => {
    const desk = installRecordingDesk(chainService);
    const { useOptionChainsStore } =
      await import('../../renderer/src/features/instruments/optionChains/useOptionChainsStore');
    useOptionChainsStore().setColumns(3, ['symbol', 'occSymbol', 'status']);
    const { wrapper } = await mountChain('/chains/3');
    expect(wrapper.get('[data-testid="expiry-underlying"]').text()).toBe('exercises into ESH6');
    expect(desk.callsOf('instruments:details').map((call) => call.arg)).toContainEqual({
      Uic: 600,
      AssetType: 'ContractFutures',
    });
    expect(columnHeaders(wrapper)).toEqual(['Status', 'Symbol', 'Strike', 'Symbol', 'Status']);
    expect(wrapper.get('[data-testid="chain-occ-note"]').text()).toBe(
      'No OCC symbol column: Futures options clear at their exchange (Chicago Mercantile Exchange), not the OCC: they have no OCC symbol.',
    );
    expect(wrapper.text()).not.toMatch(/ES {4}260313/);
    wrapper.unmount();
  });

  it('counts the days of every expiry from the embedded simulator’s simulated day', async () => {
    const desk = installRecordingDesk({
      ...chainService,
      'settings:simulatorStatus': () => ({ simulatedDay: '2026-03-01' }),
    });
    const { useSessionStore } = await import('../../renderer/src/features/session/useSessionStore');
    useSessionStore().session = {
      signedIn: true,
      user: { name: 'demo', userId: 'demo' },
      expiresAt: '2099-01-01T00:00:00Z',
      profile: { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'implicit' },
      tokenStorage: 'keychain',
      signingIn: false,
    };
    const { wrapper } = await mountChain();
    expect(desk.callsOf('settings:simulatorStatus')).toHaveLength(1);
    // The service counted 5, 12 and 23 days from another day; the simulated day is 1 March.
    expect(wrapper.findAll('[role="tab"]').map((tab) => tab.attributes('aria-label'))).toEqual([
      'Fri 13 Mar 2026, 12 days, Weekly',
      'Fri 20 Mar 2026, 19 days, Quarterly',
      'Tue 31 Mar 2026, 30 days, End of month',
    ]);
    expect(wrapper.get('[data-testid="expiry-days"]').text()).toBe('12 days to expiry');
    wrapper.unmount();
  });
});
