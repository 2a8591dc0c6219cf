import { readFile } from 'node:fs/promises';
import { DEMO_APP, TRADER2_USER } from '../../main/simulator/data/accounts/demo';
import { expect, keepScreenshot, test } from './fixtures';
import { AppsPage } from './pages/AppsPage';
import { CorporateActionsPage } from './pages/CorporateActionsPage';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';

test('sign-out clears the screen: nothing of demo stays, and trader2 starts from their own data', async ({
  deskPage: page,
}) => {
  test.setTimeout(180_000);
  const inbox = new CorporateActionsPage(page);
  const apps = new AppsPage(page);
  const status = new SessionStatusBar(page);
  let demoTotal = 0;
  let demoEvent = '';

  await test.step('demo opens the inbox (an event becomes Read) and an application', async () => {
    await inbox.open();
    // Every event, so that each user's whole book is compared.
    await inbox.showEveryEvent();
    await expect(inbox.status).toHaveText(/^[\d,]+ events · /, { timeout: 30_000 });
    demoTotal = await inbox.total();
    await expect.poll(async () => (await inbox.eventIds()).length).toBeGreaterThan(0);
    demoEvent = (await inbox.eventIds())[0] ?? '';
    await inbox.openEvent(demoEvent);
    await expect(inbox.detail).toBeVisible();
    await expect(inbox.reviewCell(demoEvent)).toHaveText('Read');

    await apps.open();
    await apps.openApp(DEMO_APP.appKey);
    await expect(apps.detail).toContainText(DEMO_APP.name);
  });

  await test.step('sign out: the directory and the open application are gone at once', async () => {
    await status.signOut.click();
    await expect(new SignInPage(page).prompt).toBeVisible();
    await expect(apps.rows()).toHaveCount(0);
    await expect(apps.detail).toBeHidden();
    await keepScreenshot(page, 'signed-out-cleared');
  });

  await test.step('trader2 signs in and sees only their own applications and inbox', async () => {
    await new SignInPage(page).signIn({ username: TRADER2_USER.login, password: TRADER2_USER.password });
    await expect(status.user).toContainText(TRADER2_USER.name);
    // Read for trader2: the page count is known again ("page 1 of N").
    await expect(apps.status).toHaveText(/^\d+ applications? · showing \S+ · page 1 of \d+$/);
    await expect.poll(() => apps.appKeys()).not.toContain(DEMO_APP.appKey);

    await inbox.open();
    await inbox.showEveryEvent();
    await expect(inbox.status).toHaveText(/^[1-9][\d,]* events · /, { timeout: 30_000 });
    expect(await inbox.total()).not.toBe(demoTotal);
    await expect(inbox.detail).toBeHidden();
    // demo's event is not trader2's, or not read by trader2.
    if ((await inbox.eventIds()).includes(demoEvent))
      await expect(inbox.reviewCell(demoEvent)).toHaveText('Unread');
    await keepScreenshot(page, 'trader2-corporate-actions');
  });

  await test.step("trader2's CSV export carries no review state of demo", async () => {
    const download = page.waitForEvent('download');
    await inbox.exportButton.click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(Math.min(await inbox.total(), 10_000) + 1);
    const demoLine = lines.find((line) => line.split(',')[0] === demoEvent);
    if (demoLine) expect(demoLine.split(',')[1]).toBe('Unread');
  });
});
