import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskResponse } from '../../contract/bridge';
import type { CountryDetails, CurrencyPairDetails, ExchangeDetails, Feed, TimeZoneDetails } from '../../contract/wire/types';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import ReferenceView from '../../renderer/src/features/reference/ReferenceView.vue';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';

const denmark: CountryDetails = { A3: 'DNK', CountryCode: 'DK', Name: 'Denmark', Numeric: 208 };
const norway: CountryDetails = { A3: 'NOR', CountryCode: 'NO', Name: 'Norway', Numeric: 578 };
const zones: TimeZoneDetails[] = [
  { DisplayName: 'GMT', TimeZoneId: '0', TimeZoneOffset: '00:00:00', ZoneName: 'Etc/UTC' },
  { DisplayName: 'US Eastern', TimeZoneId: '3', TimeZoneOffset: '-05:00:00', ZoneName: 'America/New_York' },
];
const saoTome: CountryDetails = { A3: 'STP', CountryCode: 'ST', Name: 'São Tomé and Príncipe', Numeric: 678 };
/** As the service lists them: each pair under both of its currencies. */
const pairs: CurrencyPairDetails[] = [
  {
    CurrencyCode: 'EUR',
    RelatedCurrencies: [
      { CurrencyCode: 'GBP', Uic: 17 },
      { CurrencyCode: 'USD', Uic: 21 },
    ],
  },
  { CurrencyCode: 'GBP', RelatedCurrencies: [{ CurrencyCode: 'EUR', Uic: 17 }] },
  { CurrencyCode: 'USD', RelatedCurrencies: [{ CurrencyCode: 'EUR', Uic: 21 }, { CurrencyCode: 'JPY', Uic: 42 }] },
  { CurrencyCode: 'JPY', RelatedCurrencies: [{ CurrencyCode: 'USD', Uic: 42 }] },
];
/** The FX spots' own symbols (USDJPY is quoted USD first). */
const spotSymbols: Record<number, string> = { 17: 'EURGBP', 21: 'EURUSD', 42: 'USDJPY' };
const nasdaq: ExchangeDetails = {
  CountryCode: 'US',
  Currency: 'USD',
  EarlyCloses: [{ Date: '2026-11-27', CloseTime: '13:00', Name: 'Day after Thanksgiving' }],
  ExchangeId: 'NASDAQ',
  // Open from an hour ago for two hours more, whenever the test runs.
  ExchangeSessions: [
    { StartTime: new Date(Date.now() - 3_600_000).toISOString(), EndTime: new Date(Date.now() + 7_200_000).toISOString(), State: 'AutomatedTrading' },
    { StartTime: new Date(Date.now() + 7_200_000).toISOString(), EndTime: new Date(Date.now() + 86_400_000).toISOString(), State: 'PostMarket' },
  ],
  Holidays: [{ Date: '2026-12-25', Name: 'Christmas Day' }],
  IsoMic: 'XNAS',
  Name: 'Nasdaq',
  TimeZone: 3,
  TimeZoneAbbreviation: 'EST',
  TimeZoneId: '3',
  TimeZoneName: 'America/New_York',
  TimeZoneOffset: '-05:00:00',
  TradingHours: {
    TimeZoneName: 'America/New_York',
    WeekendDays: ['Saturday', 'Sunday'],
    Phases: [{ State: 'AutomatedTrading', StartTime: '09:30', EndTime: '16:00' }],
  },
};
const xetra: ExchangeDetails = {
  ...nasdaq,
  ExchangeId: 'FSE',
  IsoMic: 'XETR',
  Name: 'Xetra',
  TimeZoneName: 'Europe/Berlin',
  ExchangeSessions: [{ StartTime: new Date(Date.now() - 3_600_000).toISOString(), EndTime: new Date(Date.now() + 3_600_000).toISOString(), State: 'Closed' }],
};

type Answer<T> = () => Promise<DeskResponse<Feed<T>>>;

function installReferenceDesk(countries: Answer<CountryDetails>) {
  return installDesk({
    'reference:countries': countries,
    'reference:timeZones': async () => ok({ Data: zones }),
    'reference:currencyPairs': async () => ok({ Data: pairs }),
    'reference:exchanges': async () => ok({ Data: [nasdaq, xetra] }),
    'instruments:detailsList': async (arg: { Uics: number[] }) =>
      ok({ Data: arg.Uics.map((uic) => ({ Uic: uic, AssetType: 'FxSpot', Symbol: spotSymbols[uic] })) }),
  });
}

/** Promises settled and the grid's next frame drawn. */
async function settle(): Promise<void> {
  await flushPromises();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await flushPromises();
}

async function mountView() {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/reference', component: ReferenceView }],
  });
  await router.push('/reference');
  const wrapper = mount(ReferenceView, { attachTo: document.body, global: { plugins: [router] } });
  return { wrapper, router };
}

