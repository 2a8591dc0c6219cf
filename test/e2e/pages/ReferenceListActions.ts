/**
 * Page module of the Reference data list's own actions and problems: the Refresh button and the
 * alert a failed load shows. (Kept apart from ReferenceDataPage, which other work edits; fold in later.)
 */
import type { Locator, Page } from '@playwright/test';
import { ReferenceDataPage } from './ReferenceDataPage';

export class ReferenceListActions extends ReferenceDataPage {
  readonly refresh: Locator;
  /** The alert of a failed countries load: "Could not load countries: <reason>". */
  readonly countriesProblem: Locator;

  constructor(page: Page) {
    super(page);
    this.refresh = this.panel.getByRole('button', { name: 'Refresh' });
    this.countriesProblem = this.panel.getByRole('alert').filter({ hasText: 'Could not load countries' });
  }
}
