/**
 * Page module of the colour theme as the page applies it: `html[data-theme]` (read by the
 * app's styles), `html[data-ag-theme-mode]` (read by the grids) and the body's colour.
 */
import type { Locator, Page } from '@playwright/test';

export class AppTheme {
  readonly root: Locator;
  readonly body: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('html');
    this.body = page.locator('body');
  }
}
