import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { EMBEDDED_PROFILE_NAME } from '../../contract/session';
import { EVENT_VERSIONS_FILE_NAME } from '../../main/core/corporateActions/eventVersions';
import { LocalReviewStore } from '../../main/core/corporateActions/review/localReviewStore';
import { DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { startWebShellProcess } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { CorporateActionsPage } from './pages/CorporateActionsPage';
import { SignInPage } from './pages/SignInPage';

const demo = { username: DEMO_USER.login, password: DEMO_USER.password };

/** True when the non-empty dates are in order (`yyyy-mm-dd` sorts as text) and the empty ones come last. */
function inOrder(values: string[], direction: 'Asc' | 'Desc'): boolean {
  const dated = values.filter((value) => value !== '' && value !== '–');
  const emptyFirstAt = values.findIndex((value) => value === '' || value === '–');
  if (emptyFirstAt >= 0 && values.slice(emptyFirstAt).some((value) => value !== '' && value !== '–'))
    return false;
  const sorted = [...dated].sort();
  return JSON.stringify(dated) === JSON.stringify(direction === 'Asc' ? sorted : sorted.reverse());
}

/** Where a countdown stands, as a number that grows with the deadline ("Passed 3 business days ago" < "Today" < "In 2 business days"). */
function standing(countdown: string): number {
  const text = countdown.replace(/^Due soon: /, '');
  const passed = /^Passed (\d+) business days? ago$/.exec(text);
  if (passed) return -Number(passed[1]) - 0.5;
  if (text === 'Passed today') return -0.5;
  if (text === 'Today') return 0;
  const ahead = /^In (\d+) business days?$/.exec(text);
  return ahead ? Number(ahead[1]) : Number.NaN;
}

test('a note being typed survives switching rows, the session expiring and signing in again', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // Tokens live 90 s and cannot be refreshed (refresh tokens live 1 s): the session ends on its own,
  // after the inbox has read every matching event (a while on a busy machine).
  const shell = await startWebShellProcess(['--token-ttl', '90', '--refresh-token-ttl', '1']);
  const inbox = new CorporateActionsPage(page);
  try {
    const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
    await signIn.signIn(demo);
    await inbox.open();
    // The first read of every matching event, their states and markets, takes a while on a busy machine.
    await expect(inbox.status).toContainText('sorted by response deadline here', { timeout: 30_000 });
    // Any two events will do: the history holds many.
    await inbox.tab('History').click();
    await expect.poll(async () => (await inbox.eventIds()).length).toBeGreaterThan(2);
    const [first, second] = (await inbox.eventIds()) as [string, string];

    await inbox.openEvent(first);
    await inbox.note.fill('Ask the custodian about the election deadline');
    await inbox.openEvent(second);
    await expect(inbox.detail).toContainText(`Event ${second}`);
    await expect(inbox.note).toHaveValue('');
    await inbox.openEvent(first);
    await expect(inbox.note).toHaveValue('Ask the custodian about the election deadline');
    await expect(inbox.detail).toContainText('(draft, not saved)');

    await expect(signIn.prompt).toContainText('Your session expired', { timeout: 120_000 });
    await signIn.signIn(demo);
    await expect(inbox.detail).toContainText(`Event ${first}`);
    await expect(inbox.note).toHaveValue('Ask the custodian about the election deadline');
    await keepScreenshot(page, 'corporate-actions-draft-after-sign-in');

    await inbox.detailButton('Close the event').click();
    const ask = inbox.unsavedNoteDialog();
    await expect(ask).toContainText('not saved');
    await inbox.unsavedNoteAnswer('Save note').click();
    await expect(inbox.detail).toBeHidden();
    await inbox.openEvent(first);
    // Saved: the note is in the event's thread, and the box is empty for the next one.
    await expect(inbox.notes).toContainText('Ask the custodian about the election deadline');
    await expect(inbox.note).toHaveValue('');
    await expect(inbox.detail).not.toContainText('(draft, not saved)');
  } finally {
    await shell.stop();
  }
});

