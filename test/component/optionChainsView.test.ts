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
  return {
    OptionRootId: arg.OptionRootId ?? 1,
    Symbol: weekly ? 'SPXW:xcbo' : 'SPX:xcbo',
    Description: weekly ? 'S&P 500 Weekly Index Options' : 'S&P 500 Index Options',
    AssetType: 'StockIndexOption',
    ExerciseStyle: 'European',
    SettlementStyle: 'CashDelivery',
    CurrencyCode: 'USD',
    RelatedInstruments: [{ AssetType: 'StockIndex', Uic: 500 }],
    OptionSpace: expiries.map((candidate) =>
      arg.OptionSpaceSegment === 'SpecificDates' && arg.ExpiryDates?.includes(candidate.Expiry.slice(0, 10))
        ? { ...candidate, SpecificOptions: contracts([4900, 4950, 5000, 5050, 5100]) }
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

  it('shows another root of the same underlying side by side', async () => {
    installRecordingDesk(chainService);
    const { wrapper, router } = await mountChain();
    const picker = wrapper.get('fieldset.related-roots');
    expect(picker.text()).toContain('Roots of S&P 500 Index, side by side');
    expect(picker.findAll('label').map((label) => label.text())).toEqual([
      'SPX:xcbo (this chain)',
      'SPXW:xcbo',
    ]);
    await picker.findAll('input')[1]?.setValue(true);
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
});
