/**
 * Page module of the command palette (Ctrl+K / Cmd+K).
 */
import type { Locator, Page } from '@playwright/test';

export class CommandPalettePage {
  readonly dialog: Locator;
  readonly input: Locator;
  readonly options: Locator;
  readonly activeOption: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Find instrument' });
    this.input = this.dialog.getByRole('combobox', { name: 'Find instrument' });
    this.options = this.dialog.getByRole('option');
    this.activeOption = this.dialog.getByRole('option', { selected: true });
  }

  /** The result options that mention `text`. */
  option(text: string): Locator {
    return this.options.filter({ hasText: text });
  }

  /** Opens the palette with the keyboard shortcut, from wherever the focus is. */
  async openWithShortcut(): Promise<void> {
    await this.page.keyboard.press('Control+k');
  }
}