test('sort by deadline and by header, select all matching, audit CSV, and changed since reviewed field by field', async ({
  page,
}) => {
  test.setTimeout(300_000);
  let shell = await startWebShellProcess();
  const first = shell;
  const inbox = new CorporateActionsPage(page);
  let changedEvent = '';
  try {
    await test.step('the inbox opens on the work to do by response deadline: overdue first, then soonest', async () => {
      const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
      await signIn.signIn(demo);
      await inbox.open();
      await expect(inbox.status).toHaveText(
        /^[\d,]+ to do · [\d,]+ overdue.* · [\d,]+ in History · of all [\d,]+ matching events · sorted by response deadline here/,
        { timeout: 30_000 },
      );
      await expect(inbox.header('deadline')).toContainText('▲');
      await expect(inbox.groupHeading('upcoming')).toBeVisible();
      const standings = (await inbox.columnTexts('countdown')).map(standing);
      expect(standings.every((value) => !Number.isNaN(value) && value > -5.6)).toBe(true);
      expect(standings).toEqual([...standings].sort((a, b) => a - b));
      await keepScreenshot(page, 'corporate-actions-open-work-by-deadline');
      // The rest of the steps work on the history, which holds many events.
      await inbox.tab('History').click();
      await expect(inbox.status).toHaveText(/^[\d,]+ in History · /);
    });

    await test.step('a click on the Ex date header sorts by it, again the other way', async () => {
      await inbox.clickHeader('exDate');
      await expect(inbox.status).toContainText('sorted by ex date here');
      await expect.poll(async () => inOrder(await inbox.columnTexts('exDate'), 'Asc')).toBe(true);
      await inbox.clickHeader('exDate');
      await expect(inbox.header('exDate')).toContainText('▼');
      await expect.poll(async () => inOrder(await inbox.columnTexts('exDate'), 'Desc')).toBe(true);
    });

    await test.step('select all matching events: all of them, not the rows rendered, with the count', async () => {
      const queued = await inbox.total();
      expect(queued).toBeGreaterThan((await inbox.eventIds()).length);
      await inbox.selectAllMatching(queued).click();
      await expect(inbox.selectionStatus()).toHaveText(`All ${queued.toLocaleString('en-US')} matching events selected`);
      await expect(inbox.bulkReviewed(queued)).toBeEnabled();
      await inbox.clearSelection().click();
    });

    await test.step('flag an event, then export the audit log filtered to flags', async () => {
      [changedEvent] = (await inbox.eventIds()) as [string];
      await inbox.openEvent(changedEvent);
      await inbox.detailButton('Flag').click();
      await expect(inbox.detailButton('Unflag')).toBeVisible();
      await inbox.auditButton.click();
      await expect(inbox.auditView).toContainText('Flagged');
      await inbox.auditFilter('Action').selectOption({ label: 'Flagged' });
      await expect(inbox.auditStatus()).toHaveText(/^1 of \d+ entries/);
      const download = page.waitForEvent('download');
      await inbox.auditButtonNamed('Export audit CSV').click();
      const csv = await readFile(await (await download).path(), 'utf8');
      const lines = csv.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'When (UTC),User id,User,Event id,Instrument,Event type,Action,Before,After,What changed,Profile',
      );
      expect(lines).toHaveLength(2);
      // The event's instrument and type from the queue, and the profile by its name.
      expect(lines[1]).toMatch(
        new RegExp(`,${DEMO_USER.userId},${DEMO_USER.name},${changedEvent},.+,[A-Z0-9]{4} .+,flagged,false,true,Flagged,${EMBEDDED_PROFILE_NAME}$`),
      );
      await inbox.auditButtonNamed('Close the audit log').click();
    });
  } finally {
    await shell.stop();
  }

  await test.step('while RefDesk is closed, the event was reviewed at an older version with another deadline', async () => {
    // As if reviewed days ago: the version then is the one RefDesk kept now, but with another event type name.
    const versions = new Database(path.join(first.dataDir, EVENT_VERSIONS_FILE_NAME));
    const now = versions
      .prepare<[string], { profile_id: string; user_id: string; terms: string }>(
        'SELECT profile_id, user_id, terms FROM event_version WHERE event_id = ? ORDER BY updated DESC LIMIT 1',
      )
      .get(changedEvent)!;
    const terms = JSON.parse(now.terms) as Record<string, string>;
    expect(terms['EventType › Name']).toBeTruthy();
    terms['EventType › Name'] = `older ${terms['EventType › Name']}`;
    versions
      .prepare('INSERT INTO event_version VALUES (?, ?, ?, ?, ?, ?)')
      .run(
        now.profile_id,
        now.user_id,
        changedEvent,
        '2020-01-02T00:00:00.000Z',
        JSON.stringify(terms),
        '2020-01-02T00:00:00.000Z',
      );
    versions.close();
    const review = LocalReviewStore.open(first.dataDir);
    const reviewer = { profileId: now.profile_id, userId: now.user_id, name: DEMO_USER.name };
    // Reviewed on the state as the desk left it (flagged above): an older version would be a conflict.
    const [state] = review.states(reviewer, { eventIds: [changedEvent] });
    review.setReviewed(reviewer, {
      events: [
        { eventId: changedEvent, version: state?.version ?? 0, updatedDateTime: '2020-01-02T00:00:00Z' },
      ],
      reviewed: true,
    });
    review.close();
  });

  // The web shell again on the data folder of the first (review state, versions and settings kept).
  shell = await startWebShellProcess([], { dataDir: first.dataDir });
  try {
    await test.step('"changed since reviewed" finds it and shows the field that changed', async () => {
      const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
      await signIn.signIn(demo);
      await inbox.open();
      await expect(inbox.status).toContainText('sorted by response deadline here', { timeout: 30_000 });
      await inbox.tab('All events').click();
      await inbox.workQueueCheckbox('Changed since reviewed').click();
      await expect(inbox.status).toHaveText(
        /^1 shown of [\d,]+ events: [\d,]+ hidden by the review-state filter \(Changed since reviewed\)/,
      );
      await expect.poll(() => inbox.eventIds()).toEqual([changedEvent]);
      await expect(inbox.reviewCell(changedEvent)).toHaveText('Changed since reviewed');
      await inbox.openEvent(changedEvent);
      await expect(inbox.changedField('Event type › Name')).toContainText('older ');
      await keepScreenshot(page, 'corporate-actions-changed-since-reviewed');
    });
  } finally {
    await shell.stop();
  }
});
