/**
 * After a whole session (sign in as the administrator, open every workspace, reveal an app
 * secret, sign out), no access token and no revealed app secret is anywhere it could leak: the
 * web shell's data folder (SQLite files read as bytes), its output, the page's storage, and the
 * bridge payloads — except the two hand-overs that must carry them (the login page's callback
 * to main, and the reveal the user asked for).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request } from '@playwright/test';
import { ADMIN_USER } from '../../main/simulator/data/book/demo';
import type { Page } from '@playwright/test';
import type { ReadyProcess } from '../support/simulatorProcess';
import { expect, startWebShellProcess, test, type WebShellReady } from './fixtures';
import { AppsPage } from './pages/AppsPage';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';
import { WORKSPACES, WorkspaceNavigation } from './pages/WorkspaceNavigation';

interface BridgeExchange {
  channel: string;
  request: string;
  response: string;
}

/** Every file under `folder`, recursively, as bytes. */
async function filesUnder(folder: string): Promise<{ file: string; bytes: Buffer }[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ file: path.relative(folder, file), bytes: await readFile(file) })));
}

/** The shell's data folder, as the fixture gave it to the process (REFDESK_DATA_DIR in its environment). */
async function dataDirOf(pid: number | undefined): Promise<string> {
  const environment = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
  const entry = environment.find((line) => line.startsWith('REFDESK_DATA_DIR='));
  if (!entry) throw new Error('the web shell has no REFDESK_DATA_DIR');
  return entry.slice('REFDESK_DATA_DIR='.length);
}

// Its own web shell: its data folder and output then hold this session only.
test('after a full session no token or revealed secret is in files, logs, storage or bridge payloads', async ({ page }) => {
  test.setTimeout(120_000);
  const webShell = await startWebShellProcess();
  try {
    await fullSessionLeavesNoSecret(page, webShell);
  } finally {
    await webShell.stop();
  }
});

async function fullSessionLeavesNoSecret(page: Page, webShell: ReadyProcess<WebShellReady>): Promise<void> {
  let shellOutput = '';
  webShell.child.stdout?.on('data', (chunk: Buffer) => (shellOutput += chunk.toString()));
  const stderrBefore = webShell.stderr().length;

  const exchanges: BridgeExchange[] = [];
  const pending: Promise<void>[] = [];
  // Answers Playwright could not read because their window had closed (the login popup closes
  // itself as soon as main has answered its callback); only that popup may lose any.
  const unreadAnswers: { channel: string; fromPopup: boolean }[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/__desk/invoke/')) return;
    const channel = decodeURIComponent(url.pathname.slice('/__desk/invoke/'.length));
    const requestBody = request.postData() ?? '';
    const fromPopup = request.frame().page() !== page;
    pending.push(
      request.response().then(
        async (response) => {
          exchanges.push({ channel, request: requestBody, response: (await response?.text().catch(() => '')) ?? '' });
        },
        () => {
          exchanges.push({ channel, request: requestBody, response: '' });
          unreadAnswers.push({ channel, fromPopup });
        },
      ),
    );
  };
  page.context().on('request', record);

  const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
  // The access token, read from the login popup's callback URL fragment.
  const popup = page.waitForEvent('popup');
  const loginDone = SignInPage.submitLogin(await signIn.openLoginPage(), { username: ADMIN_USER.login, password: ADMIN_USER.password });
  const loginPage = await popup;
  let accessToken = '';
  loginPage.on('framenavigated', (frame) => {
    if (frame === loginPage.mainFrame()) accessToken ||= new URLSearchParams(frame.url().split('#')[1] ?? '').get('access_token') ?? '';
  });
  await loginDone;
  await expect(signIn.prompt).toBeHidden();
  expect(accessToken.split('.')).toHaveLength(3);

  const navigation = new WorkspaceNavigation(page);
  for (const workspace of WORKSPACES) await navigation.open(workspace);

  const apps = new AppsPage(page);
  await navigation.open('Apps');
  await expect(async () => {
    const keys = await apps.rows().evaluateAll((rows) =>
      rows.filter((row) => row.querySelector('[col-id="secretExpiry"]')?.textContent !== 'No secrets').map((row) => row.getAttribute('row-id') ?? ''),
    );
    await apps.row(keys[0] ?? '').locator('[col-id="Name"]').click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await apps.secretRows().first().getByRole('button', { name: /^Reveal secret/ }).click();
  await expect(apps.revealedValue()).toBeVisible();
  const appSecret = (await apps.revealedValue().textContent()) ?? '';
  expect(appSecret.length).toBeGreaterThan(8);
  await apps.secretRows().first().getByRole('button', { name: /^Hide secret/ }).click();

  const storage = await page.evaluate(async () =>
    JSON.stringify({
      localStorage: { ...window.localStorage },
      sessionStorage: { ...window.sessionStorage },
      indexedDB: (await indexedDB.databases()).map((database) => database.name),
      cookie: document.cookie,
    }),
  );
  const status = new SessionStatusBar(page);
  await status.signOut.click();
  await expect(signIn.prompt).toBeVisible();
  await Promise.all(pending);

  const secrets = { 'access token': accessToken, 'access token signature': accessToken.split('.')[2] ?? '', 'app secret': appSecret };
  const found = (text: string | Buffer) => Object.entries(secrets).filter(([, value]) => text.includes(value)).map(([name]) => name);

  const files = await filesUnder(await dataDirOf(webShell.child.pid));
  expect(files.length).toBeGreaterThan(0);
  expect(files.flatMap(({ file, bytes }) => found(bytes).map((name) => `${name} in ${file}`))).toEqual([]);
  expect(found(shellOutput)).toEqual([]);
  expect(found(webShell.stderr().slice(stderrBefore))).toEqual([]);
  expect(found(storage)).toEqual([]);

  expect(exchanges.some((exchange) => exchange.channel === 'session:signOut')).toBe(true);
  expect(unreadAnswers.filter((answer) => !answer.fromPopup)).toEqual([]);
  const carriers = exchanges.flatMap((exchange) => [
    ...found(exchange.request).map((name) => `${name} sent on ${exchange.channel}`),
    ...found(exchange.response).map((name) => `${name} answered on ${exchange.channel}`),
  ]);
  // Only the login page's callback hands the redirect to main, and only the reveal the user asked for answers with the secret.
  expect([...new Set(carriers)].sort()).toEqual([
    'access token sent on session:completeSignIn',
    'access token signature sent on session:completeSignIn',
    'app secret answered on registry:revealSecret',
  ]);
}
