/**
 * AG Grid set-up shared by every grid: the Community modules the app's grids use, and the app's
 * dense theme. Every grid component imports its theme from here, so the modules are registered
 * when the first workspace with a grid loads (AG Grid is in no chunk the page starts with).
 *
 * Only the modules the grids use, not AllCommunityModule: the whole Community bundle was a
 * 1.16 MB chunk that every launch parsed before its first grid. AG Grid's core always brings
 * sorting, resizing, moving, pinning, column groups, overlays, flex and keyboard navigation; the
 * rest is listed below. An API call or option whose module is missing does nothing in the page
 * (AG Grid's validation, which would name the module, is left out for its size):
 * test/component/gridModules.test.ts checks every API call the app makes and the options its
 * grids set; a grid using a new option adds it to that test and its module here.
 */
import {
  CellApiModule,
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  colorSchemeVariable,
  ColumnApiModule,
  ColumnAutoSizeModule,
  ModuleRegistry,
  QuickFilterModule,
  RenderApiModule,
  RowApiModule,
  RowAutoHeightModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  themeQuartz,
  TooltipModule,
  type Module,
} from 'ag-grid-community';

/** Each module with what of the app needs it, so one no grid uses any more can go. */
export const GRID_MODULES: readonly Module[] = [
  ClientSideRowModelModule, // every grid's rows
  ClientSideRowModelApiModule, // forEachNodeAfterFilterAndSort: the export
  RowApiModule, // getDisplayedRowAtIndex, getRowNode, redrawRows: keyboard, price refresh
  ScrollApiModule, // ensureIndexVisible, getVerticalPixelRange: keyboard, rows on screen
  RenderApiModule, // refreshCells: prices, watch marks
  CellApiModule, // getCellValue: the export
  ColumnApiModule, // getAllDisplayedColumns, setColumnsPinned: the export, the chain
  ColumnAutoSizeModule, // autoSizeColumns: the futures ladder fits its columns
  QuickFilterModule, // quickFilterText: the apps grid's filter
  RowSelectionModule, // rowSelection, getSelectedRows: the inbox, the search results
  RowStyleModule, // rowClassRules
  CellStyleModule, // cellClass, cellClassRules
  TooltipModule, // tooltipValueGetter, headerTooltip, the inbox's browser tooltips
  RowAutoHeightModule, // autoHeight: the audit log's wrapped rows
];

let registered = false;

/** Registers the grids' modules once per page. */
export function registerGridModules(): void {
  if (registered) return;
  ModuleRegistry.registerModules([...GRID_MODULES]);
  registered = true;
}

registerGridModules();

/**
 * Dense rows for trading desks. The colours come from the app's CSS variables and the scheme
 * follows `html[data-ag-theme-mode]`, so every grid switches with the app's theme.
 */
export const deskGridTheme = themeQuartz.withPart(colorSchemeVariable).withParams({
  spacing: 4,
  rowHeight: 26,
  headerHeight: 30,
  fontSize: 13,
  fontFamily: 'inherit',
  backgroundColor: 'var(--surface)',
  foregroundColor: 'var(--text)',
  headerBackgroundColor: 'var(--surface-raised)',
  accentColor: 'var(--accent)',
  borderColor: 'var(--border)',
  wrapperBorderRadius: 4,
});
