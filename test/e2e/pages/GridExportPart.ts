/**
 * Page part of the export menu every grid has: saves the grid as a CSV file (answering the
 * downloaded file's text) or copies it as tab-separated text (answering the clipboard's text).
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

export class GridExportPart {
  readonly button: Locator;
  readonly message: Locator;

  /** The export menu whose button is named `Export <subject>` (a pattern, e.g. /^Export search/). */
  constructor(
    readonly page: Page,
    subject: RegExp,
  ) {
    this.button = page.getByRole('button', { name: subject });
    this.message = this.button.locator('xpath=ancestor::span[contains(@class, "grid-export")]').getByRole('status');
  }

  /** Saves the grid as a CSV file; answers the file's text as downloaded. */
  async saveCsv(): Promise<{ text: string; fileName: string }> {
    const download = this.page.waitForEvent('download');
    await this.button.click();
    await this.page.getByRole('menuitem', { name: 'Save as CSV file' }).click();
    const file = await download;
    return { text: await readFile(await file.path(), 'utf8'), fileName: file.suggestedFilename() };
  }

  /** Copies the grid as tab-separated text; answers the clipboard's text (the context must grant clipboard access). */
  async copyTabSeparated(): Promise<string> {
    await this.button.click();
    await this.page.getByRole('menuitem', { name: 'Copy as tab-separated text' }).click();
    await this.message.filter({ hasText: /^Copied/ }).waitFor();
    return this.page.evaluate(() => navigator.clipboard.readText());
  }
}
