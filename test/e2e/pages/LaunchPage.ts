/**
 * Page module of what the web shell answers a browser that did not come through the launch
 * link printed at start.
 */
import type { Locator, Page } from '@playwright/test';

export class LaunchPage {
  readonly refusal: Locator;

  constructor(readonly page: Page) {
    this.refusal = page.getByText('Open RefDesk through the link printed when it started.');
  }
}
