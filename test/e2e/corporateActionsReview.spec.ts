import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO_USER } from '../../main/simulator/data/accounts/demo';
import type { ReadyProcess } from '../support/simulatorProcess';
import { startWebShellProcess, type WebShellReady } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { CorporateActionsPage } from './pages/CorporateActionsPage';
import { SignInPage } from './pages/SignInPage';

async function signedIn(page: Page, shell: ReadyProcess<WebShellReady>): Promise<void> {
  // The README's demo user: the web shell's READY line does not print its password.
  const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
  await signIn.signIn({ username: DEMO_USER.login, password: DEMO_USER.password });
}

test('a reviewer filters, sorts, triages by keyboard, exports, and finds the review state after a restart', async ({
  page,
}) => {
  test.setTimeout(300_000);
  let shell = await startWebShellProcess();
  const { dataDir } = shell;
  const inbox = new CorporateActionsPage(page);
  let first = '';
  let second = '';

  try {
    await test.step('filter voluntary events, sorted by event type ascending', async () => {
      await signedIn(page, shell);
      await inbox.open();
      // The work queue opens on the work to do by deadline (its first read takes a while on a busy machine);
      // this reviewer wants every event, as the service lists them.
      await expect(inbox.status).toContainText('sorted by response deadline here', { timeout: 30_000 });
      await inbox.showEveryEvent();
      await inbox.toggleColumn('Mandatory/Voluntary');
      await inbox.toggleColumn('Event id');
      await inbox.filterCheckbox('Voluntary').click();
      await inbox.applyFilters.click();
      await inbox.sortBy.selectOption({ label: 'Event type' });
      // The queue's default direction (soonest deadline first) is ascending already.
      await expect(inbox.sortDirection()).toHaveAccessibleName('Sort direction: ascending');
      await expect(inbox.status).toHaveText(/^[\d,]+ events · [\d,]+ loaded · sorted by the service$/);
      // The list answers the last request: only voluntary events, by event type ascending.
      await expect
        .poll(async () => [...new Set(await inbox.columnTexts('corporateActionType'))])
        .toEqual(['Voluntary']);
      await expect.poll(async () => (await inbox.columnTexts('eventType'))[0]).toBe('BIDS');
      const types = await inbox.columnTexts('eventType');
      expect(types.length).toBeGreaterThan(3);
      expect(types).toEqual([...types].sort());
      const ids = await inbox.columnTexts('eventId');
      [first, second] = ids as [string, string];
      await keepScreenshot(page, 'corporate-actions-filtered-sorted');
    });

    await test.step('open an event, move with j, mark reviewed with r and flag with f, keep a note', async () => {
      await inbox.openEvent(first);
      await expect(inbox.detail).toBeVisible();
      await expect(inbox.detailRegion('Key dates')).toBeVisible();
      await expect(inbox.detailRegion('Holdings')).toBeVisible();
      await expect(inbox.reviewCell(first)).toHaveText('Read');
      await inbox.markReviewed.click();
      await expect(inbox.reviewCell(first)).toHaveText('Reviewed');
      await inbox.note.fill('=SUM(A1) checked with the agent');
      await inbox.saveNote.click();
      await expect(inbox.detailRegion('Review history')).toContainText('Added the note');

      await inbox.focusRow(first);
      await page.keyboard.press('j');
      await page.keyboard.press('r');
      await expect(inbox.reviewCell(second)).toHaveText('Reviewed');
      await page.keyboard.press('f');
      await expect(inbox.flagCell(second)).toHaveText('Flagged');
      await page.keyboard.press('Enter');
      await expect(inbox.detail).toContainText(`Event ${second}`);
      await keepScreenshot(page, 'corporate-actions-triaged');
    });

    await test.step('the audit log lists who did what', async () => {
      await inbox.auditButton.click();
      await expect(inbox.auditGrid).toContainText('Marked reviewed');
      await expect(inbox.auditGrid).toContainText('Flagged');
      await expect(inbox.auditGrid).toContainText(shell.ready.simulator.userId);
      await inbox.auditButtonNamed('Close the audit log').click();
    });

    await test.step('bulk: tick two more events and mark them reviewed at once', async () => {
      const [third, fourth] = (await inbox.columnTexts('eventId')).slice(2, 4) as [string, string];
      for (const eventId of [third, fourth]) await inbox.select(eventId);
      await inbox.bulkReviewed(2).click();
      await expect(inbox.bulkQuestion()).toContainText('Mark 2 events reviewed?');
      await inbox.confirmBulk('Mark reviewed');
      await expect(inbox.bulkSummary()).toContainText('2 reviewed');
      await expect(inbox.reviewCell(third)).toHaveText('Reviewed');
      await expect(inbox.reviewCell(fourth)).toHaveText('Reviewed');
    });

    await test.step('save the view by name', async () => {
      await inbox.saveView('Voluntary by type');
      await expect(inbox.savedView).toHaveValue('Voluntary by type');
    });

    await test.step('export the view to CSV and read it back', async () => {
      const download = page.waitForEvent('download');
      await inbox.exportButton.click();
      const file = await (await download).path();
      const csv = await readFile(file, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toContain('Review,Flag,Event id');
      const total = await inbox.total();
      expect(lines).toHaveLength(Math.min(total, 10_000) + 1);
      const firstLine = lines.find((line) => line.split(',')[2] === first) ?? '';
      expect(firstLine.startsWith('Reviewed,')).toBe(true);
      expect(firstLine).toContain("'=SUM(A1) checked with the agent");
      expect(lines.slice(1).every((line) => line.includes('Voluntary'))).toBe(true);
      expect(lines.slice(1, 20).join('\n')).toMatch(/,\d{4}-\d{2}-\d{2},/);
    });
  } finally {
    await shell.stop();
  }

  await test.step('restart the app on the same data folder: the review state and the view are kept', async () => {
    // The web shell again on the same data folder: the restart finds the same review state.
    shell = await startWebShellProcess([], { dataDir });
    try {
      await signedIn(page, shell);
      await inbox.open();
      // The view chosen last comes back by itself.
      await expect(inbox.savedView).toHaveValue('Voluntary by type');
      await expect(inbox.status).toHaveText(/^[\d,]+ events · [\d,]+ loaded · sorted by the service$/);
      await expect(inbox.sortDirection()).toHaveAccessibleName('Sort direction: ascending');
      await expect(inbox.reviewCell(first)).toHaveText('Reviewed');
      await expect(inbox.reviewCell(second)).toHaveText('Reviewed');
      await expect(inbox.flagCell(second)).toHaveText('Flagged');
      await inbox.openEvent(first);
      await expect(inbox.notes).toContainText('=SUM(A1) checked with the agent');
      await expect(inbox.detailRegion('Review history')).toContainText('Marked reviewed');
      await keepScreenshot(page, 'corporate-actions-after-restart');
    } finally {
      await shell.stop();
    }
  });
});
