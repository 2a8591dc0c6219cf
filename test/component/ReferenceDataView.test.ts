import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Desk, DeskResponse } from '../../preload/contract';
import type { CountryDetails, Feed } from '../../main/core/api/types';
import { registerGridModules } from '../../renderer/src/components/grid/gridSetup';
import ReferenceDataView from '../../renderer/src/views/ReferenceDataView.vue';

const denmark: CountryDetails = { A3: 'DNK', CountryCode: 'DK', Name: 'Denmark', Numeric: 208 };
const norway: CountryDetails = { A3: 'NOR', CountryCode: 'NO', Name: 'Norway', Numeric: 578 };

function installDesk(countries: () => Promise<DeskResponse<Feed<CountryDetails>>>) {
  const fake = { ref: { countries: vi.fn(countries) } } as unknown as Desk;
  Object.defineProperty(window, 'desk', { value: fake, configurable: true });
  return fake;
}

describe('ReferenceDataView', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'desk');
  });

  it('loads the countries through the bridge and says how many there are', async () => {
    const desk = installDesk(async () => ({ ok: true, result: { Data: [denmark, norway] } }));
    const wrapper = mount(ReferenceDataView, { attachTo: document.body });
    await nextTick();
    expect(wrapper.get('[role="status"]').text()).toBe('Loading countries…');
    await flushPromises();
    expect(wrapper.get('[role="status"]').text()).toBe('2 countries');
    expect(desk.ref.countries).toHaveBeenCalledTimes(1);
    wrapper.unmount();
  });

  it('shows the failure in words and reads the service again on Refresh', async () => {
    let fail = true;
    installDesk(async () =>
      fail
        ? { ok: false, error: { code: 'Network', message: 'The service at http://127.0.0.1:1 could not be reached.' } }
        : { ok: true, result: { Data: [denmark] } },
    );
    const wrapper = mount(ReferenceDataView, { attachTo: document.body });
    await flushPromises();
    expect(wrapper.get('[role="alert"]').text()).toContain('could not be reached');
    fail = false;
    await wrapper.get('button').trigger('click');
    await flushPromises();
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    expect(wrapper.get('[role="status"]').text()).toBe('1 country');
    wrapper.unmount();
  });
});
