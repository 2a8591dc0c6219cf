/**
 * Search keeps its place: a click previews a result beside the list, Enter or a double click
 * opens it, and coming back finds the same row under the keyboard. An ISIN search's exact hit
 * shows its ISIN in the details (the service's details carry none).
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryInfo } from '../../contract/wire/types';
import InstrumentsView from '../../renderer/src/features/instruments/InstrumentsView.vue';
import { useInstrumentsStore } from '../../renderer/src/features/instruments/useInstrumentsStore';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const stock = (index: number, extra: Partial<SummaryInfo> = {}): SummaryInfo => ({
  AssetType: 'Stock',
  Description: `Company ${index}`,
  ExchangeId: 'NASDAQ',
  GroupId: 0,
  Identifier: 1000 + index,
  SummaryType: 'Instrument',
  Symbol: `C${index}:xnas`,
  ...extra,
});

function service() {
  return installRecordingDesk({
    'instruments:search': (arg) =>
      (arg as { Keywords?: string }).Keywords === 'US0378331005'
        ? { Data: [stock(0, { Symbol: 'AAPL:xnas', Description: 'Apple Inc.', Identifier: 211, IsKeywordMatch: true })] }
        : { Data: Array.from({ length: 40 }, (_, index) => stock(index)), __count: 40 },
    'instruments:details': (arg) => ({ ...(arg as object), Symbol: `S${(arg as { Uic: number }).Uic}`, Description: 'Previewed' }),
    'instruments:tradingSchedule': () => ({ Sessions: [] }),
    'reference:timeZones': () => ({ Data: [] }),
  });
}

/** Mounts the search workspace; with `results`, once the grid has drawn the first of them. */
async function mountView({ results = true } = {}) {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/instruments', name: 'instruments', component: InstrumentsView },
      { path: '/instruments/:assetType/:uic', name: 'instrument-details', component: { template: '<p>details</p>' } },
    ],
  });
  await router.push('/instruments');
  const wrapper = mount(InstrumentsView, { attachTo: document.body, global: { plugins: [router] } });
  await flushPromises();
  // The grid draws its first rows on an animation frame: wait for them, however busy the machine.
  if (results) await vi.waitFor(() => expect(wrapper.find('[role="row"][row-id]').exists()).toBe(true), { timeout: 10_000 });
  await flushPromises();
  return { wrapper, router };
}

const row = (wrapper: ReturnType<typeof mount>, uic: number) =>
  wrapper.get(`[role="row"][row-id="Instrument:Stock:${uic}"] [col-id="Symbol"]`);

describe('search keeps its place', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(() => {
    removeFakeDesk();
    document.body.innerHTML = '';
  });

  it('previews a result on a click and opens it on a double click', async () => {
    const desk = service();
    useInstrumentsStore().search.keywords = 'company';
    const { wrapper, router } = await mountView();
    await row(wrapper, 1003).trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('instruments');
    await vi.waitFor(() => expect(wrapper.get('aside[aria-label="Preview"]').text()).toContain('S1003 — Previewed'));
    expect(desk.callsOf('instruments:details').map((call) => call.arg)).toContainEqual({ Uic: 1003, AssetType: 'Stock' });
    await row(wrapper, 1003).trigger('dblclick');
    await flushPromises();
    await vi.waitFor(() => expect(router.currentRoute.value.fullPath).toBe('/instruments/Stock/1003'));
    wrapper.unmount();
  });

  it('comes back with the same row under the keyboard', async () => {
    service();
    const instruments = useInstrumentsStore();
    instruments.search.keywords = 'company';
    const first = await mountView();
    await row(first.wrapper, 1008).trigger('click');
    await flushPromises();
    await vi.waitFor(() => expect(first.wrapper.get('aside[aria-label="Preview"]').text()).toContain('S1008'));
    expect(instruments.search.place).toMatchObject({ focusedKey: 'Instrument:Stock:1008', previewKey: 'Instrument:Stock:1008' });
    first.wrapper.unmount();
    // Back from the details: the list is drawn again at the same place, with no new search.
    const again = await mountView();
    // The grid puts the keyboard back on the row once it has drawn it (a frame later, or more on a busy machine).
    await vi.waitFor(() => {
      expect(again.wrapper.get('.ag-cell-focus').attributes('col-id')).toBe('Symbol');
      expect(again.wrapper.get('.ag-row-focus').attributes('row-id')).toBe('Instrument:Stock:1008');
      expect(again.wrapper.get('aside[aria-label="Preview"]').text()).toContain('S1008');
    }, { timeout: 10_000 });
    again.wrapper.unmount();
  });

  it('shows the ISIN an exact ISIN search found the instrument by', async () => {
    service();
    useInstrumentsStore().search.keywords = 'US0378331005';
    const { wrapper } = await mountView();
    await row(wrapper, 211).trigger('click');
    await vi.waitFor(() =>
      expect(wrapper.get('aside[aria-label="Preview"]').text()).toContain('ISINUS0378331005 (matched by your search)'),
    );
    wrapper.unmount();
  });

  it('stops the search box at the service’s limit', async () => {
    service();
    const { wrapper } = await mountView({ results: false });
    expect(wrapper.get('input[aria-label="Search instruments"]').attributes('maxlength')).toBe('255');
    wrapper.unmount();
  });
});
