/**
 * AG Grid set-up shared by every grid: the Community modules and the app's dense theme. Every
 * grid component imports its theme from here, so the modules are registered when the first
 * workspace with a grid loads (AG Grid is in no chunk the page starts with).
 */
import { AllCommunityModule, colorSchemeVariable, ModuleRegistry, themeQuartz } from 'ag-grid-community';

let registered = false;

/** Registers AG Grid's Community modules once per page. */
export function registerGridModules(): void {
  if (registered) return;
  ModuleRegistry.registerModules([AllCommunityModule]);
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
