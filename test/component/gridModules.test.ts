/**
 * The grids' AG Grid modules (gridSetup.ts) cover every grid API call the app makes and the
 * options its grids set: in the page a call or option whose module is not registered silently
 * does nothing, so a trimmed module list could break the export, the keyboard or the inbox's
 * selection without a test of those noticing at once. AG Grid's validation, registered here
 * only, names the missing module (its error #200).
 */
import { createGrid, ModuleRegistry, ValidationModule, type GridApi } from 'ag-grid-community';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';

/** The renderer's sources, as text (Vite reads them for the test). */
const RENDERER_SOURCES: Record<string, string> = import.meta.glob(['../../renderer/src/**/*.ts', '../../renderer/src/**/*.vue'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The grid API's methods the renderer calls: `api.x(`, `api.value?.x(`, `gridApi.x(`. */
function gridApiCallsOfRenderer(api: GridApi): string[] {
  const called = new Set<string>();
  for (const source of Object.values(RENDERER_SOURCES)) {
    for (const match of source.matchAll(/\b(?:api|gridApi)(?:\.value)?\??\.([a-zA-Z]+)\(/g)) {
      const name = match[1] ?? '';
      if (typeof (api as unknown as Record<string, unknown>)[name] === 'function') called.add(name);
    }
  }
  return [...called].sort();
}

describe('the grids’ AG Grid modules', () => {
  afterEach(() => vi.restoreAllMocks());

  it('register the module of every grid API call the app makes', async () => {
    registerGridModules();
    // The page leaves AG Grid's validation out (its size); here it names a missing module.
    ModuleRegistry.registerModules([ValidationModule]);
    const host = document.createElement('div');
    document.body.append(host);
    const api = createGrid(host, { columnDefs: [{ field: 'a' }], rowData: [{ a: 1 }] });
    const calls = gridApiCallsOfRenderer(api);
    // The app's known calls, so a change in the scan cannot silently check nothing.
    expect(calls).toEqual(expect.arrayContaining(['getCellValue', 'forEachNodeAfterFilterAndSort', 'setFocusedCell', 'refreshCells']));
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    for (const name of calls) {
      try {
        (api as unknown as Record<string, (...args: unknown[]) => unknown>)[name]?.();
      } catch {
        // Called without arguments some throw; only a missing module matters here.
      }
    }
    // AG Grid gathers missing modules for a moment before it reports them.
    await new Promise((resolve) => setTimeout(resolve, 200));
    api.destroy();
    expect(errors.filter((text) => /#200|not registered/.test(text))).toEqual([]);
  });

  it('register the modules of the grid and column options the app’s grids use', async () => {
    registerGridModules();
    ModuleRegistry.registerModules([ValidationModule]);
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    const host = document.createElement('div');
    document.body.append(host);
    // One grid with each option the app's grids set (the grid components under renderer/src/features).
    const api = createGrid(host, {
      columnDefs: [
        { field: 'a', pinned: 'left', cellClass: 'c', cellClassRules: { up: () => true }, tooltipValueGetter: () => 't', headerTooltip: 'h' },
        { field: 'b', wrapText: true, autoHeight: true, sortable: true, resizable: true, flex: 1, colSpan: () => 1 },
        { headerName: 'Calls', children: [{ field: 'c', cellRenderer: () => 'x', valueFormatter: () => 'y' }] },
      ],
      rowData: [{ a: 1, b: 2, c: 3 }],
      rowSelection: { mode: 'multiRow', checkboxes: true },
      rowClassRules: { odd: () => true },
      enableBrowserTooltips: true,
      quickFilterText: 'a',
      overlayNoRowsTemplate: '<span>None</span>',
      getRowId: (params) => String(params.data.a),
      animateRows: false,
      suppressColumnVirtualisation: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    api.destroy();
    expect(errors.filter((text) => /#200|not registered/.test(text))).toEqual([]);
  });
});
