/**
 * Team review end to end: two web shells (two desks) signed in as different users of the same
 * platform (a standalone simulator: Clara is `demo`, Jonas is `trader2`, in different clients
 * but both members of the team), each keeping review state with the team review service, on two
 * replicas (real processes) over one real PostgreSQL. Clara's review reaches Jonas's inbox within
 * a second through the other replica; Jonas bulk-approves it with one of his own reviews, which
 * four eyes refuses and the summary lists; reviewer and approver show as columns; notes written
 * at once on both desks are both kept in the thread; with Clara's replica hung (SIGSTOP) her change
 * on a version Jonas moved on comes back as a conflict that keeps the note she is typing, and a
 * change made while the replica she talks to hangs lands once, through the other; the database
 * stopped mid-session shows "Team review unavailable" and refuses actions, then recovers by itself
 * (the refusal goes with it); Clara's replica killed, her desk carries on with the other; the
 * review report lists Clara's review with Jonas's approval.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { CorporateActionEvent, Feed } from '../../contract/wire/types';
import type { TeamAuditEntry } from '../../contract/wire/review';
import type { ReviewServiceInfo } from '../../main/reviewService/server';
import type { SimulatorInfo } from '../../main/simulator/server';
import { DEMO_USER, TRADER2_USER } from '../../main/simulator/data/accounts/demo';
import { answerLoginPage } from '../support/loginPage';
import { postgresMissingReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { startReplica, writeAuditKey, writeTeamFile } from '../support/reviewService';
import type { ReadyProcess } from '../support/simulatorProcess';
import { startStandaloneSimulator } from '../support/standaloneSimulator';
import { userKeyOf } from '../support/reviewServiceDesks';
import { startWebShellProcess, type WebShellProcess } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { CorporateActionsPage } from './pages/CorporateActionsPage';
import { pkceProfileOf, SessionProfilesDialog } from './pages/SessionProfilesDialog';
import { SettingsPage } from './pages/SettingsPage';
import { SignInPage } from './pages/SignInPage';

const missing = postgresMissingReason();
/** The browser contexts of the desks, closed at the end. */
const opened: BrowserContext[] = [];

/** An access token of `login` on the platform (implicit flow through its login page), to choose the event. */
async function tokenOf(platform: SimulatorInfo, user: { login: string; password: string }): Promise<string> {
  const authorize = new URL(`${platform.authUrl}/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'token',
    client_id: platform.appKey,
    redirect_uri: 'http://127.0.0.1/refdesk/callback',
    state: 'team-review-e2e',
  }).toString();
  const location = await answerLoginPage(authorize.href, {
    username: user.login,
    password: user.password,
    decision: 'allow',
  });
  const token = new URLSearchParams(new URL(location).hash.slice(1)).get('access_token');
  if (!token) throw new Error(`no token for ${user.login}: ${location}`);
  return token;
}

/** Two events with an election (so their reviews need four eyes) on one instrument, that both users' inboxes list. */
async function sharedElectableEvents(
  platform: SimulatorInfo,
): Promise<[CorporateActionEvent, CorporateActionEvent]> {
  const listOf = async (user: { login: string; password: string }) => {
    const response = await fetch(
      `${platform.baseUrl}/ca/v2/events?CorporateActionTypes=Voluntary&$top=1000`,
      {
        headers: { authorization: `Bearer ${await tokenOf(platform, user)}` },
      },
    );
    if (!response.ok)
      throw new Error(
        `events of ${user.login}: ${response.status} ${await response.text()} ${response.headers.get('www-authenticate')}`,
      );
    return ((await response.json()) as Feed<CorporateActionEvent>).Data;
  };
  const clara = await listOf(DEMO_USER);
  const jonas = await listOf(TRADER2_USER);
  const jonasIds = new Set(jonas.map((event) => event.EventId));
  const shared = clara.filter((event) => jonasIds.has(event.EventId) && event.DisplayAndFormat?.IsinCode);
  for (const first of shared) {
    const second = shared.find(
      (event) =>
        event.EventId !== first.EventId &&
        event.DisplayAndFormat?.IsinCode === first.DisplayAndFormat?.IsinCode,
    );
    if (second) return [first, second];
  }
  throw new Error('the platform has no instrument with two voluntary events in both inboxes');
}

const stop = (replica: ReadyProcess<ReviewServiceInfo>) => replica.child.kill('SIGSTOP');
const resume = (replica: ReadyProcess<ReviewServiceInfo>) => replica.child.kill('SIGCONT');

/** The team's audit entries of `action` on `eventId` since `since`, as the service keeps them. */
async function auditEntries(
  replica: string,
  token: string,
  query: { eventId: string; action: string; since: string },
): Promise<TeamAuditEntry[]> {
  const url = new URL(`${replica}/v1/audit`);
  url.search = new URLSearchParams({
    EventId: query.eventId,
    Action: query.action,
    FromDateTime: query.since,
  }).toString();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`audit: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { Data: TeamAuditEntry[] }).Data;
}

