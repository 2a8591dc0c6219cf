/**
 * The back office on a Saturday morning: the embedded simulator set to Saturday 28 November 2026
 * (Settings' day to simulate). The default queue's first page holds only work to do, Friday's
 * response deadline reads "passed 1 business day ago", and the navigation badge counts the
 * unreviewed events due within 2 business days, as the queue's status line does. The small
 * universe has nothing due on the Monday or Tuesday after the 28th, so the badge is seen again
 * a week later (Saturday 5 December, a Tuesday deadline), set through Settings as a user would.
 */
import { DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { startWebShellWithSimulator } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { CorporateActionsPage } from './pages/CorporateActionsPage';
import { SettingsPage } from './pages/SettingsPage';
import { SignInPage } from './pages/SignInPage';

const SATURDAY = '2026-11-28';
const FRIDAY = '2026-11-27';
const NEXT_SATURDAY = '2026-12-05';

// The analyst sits in New York; the Friday deadline of the small universe is a European one.
test.use({ timezoneId: 'America/New_York' });

test('on a Saturday the queue opens on the work to do, Friday’s deadline has passed, the badge counts what is due', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const shell = await startWebShellWithSimulator({ scale: 'small', asOf: SATURDAY }, 'refdesk-e2e-saturday-');
  const inbox = new CorporateActionsPage(page);
  try {
    const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
    await signIn.signIn({ username: DEMO_USER.login, password: DEMO_USER.password });
    await inbox.open();

    let dueSoon = 0;
    await test.step('the first page holds only work to do: open decisions, deadlines ahead or passed within 5 business days', async () => {
      await expect(inbox.status).toHaveText(/^([\d,]+) to do · ([\d,]+) overdue.* · [\d,]+ in History · of all [\d,]+ matching events/, {
        timeout: 120_000,
      });
      const status = (await inbox.status.textContent()) ?? '';
      dueSoon = Number(/· (\d+) due within 2 business days/.exec(status)?.[1] ?? 0);
      const toDo = await inbox.total();
      expect(toDo).toBeGreaterThan(0);
      await expect(inbox.tab('To do')).toHaveAttribute('aria-selected', 'true');
      await expect.poll(async () => (await inbox.eventIds()).length).toBe(toDo);
      for (const countdown of await inbox.columnTexts('countdown'))
        expect(countdown).toMatch(/^(Due soon: )?(Passed ([1-5] business days? ago|today)|Today|In \d+ business days?)$/);
      expect(new Set(await inbox.columnTexts('status'))).not.toContain('Past');
      for (const review of await inbox.columnTexts('review')) expect(['Unread', 'Read', 'Changed since reviewed']).toContain(review);
      await keepScreenshot(page, 'corporate-actions-saturday-to-do');
    });

    await test.step('Friday’s response deadline reads “passed 1 business day ago”, in the overdue group', async () => {
      await expect(inbox.groupHeading('overdue')).toBeVisible();
      const deadlines = await inbox.columnTexts('deadline');
      const fridays = (await inbox.eventIds()).filter((_, index) => deadlines[index]?.startsWith(FRIDAY));
      expect(fridays.length).toBeGreaterThan(0);
      for (const eventId of fridays) {
        await expect(inbox.cell(eventId, 'countdown')).toHaveText('Passed 1 business day ago');
        // Shown in the market's time and the analyst's (New York).
        await expect(inbox.cell(eventId, 'deadline')).toHaveText(new RegExp(`^${FRIDAY} 17:00 \\S.* \\(\\d{2}:\\d{2} your time\\)$`));
      }
    });

    await test.step('nothing is due on Monday or Tuesday: no badge, nothing marked', async () => {
      expect(dueSoon).toBe(0);
      await expect(inbox.navigationBadge()).toHaveCount(0);
      expect((await inbox.columnTexts('countdown')).filter((text) => text.startsWith('Due soon: '))).toEqual([]);
    });

    await test.step('a week later, the navigation badge counts the unreviewed events due within 2 business days', async () => {
      const settings = new SettingsPage(page);
      await settings.open();
      await settings.simulateDay(NEXT_SATURDAY);
      await signIn.signIn({ username: DEMO_USER.login, password: DEMO_USER.password });
      await inbox.open();
      await expect(inbox.status).toHaveText(/ due within 2 business days · /, { timeout: 120_000 });
      const status = (await inbox.status.textContent()) ?? '';
      const due = Number(/· (\d+) due within 2 business days/.exec(status)?.[1]);
      expect(due).toBeGreaterThan(0);
      await expect(inbox.navigationBadge()).toHaveText(String(due), { timeout: 90_000 });
      const marked = (await inbox.columnTexts('countdown')).filter((text) => text.startsWith('Due soon: '));
      expect(marked).toHaveLength(due);
      expect(marked.every((text) => /^Due soon: (Today|In [12] business days?)$/.test(text))).toBe(true);
      await keepScreenshot(page, 'corporate-actions-saturday-due-soon');
    });
  } finally {
    await shell.stop();
  }
});