describe('ReferenceView', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(() => {
    removeFakeDesk();
    document.body.innerHTML = '';
  });

  it('loads the countries through the bridge and says how many there are', async () => {
    const desk = installReferenceDesk(async () => ({ ok: true, result: { Data: [denmark, norway] } }));
    const { wrapper } = await mountView();
    await nextTick();
    expect(wrapper.get('[role="status"]').text()).toBe('Loading countries…');
    await flushPromises();
    expect(wrapper.get('[role="status"]').text()).toBe('2 countries');
    expect(desk.channel('reference:countries')).toHaveBeenCalledTimes(1);
    expect(desk.channel('reference:timeZones')).not.toHaveBeenCalled();
    wrapper.unmount();
  });

  it('shows the failure in words and reads the service again on Refresh', async () => {
    let fail = true;
    installReferenceDesk(async () =>
      fail
        ? {
            ok: false,
            error: { code: 'Network', message: 'The service at http://127.0.0.1:1 could not be reached.' },
          }
        : { ok: true, result: { Data: [denmark] } },
    );
    const { wrapper } = await mountView();
    await flushPromises();
    expect(wrapper.get('[role="alert"]').text()).toContain('could not be reached');
    fail = false;
    const refresh = wrapper.findAll('button').find((button) => button.text() === 'Refresh');
    await refresh?.trigger('click');
    await flushPromises();
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    expect(wrapper.get('[role="status"]').text()).toBe('1 country');
    wrapper.unmount();
  });

  it('switches to time zones and currency pairs with the keyboard, reading each list once', async () => {
    const desk = installReferenceDesk(async () => ({ ok: true, result: { Data: [denmark] } }));
    const { wrapper, router } = await mountView();
    await flushPromises();
    await wrapper.get('[role="tab"][aria-selected="true"]').trigger('keydown', { key: 'ArrowRight' });
    await flushPromises();
    expect(router.currentRoute.value.query.list).toBe('timezones');
    expect(wrapper.get('[role="tab"][aria-selected="true"]').text()).toBe('Time zones');
    expect(wrapper.get('[role="status"]').text()).toBe('2 time zones');
    expect(wrapper.find('input[aria-label="Filter time zones"]').exists()).toBe(true);

    await wrapper.get('[role="tab"][aria-selected="true"]').trigger('keydown', { key: 'ArrowRight' });
    await flushPromises();
    expect(wrapper.get('[role="status"]').text()).toBe('3 pairs');

    await wrapper.get('[role="tab"][aria-selected="true"]').trigger('keydown', { key: 'Home' });
    await flushPromises();
    expect(wrapper.get('[role="status"]').text()).toBe('1 country');
    expect(desk.channel('reference:countries')).toHaveBeenCalledTimes(1);
    expect(desk.channel('reference:timeZones')).toHaveBeenCalledTimes(1);
    wrapper.unmount();
  });

  it('filters ignoring case and accents, and the count follows the filter', async () => {
    installReferenceDesk(async () => ok({ Data: [denmark, norway, saoTome] }));
    const { wrapper } = await mountView();
    await settle();
    expect(wrapper.get('[role="status"]').text()).toBe('3 countries');
    await wrapper.get('input[aria-label="Filter countries"]').setValue('sao tome');
    await settle();
    expect(wrapper.get('[role="status"]').text()).toBe('1 of 3 countries');
    expect(wrapper.findAll('[role="gridcell"][col-id="Name"]').map((cell) => cell.text())).toEqual(['São Tomé and Príncipe']);
    expect(wrapper.get('input[aria-label="Filter countries"]').attributes('maxlength')).toBe('100');
    wrapper.unmount();
  });

  it('lists each currency pair once, as the market quotes it, with its own uic', async () => {
    installReferenceDesk(async () => ok({ Data: [denmark] }));
    const { wrapper, router } = await mountView();
    await router.replace({ query: { list: 'currencypairs' } });
    await settle();
    const rows = wrapper
      .findAll('[role="row"][row-id]')
      .map((row) => ['pair', 'uic'].map((column) => row.get(`[col-id="${column}"]`).text()));
    expect(rows.sort()).toEqual([
      ['EURGBP', '17'],
      ['EURUSD', '21'],
      ['USDJPY', '42'],
    ]);
    await wrapper.get('input[aria-label="Filter currency pairs"]').setValue('eur/usd');
    await settle();
    expect(wrapper.get('[role="status"]').text()).toBe('1 of 3 pairs');
    wrapper.unmount();
  });

  it('shows which exchanges are open now and when they close, and one exchange’s hours beside the list', async () => {
    installReferenceDesk(async () => ok({ Data: [denmark] }));
    const { wrapper, router } = await mountView();
    await router.replace({ query: { list: 'exchanges' } });
    await settle();
    expect(wrapper.get('[role="status"]').text()).toBe('2 exchanges, 1 open now');
    const cells = (column: string) => wrapper.findAll(`[role="gridcell"][col-id="${column}"]`).map((cell) => cell.text());
    expect(cells('name')).toEqual(['Nasdaq', 'Xetra']);
    expect(cells('status')).toEqual(['Open', 'Closed']);
    expect(cells('next')[0]).toMatch(/^closes in (1 h 59 min|2 h 00 min)$/);
    await wrapper.findAll('[role="gridcell"][col-id="name"]')[0]?.trigger('click');
    await settle();
    const aside = wrapper.get('aside[aria-label="Exchange details"]');
    expect(aside.get('[data-testid="exchange-state"]').text()).toContain('Open');
    expect(aside.get('[data-testid="exchange-holidays"]').text()).toContain('2026-12-25 Christmas Day');
    expect(aside.find('[data-testid="schedule-now"]').exists()).toBe(true);
    await wrapper.get('input[aria-label="Filter exchanges"]').setValue('closed');
    await settle();
    expect(wrapper.get('[role="status"]').text()).toBe('1 of 2 exchanges, 0 open now');
    wrapper.unmount();
  });
});