/** A desk: the web shell's page signed in as `user` with the platform's profile, keeping review state with the team. */
async function openDesk(
  browser: Browser,
  shell: WebShellProcess,
  platform: SimulatorInfo,
  user: { login: string; password: string },
  urls: string[],
): Promise<{ page: Page; inbox: CorporateActionsPage; settings: SettingsPage }> {
  const context = await browser.newContext();
  opened.push(context);
  const page = await context.newPage();
  const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
  await signIn.manageProfiles.click();
  const profiles = new SessionProfilesDialog(page);
  await profiles.saveAndUse(pkceProfileOf(platform, 'Team platform'));
  await profiles.close.click();
  await signIn.signIn({ username: user.login, password: user.password });
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.useTeamReview(urls);
  return { page, inbox: new CorporateActionsPage(page), settings };
}

test('two analysts on two replicas: live review, bulk four-eyes approval, a hung replica, a conflict keeping a note, the database lost and back, a replica killed', async ({
  browser,
}) => {
  test.skip(missing !== undefined, `needs PostgreSQL: ${missing}`);
  test.setTimeout(540_000);
  const running: { stop(): Promise<unknown> }[] = [];
  let postgres: TestPostgres | undefined;
  try {
    const platform = await startStandaloneSimulator();
    running.push(platform);
    postgres = await startTestPostgres();
    const teamFile = writeTeamFile({
      appKeys: [platform.ready.appKey],
      members: [
        { userKey: userKeyOf('demo'), name: 'Clara Lindqvist', roles: ['Analyst', 'Approver'] },
        { userKey: userKeyOf('trader2'), name: 'Jonas Berger', roles: ['Analyst', 'Approver'] },
      ],
    });
    const options = {
      databaseUrl: postgres.url(await postgres.createDatabase()),
      issuer: platform.ready.authUrl,
      platformUrl: platform.ready.baseUrl,
      teamFile,
      auditKeyFile: writeAuditKey().file,
    };
    const replicas: ReadyProcess<ReviewServiceInfo>[] = [];
    for (let index = 0; index < 2; index++)
      replicas.push(await startReplica({ ...options, args: ['--heartbeat', '2'] }));
    running.push(...replicas);
    const [one, two] = replicas.map((replica) => replica.ready.url) as [string, string];
    const shells = await Promise.all([startWebShellProcess(), startWebShellProcess()]);
    running.push(...shells);
    const [event, other] = await sharedElectableEvents(platform.ready);
    const eventId = event.EventId;
    const otherId = other.EventId;

    const clara = await openDesk(browser, shells[0], platform.ready, DEMO_USER, [one, two]);
    const jonas = await openDesk(browser, shells[1], platform.ready, TRADER2_USER, [two, one]);
    for (const [desk, name] of [
      [clara, 'Clara Lindqvist'],
      [jonas, 'Jonas Berger'],
    ] as const) {
      // The first connection of each replica fetches the platform's keys to check the token.
      await expect(desk.settings.reviewStoreStatus).toContainText(
        `Connected to the team Corporate actions, Copenhagen as ${name} (Analyst, Approver)`,
        { timeout: 15_000 },
      );
      await desk.inbox.open();
      // Every event, whether or not its deadline makes it work to do today.
      await desk.inbox.showEveryEvent();
      await desk.inbox.showInstrument(event.DisplayAndFormat!.IsinCode!);
      await expect(desk.inbox.row(eventId)).toBeVisible();
    }
    await expect(clara.inbox.reviewStore).toHaveText(
      `Review state: team Corporate actions, Copenhagen (${one})`,
    );
    await expect(jonas.inbox.reviewStore).toHaveText(
      `Review state: team Corporate actions, Copenhagen (${two})`,
    );

    await test.step('Clara marks the event reviewed on replica 1; Jonas sees it within 1 s on replica 2', async () => {
      await clara.inbox.openEvent(eventId);
      await clara.inbox.markReviewed.click();
      await expect(clara.inbox.signOff).toContainText('Reviewed by Clara Lindqvist');
      await expect(jonas.inbox.reviewCell(eventId)).toHaveText('Awaiting approval', { timeout: 1000 });
      // Four eyes: Clara cannot approve her own review.
      await expect(clara.inbox.approve).toBeDisabled();
    });

    await test.step('Jonas reviews the other event himself, then bulk-approves both: four eyes refuses his own, listed; Clara sees both names within 1 s', async () => {
      await jonas.inbox.openEvent(otherId);
      await jonas.inbox.markReviewed.click();
      await expect(jonas.inbox.signOff).toContainText('Reviewed by Jonas Berger');
      await jonas.inbox.select(eventId);
      await jonas.inbox.select(otherId);
      await jonas.inbox.bulkApprove(2).click();
      await expect(jonas.inbox.bulkQuestion()).toContainText('Approve 2 events?');
      await jonas.inbox.confirmBulk('Approve');
      await expect(jonas.inbox.bulkSummary()).toContainText('1 approved, 1 refused.');
      await expect(jonas.inbox.bulkRefusals()).toHaveText(
        `${otherId}: You reviewed event ${otherId} yourself: a different analyst must approve it (four eyes).`,
      );
      await expect(jonas.inbox.reviewCell(otherId)).toHaveText('Awaiting approval');
      await keepScreenshot(jonas.page, 'team-review-bulk-approve');
      await expect(clara.inbox.reviewCell(eventId)).toHaveText('Approved', { timeout: 1000 });
      await expect(clara.inbox.signOff).toContainText('Approved by Jonas Berger');
      await expect(clara.inbox.signOff).toContainText('Reviewed by Clara Lindqvist');
      await jonas.inbox.openEvent(eventId);
      await expect(jonas.inbox.signOff).toContainText('Approved by Jonas Berger');
      // Who signed off, as columns of the grid (and so of its CSV export), by the team's names.
      await clara.inbox.toggleColumn('Reviewer');
      await clara.inbox.toggleColumn('Approver');
      await expect(clara.inbox.cell(eventId, 'reviewedBy')).toHaveText('Clara Lindqvist');
      await expect(clara.inbox.cell(eventId, 'approvedBy')).toHaveText('Jonas Berger');
      await expect(clara.inbox.cell(otherId, 'reviewedBy')).toHaveText('Jonas Berger');
      await expect(clara.inbox.cell(otherId, 'approvedBy')).toHaveText('');
      await keepScreenshot(clara.page, 'team-review-approved');
    });

    await test.step('both analysts write a note at once: the thread keeps both, newest last, on both desks', async () => {
      await clara.inbox.note.fill('Clara: the agent confirmed the ratio.');
      await jonas.inbox.note.fill('Jonas: waiting for the agent.');
      await jonas.inbox.saveNote.click();
      await expect(jonas.inbox.saveNote).toBeDisabled();
      // Jonas's note arrives on Clara's desk; what she is typing stays.
      await expect(clara.inbox.notes).toContainText('Jonas: waiting for the agent.', { timeout: 1000 });
      await expect(clara.inbox.note).toHaveValue('Clara: the agent confirmed the ratio.');
      await clara.inbox.saveNote.click();
      await expect(clara.inbox.note).toHaveValue('');
      for (const desk of [clara, jonas]) {
        await expect(desk.inbox.noteItems()).toHaveText(
          [
            /Jonas Berger.*Jonas: waiting for the agent\./,
            /Clara Lindqvist.*Clara: the agent confirmed the ratio\./,
          ],
          { timeout: 1000 },
        );
      }
      await keepScreenshot(clara.page, 'team-review-notes-thread');
    });

    await test.step('Clara’s replica hangs: her change on a version Jonas moved on is a conflict, and Reload keeps the note she is typing', async () => {
      const typing = 'Clara: the ratio still needs the agent’s letter.';
      await clara.inbox.note.fill(typing);
      stop(replicas[0]!);
      try {
        // Jonas, on the other replica, adds a note: the event's version moves on; Clara's desk hears nothing of it.
        await jonas.inbox.note.fill('Jonas: the agent called back.');
        await jonas.inbox.saveNote.click();
        await expect(jonas.inbox.saveNote).toBeDisabled();
        await clara.inbox.flag.click();
        await expect(clara.inbox.notResponding).toContainText(`Not responding: ${one}`, { timeout: 8000 });
        // Sent again to the other replica under the same key: refused there for its stale version.
        await expect(clara.inbox.conflict).toContainText('Jonas Berger', { timeout: 15_000 });
        await expect(clara.inbox.note).toHaveValue(typing);
        await keepScreenshot(clara.page, 'team-review-conflict-keeps-note');
        await clara.inbox.reloadConflict.click();
        await expect(clara.inbox.conflict).toBeHidden();
        await expect(clara.inbox.note).toHaveValue(typing);
        await expect(clara.inbox.notes).toContainText('Jonas: the agent called back.');
        await expect(clara.inbox.flag).toHaveText('Flag');
      } finally {
        resume(replicas[0]!);
      }
      // Asked again every 5 s: the replica answers, and is no longer named.
      await expect(clara.inbox.notResponding).toBeHidden({ timeout: 15_000 });
      await clara.inbox.note.fill('');
    });

    await test.step('the replica Clara talks to hangs as she flags: "not responding", and the flag lands once through the other', async () => {
      const since = new Date(Date.now() - 1000).toISOString();
      // Her requests moved to the second replica when the first hung; now that one hangs.
      stop(replicas[1]!);
      try {
        await clara.inbox.flag.click();
        await expect(clara.inbox.notResponding).toContainText(`Not responding: ${two}`, { timeout: 8000 });
        await expect(clara.inbox.flag).toHaveText('Unflag', { timeout: 15_000 });
        await expect(clara.inbox.reviewError).toBeHidden();
        await keepScreenshot(clara.page, 'team-review-not-responding');
      } finally {
        resume(replicas[1]!);
      }
      // Jonas's replica was the hung one: resumed, his desk catches up.
      await expect(jonas.inbox.flag).toHaveText('Unflag', { timeout: 15_000 });
      // The resumed replica had the change too (same key, past its deadline): applied once, not twice.
      await expect(clara.inbox.notResponding).toBeHidden({ timeout: 15_000 });
      const token = await tokenOf(platform.ready, TRADER2_USER);
      const flagged = await auditEntries(one, token, { eventId, action: 'Flagged', since });
      expect(flagged.map((entry) => entry.By.Name)).toEqual(['Clara Lindqvist']);
      await clara.inbox.flag.click();
      await expect(clara.inbox.flag).toHaveText('Flag');
      await expect(jonas.inbox.flag).toHaveText('Flag', { timeout: 1000 });
    });

    await test.step('the database stopped: both inboxes say "Team review unavailable" and refuse actions; then they recover', async () => {
      postgres!.stop();
      try {
        for (const desk of [clara, jonas])
          await expect(desk.inbox.teamUnavailable).toContainText(/^Team review unavailable/);
        await keepScreenshot(clara.page, 'team-review-unavailable');
        await clara.inbox.flag.click();
        // Refused in those words (said once: the line above says it where the refusal is the same).
        await expect(clara.inbox.alertsSaying('Team review unavailable').first()).toBeVisible();
        await expect(clara.inbox.flag).toHaveText('Flag');
      } finally {
        postgres!.start();
      }
      for (const desk of [clara, jonas])
        await expect(desk.inbox.teamUnavailable).toBeHidden({ timeout: 20_000 });
      // The refused action's "unavailable" goes with it, without a reload.
      await expect(clara.inbox.reviewError).toBeHidden();
      await clara.inbox.flag.click();
      await expect(clara.inbox.flag).toHaveText('Unflag');
      await expect(jonas.inbox.flag).toHaveText('Unflag', { timeout: 1000 });
    });

    await test.step('Clara’s replica is killed: her desk moves to the next one and carries on', async () => {
      replicas[0]!.child.kill('SIGKILL');
      await expect(clara.inbox.reviewStore).toHaveText(
        `Review state: team Corporate actions, Copenhagen (${two})`,
        {
          timeout: 15_000,
        },
      );
      await jonas.inbox.flag.click();
      await expect(jonas.inbox.flag).toHaveText('Flag');
      await expect(clara.inbox.flag).toHaveText('Flag', { timeout: 1000 });
      await clara.inbox.note.fill('Clara: agreed.');
      await clara.inbox.saveNote.click();
      await expect(clara.inbox.saveNote).toBeDisabled();
      await expect(jonas.inbox.notes).toContainText('Clara: agreed.', { timeout: 1000 });
      await expect(clara.inbox.teamUnavailable).toBeHidden();
    });

    await test.step('the review report lists Clara’s review and Jonas’s approval', async () => {
      await clara.inbox.openReviewReport();
      const line = clara.inbox.reportReviewedRow(eventId);
      await expect(line).toHaveCount(1);
      const cells = clara.inbox.reportReviewedCells(eventId);
      await expect(cells.nth(0)).toHaveText(eventId);
      await expect(cells.nth(1)).toHaveText(event.DisplayAndFormat!.Description!);
      // Reviewed by Clara, approved by Jonas, each with the time.
      await expect(cells.nth(3)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await expect(cells.nth(4)).toHaveText(/^Clara Lindqvist \(/);
      await expect(cells.nth(5)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await expect(cells.nth(6)).toHaveText(/^Jonas Berger \(/);
      // Jonas's own review, which four eyes kept him from approving, stands unapproved.
      await expect(clara.inbox.reportReviewedCells(otherId).nth(4)).toHaveText(/^Jonas Berger \(/);
      await expect(clara.inbox.reportReviewedCells(otherId).nth(6)).toHaveText('');
      await expect(clara.inbox.reportCounts()).toHaveText(/^[\d,]+ reviewed · [1-9][\d,]* approved · /);
      await keepScreenshot(clara.page, 'team-review-report');
      await clara.inbox.closeReviewReport();
      await expect(clara.inbox.row(eventId)).toBeVisible();
    });
  } finally {
    // A stopped replica takes no SIGTERM: resume it first.
    for (const replica of running)
      if ('child' in replica) (replica as ReadyProcess<unknown>).child.kill('SIGCONT');
    for (const context of opened.splice(0)) await context.close();
    for (const process of running.reverse()) await process.stop();
    postgres?.remove();
  }
});
