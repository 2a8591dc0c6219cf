/**
 * AG Grid set-up shared by every grid: the Community modules and the app's dense theme.
 */
import { AllCommunityModule, colorSchemeDarkBlue, ModuleRegistry, themeQuartz } from 'ag-grid-community';

let registered = false;

/** Registers AG Grid's Community modules once per page. */
export function registerGridModules(): void {
  if (registered) return;
  ModuleRegistry.registerModules([AllCommunityModule]);
  registered = true;
}

/** Dense rows for trading desks; dark by default like the rest of the app. */
export const deskGridTheme = themeQuartz.withPart(colorSchemeDarkBlue).withParams({
  spacing: 4,
  rowHeight: 26,
  headerHeight: 30,
  fontSize: 13,
});
