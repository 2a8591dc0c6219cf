import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractOptionEntry, ContractOptionSpace, SpecificOption } from '../../contract/wire/types';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import OptionChainView from '../../renderer/src/features/optionChains/OptionChainView.vue';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const entry = (expiry: string, days: number): ContractOptionEntry => ({
  DisplayDaysToExpiry: days,
  DisplayExpiry: `${expiry.slice(0, 8)}01T00:00:00Z`,
  Expiry: `${expiry}T00:00:00Z`,
});
const expiries = [entry('2026-03-13', 5), entry('2026-03-20', 12), entry('2026-03-31', 23)];

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

function optionSpace(arg: { OptionSpaceSegment?: string; ExpiryDates?: string[] }): ContractOptionSpace {
  return {
    OptionRootId: 1,
    Symbol: 'SPX:xcbo',
    Description: 'S&P 500 Index Options',
    AssetType: 'StockIndexOption',
    ExerciseStyle: 'European',
    CurrencyCode: 'USD',
    OptionSpace: expiries.map((candidate) =>
      arg.OptionSpaceSegment === 'SpecificDates' && arg.ExpiryDates?.includes(candidate.Expiry.slice(0, 10))
        ? { ...candidate, SpecificOptions: contracts([4900, 4950, 5000, 5050, 5100]) }
        : candidate,
    ),
  };
}

async function mountChain() {
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
  await router.push('/chains/1');
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
    const desk = installRecordingDesk({ 'instruments:optionSpace': (arg) => optionSpace(arg as never) });
    const { wrapper } = await mountChain();
    expect(desk.callsOf('instruments:optionSpace').map((call) => call.arg)).toEqual([
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

  it('labels the centre as the middle strike until a reference price is typed', async () => {
    installRecordingDesk({ 'instruments:optionSpace': (arg) => optionSpace(arg as never) });
    const { wrapper } = await mountChain();
    expect(wrapper.get('[data-testid="chain-centre"]').text()).toBe(
      'Centre 5000 (middle strike; this API carries no prices)',
    );
    await wrapper.get('input[aria-label="Reference price"]').setValue('4940');
    await flushPromises();
    expect(wrapper.get('[data-testid="chain-centre"]').text()).toBe(
      'Centre 4950 (strike nearest the reference price)',
    );
    wrapper.unmount();
  });

  it('moves to the next expiry with PageDown and reads only that one', async () => {
    const desk = installRecordingDesk({ 'instruments:optionSpace': (arg) => optionSpace(arg as never) });
    const { wrapper } = await mountChain();
    await wrapper.get('section.workspace').trigger('keydown', { key: 'PageDown' });
    await flushPromises();
    expect(wrapper.get('[role="tab"][aria-selected="true"]').attributes('data-expiry')).toBe('2026-03-20');
    expect(
      desk.callsOf('instruments:optionSpace').map((call) => (call.arg as { ExpiryDates?: string[] }).ExpiryDates),
    ).toEqual([undefined, ['2026-03-13'], ['2026-03-20']]);
    await wrapper.get('section.workspace').trigger('keydown', { key: 'PageUp' });
    await flushPromises();
    expect(wrapper.get('[role="tab"][aria-selected="true"]').attributes('data-expiry')).toBe('2026-03-13');
    expect(desk.callsOf('instruments:optionSpace')).toHaveLength(3);
    wrapper.unmount();
  });

  it('stacks further expiries below the active one, each read when shown', async () => {
    const desk = installRecordingDesk({ 'instruments:optionSpace': (arg) => optionSpace(arg as never) });
    const { wrapper } = await mountChain();
    const { useOptionChainsStore } = await import('../../renderer/src/features/optionChains/useOptionChainsStore');
    useOptionChainsStore().settingsOf(1).stackedExpiries = ['2026-03-31'];
    await flushPromises();
    expect(wrapper.findAll('section.expiry').map((section) => section.attributes('data-expiry'))).toEqual([
      '2026-03-13',
      '2026-03-31',
    ]);
    expect(desk.callsOf('instruments:optionSpace').at(-1)?.arg).toMatchObject({ ExpiryDates: ['2026-03-31'] });
    wrapper.unmount();
  });

  it('opens the selected contract’s details beside the chain and closes them with Escape', async () => {
    const desk = installRecordingDesk({
      'instruments:optionSpace': (arg) => optionSpace(arg as never),
      'instruments:details': (arg) => ({
        ...(arg as object),
        Symbol: 'SPX/13H26C5000:xcbo',
        Description: 'S&P 500 5000 Call',
      }),
      'instruments:tradingSchedule': () => ({ Sessions: [] }),
      'reference:timeZones': () => ({ Data: [] }),
    });
    const { wrapper, router } = await mountChain();
    await router.replace({ query: { contract: '1005' } });
    await flushPromises();
    expect(desk.callsOf('instruments:details')[0]?.arg).toEqual({
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
