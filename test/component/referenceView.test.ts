import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskResponse } from '../../contract/bridge';
import type { CountryDetails, CurrencyPairDetails, Feed, TimeZoneDetails } from '../../contract/wire/types';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import ReferenceView from '../../renderer/src/features/reference/ReferenceView.vue';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';

const denmark: CountryDetails = { A3: 'DNK', CountryCode: 'DK', Name: 'Denmark', Numeric: 208 };
const norway: CountryDetails = { A3: 'NOR', CountryCode: 'NO', Name: 'Norway', Numeric: 578 };
const zones: TimeZoneDetails[] = [
  { DisplayName: 'GMT', TimeZoneId: '0', TimeZoneOffset: '00:00:00', ZoneName: 'Etc/UTC' },
  { DisplayName: 'US Eastern', TimeZoneId: '3', TimeZoneOffset: '-05:00:00', ZoneName: 'America/New_York' },
];
const pairs: CurrencyPairDetails[] = [
  {
    CurrencyCode: 'EUR',
    RelatedCurrencies: [
      { CurrencyCode: 'USD', Uic: 21 },
      { CurrencyCode: 'GBP', Uic: 17 },
    ],
  },
];

type Answer<T> = () => Promise<DeskResponse<Feed<T>>>;

function installReferenceDesk(countries: Answer<CountryDetails>) {
  return installDesk({
    'reference:countries': countries,
    'reference:timeZones': async () => ok({ Data: zones }),
    'reference:currencyPairs': async () => ok({ Data: pairs }),
  });
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

    await wrapper.get('[role="tab"][aria-selected="true"]').trigger('keydown', { key: 'End' });
    await flushPromises();
    expect(wrapper.get('[role="status"]').text()).toBe('1 currency, 2 pairs');

    await wrapper.get('[role="tab"][aria-selected="true"]').trigger('keydown', { key: 'Home' });
    await flushPromises();
    expect(wrapper.get('[role="status"]').text()).toBe('1 country');
    expect(desk.channel('reference:countries')).toHaveBeenCalledTimes(1);
    expect(desk.channel('reference:timeZones')).toHaveBeenCalledTimes(1);
    wrapper.unmount();
  });
});
