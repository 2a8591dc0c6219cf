/**
 * The search results grid takes its options once: new results, or the trader's cursor moving,
 * hand the grid its rows and nothing else, and leave the columns as the trader set them. (Options
 * written in the template were new values on every render of the grid's component: the grid was
 * told its row ids changed and built every column again, 50 ms of the first screen's 0.8 s in the
 * startup bench's page profile, 2026-11-29.)
 */
import { flushPromises, mount } from '@vue/test-utils';
import type { GridApi } from 'ag-grid-community';
import { AgGridVue } from 'ag-grid-vue3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryInfo } from '../../contract/wire/types';
import SearchResultsGrid from '../../renderer/src/features/instruments/components/SearchResultsGrid.vue';
import type { SearchPlace } from '../../renderer/src/features/instruments/useInstrumentSearch';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';

const root = (index: number): SummaryInfo => ({
  AssetType: 'StockIndexOption',
  Description: `Root ${index}`,
  ExchangeId: 'CBOE',
  GroupId: 0,
  Identifier: 100 + index,
  SummaryType: 'ContractOptionRoot',
  Symbol: `R${index}`,
});

const place: SearchPlace = { topIndex: 0, focusedKey: undefined, previewKey: undefined };

async function mountGrid() {
  const wrapper = mount(SearchResultsGrid, {
    attachTo: document.body,
    props: { rows: [root(1), root(2)], keywords: 'r', hasMore: false, place, previews: false },
  });
  // The grid draws its first rows on an animation frame: wait for them, however busy the machine.
  await vi.waitFor(() => expect(wrapper.find('[role="row"][row-id]').exists()).toBe(true), { timeout: 10_000 });
  const api = (wrapper.findComponent(AgGridVue).vm as unknown as { api: GridApi<SummaryInfo> }).api;
  return { wrapper, api };
}

describe('search results grid columns', { timeout: 30_000 }, () => {
  beforeEach(() => registerGridModules());
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is handed only the new rows, and keeps moved and widened columns, as results come and the cursor moves', async () => {
    const { wrapper, api } = await mountGrid();
    api.moveColumns(['ExchangeId'], 0);
    api.setColumnWidths([{ key: 'Symbol', newWidth: 320 }]);
    const order = () => api.getAllDisplayedColumns().map((column) => column.getColId());
    expect(order()[0]).toBe('ExchangeId');
    // What the grid is told changed: AgGridVue hands it every prop whose value changed, and the
    // grid announces them (its event API is a module the app does not register: listened to here).
    const told = new Set<string>();
    const announce = api.dispatchEvent.bind(api);
    vi.spyOn(api, 'dispatchEvent').mockImplementation((event) => {
      if (event.type === 'componentStateChanged') Object.keys(event).forEach((key) => told.add(key));
      announce(event);
    });

    await wrapper.setProps({ rows: [root(1), root(2), root(3)] });
    await flushPromises();
    await vi.waitFor(() => expect(wrapper.findAll('[role="row"][row-id]').length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    await wrapper.setProps({ place: { ...place, focusedKey: 'ContractOptionRoot:StockIndexOption:102' } });
    await flushPromises();

    expect(order()[0]).toBe('ExchangeId');
    expect(api.getColumn('Symbol')?.getActualWidth()).toBe(320);
    expect(told.has('rowData')).toBe(true);
    // Each of these made the grid build every column again from its definitions.
    expect([...told].filter((key) => ['defaultColDef', 'rowSelection', 'getRowId', 'columnDefs'].includes(key))).toEqual([]);
  });
});
