/**
 * Page module of the workspace navigation: opens a workspace by its entry's name and waits for
 * the workspace's own heading, which carries the same name.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Every workspace, by the name its navigation entry and its heading show. */
export const WORKSPACES = [
  'Instruments',
  'Option chains',
  'Futures',
  'Corporate actions',
  'Apps',
  'Reference data',
  'Settings',
] as const;

export type WorkspaceName = (typeof WORKSPACES)[number];

export class WorkspaceNavigation {
  readonly navigation: Locator;

  constructor(readonly page: Page) {
    this.navigation = page.getByRole('navigation', { name: 'Workspaces' });
  }

  link(name: WorkspaceName): Locator {
    return this.navigation.getByRole('link', { name, exact: true });
  }

  /** Clicks the workspace's entry; resolves when its heading shows and the entry is current. */
  async open(name: WorkspaceName): Promise<void> {
    await this.link(name).click();
    await expect(this.page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    await expect(this.link(name)).toHaveAttribute('aria-current', 'page');
  }
}
