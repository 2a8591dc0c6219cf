import { mount } from '@vue/test-utils';
import { createMemoryHistory, createRouter } from 'vue-router';
import { describe, expect, it } from 'vitest';
import type { InstrumentDetails, InstrumentTradeSessions } from '../../contract/wire/types';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import InstrumentDetailsPanel from '../../renderer/src/features/instruments/components/InstrumentDetailsPanel.vue';

const details: InstrumentDetails = {
  Uic: 211,
  AssetType: 'Stock',
  Symbol: 'AAPL:xnas',
  Description: 'Apple Inc.',
  CurrencyCode: 'USD',
  IsTradable: true,
  Exchange: { CountryCode: 'US', ExchangeId: 'NASDAQ', Name: 'Nasdaq' },
  RelatedOptionRootsEnhanced: [{ AssetType: 'StockOption', OptionRootId: 12 }],
  RelatedInstruments: [{ AssetType: 'CfdOnStock', Uic: 211 }],
};
const schedule: InstrumentTradeSessions = {
  TimeZone: 3,
  TimeZoneAbbreviation: 'EST',
  TimeZoneOffset: '-05:00:00',
  Sessions: [
    { StartTime: '2026-03-02T09:00:00Z', EndTime: '2026-03-02T14:30:00Z', State: 'PreMarket' },
    { StartTime: '2026-03-02T14:30:00Z', EndTime: '2026-03-02T21:00:00Z', State: 'AutomatedTrading' },
  ],
};

async function mountPanel(props: Partial<InstanceType<typeof InstrumentDetailsPanel>['$props']> = {}) {
  registerGridModules();
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: { template: '<p/>' } },
      { path: '/chains/:optionRootId', name: 'option-chain', component: { template: '<p/>' } },
      { path: '/instruments/:assetType/:uic', name: 'instrument-details', component: { template: '<p/>' } },
    ],
  });
  await router.push('/');
  return mount(InstrumentDetailsPanel, {
    props: {
      details,
      loading: false,
      fieldGroups: [],
      schedule,
      scheduleLoading: false,
      scheduleZoneName: 'America/New_York',
      ...props,
    },
    global: { plugins: [router] },
  });
}

describe('InstrumentDetailsPanel', { timeout: 20_000 }, () => {
  it('shows only the groups with fields, option roots and related instruments as links', async () => {
    const wrapper = await mountPanel();
    expect(wrapper.findAll('section.section h3').map((heading) => heading.text())).toEqual([
      'Identity',
      'Currency and pricing',
      'Tradability',
      'Exchange',
      'Options and derivatives',
    ]);
    const links = wrapper.findAll('dd.links a').map((link) => [link.text(), link.attributes('href')]);
    expect(links).toEqual([
      ['CfdOnStock 211', '/instruments/CfdOnStock/211'],
      ['StockOption root 12', '/chains/12'],
    ]);
    expect(wrapper.text()).not.toContain('Bonds');
  });

  it('asks for a field group when its toggle is ticked', async () => {
    const wrapper = await mountPanel();
    const toggle = wrapper.findAll('[role="checkbox"]').find((box) => box.text() === 'Order setting');
    await toggle?.trigger('click');
    expect(wrapper.emitted('update:fieldGroups')?.[0]).toEqual([['OrderSetting']]);
  });

  it('draws the schedule on exchange-time days with each session in exchange and local time', async () => {
    const wrapper = await mountPanel();
    const bar = wrapper.get('[data-testid="schedule-timeline"] [role="img"]');
    expect(bar.attributes('aria-label')).toBe(
      'Mon 2 Mar: PreMarket 04:00–09:30, AutomatedTrading 09:30–16:00',
    );
    expect(wrapper.get('.zones').text()).toContain('Exchange time: America/New_York, EST, -05:00:00');
    expect(wrapper.findAll('[role="gridcell"][col-id="exchangeStart"]').map((cell) => cell.text())).toEqual([
      'Mon 2 Mar 04:00',
      'Mon 2 Mar 09:30',
    ]);
  });

  it('says when the schedule could not be read', async () => {
    const wrapper = await mountPanel({ schedule: undefined, scheduleError: 'Invalid asset type' });
    expect(wrapper.get('[role="alert"]').text()).toBe(
      'Could not load the trading schedule: Invalid asset type',
    );
  });
});
