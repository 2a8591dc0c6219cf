/**
 * Page module of what the web shell answers a browser that did not come through the launch
 * link printed at start.
 */
import type { Locator, Page } from '@playwright/test';

export class LaunchPage {
  readonly refusal: Locator;
  /** The page a launch link answers once it was used. */
  readonly linkUsed: Locator;
  readonly linkUsedAdvice: Locator;
  /** What the page says while RefDesk's simulator is still starting. */
  readonly starting: Locator;

  constructor(readonly page: Page) {
    this.refusal = page.getByText('Open RefDesk through the link printed when it started.');
    this.linkUsed = page.getByRole('heading', { name: 'This link was already used' });
    this.linkUsedAdvice = page.getByText('restart RefDesk (npm start) for a new link');
    this.starting = page.getByTestId('starting-notice');
  }
}
