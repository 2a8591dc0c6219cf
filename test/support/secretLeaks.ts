/**
 * Looking for secrets where they must not be after a session: the web shell's data folder (files
 * read as bytes, SQLite included, and the browser profile the specs keep in it), its output, the
 * page's storage and the bridge payloads. The full-session specs know the secrets (read from the
 * keychain or a reveal) and expect each to be found only on the hand-overs that must carry it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import keytar from 'keytar';
import { KEYCHAIN_SERVICE } from '../../main/core/secrets/tokenStore';
import { parseStoredTokenSet, type TokenSet } from '../../main/core/session/tokenSet';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium';
import type { ReadyProcess } from './simulatorProcess';
import type { WebShellReady } from './webShellProcess';

/**
 * A browser whose profile (History, ukm_db, caches, cookies) lives in the shell's data folder,
 * where the shell's own window keeps its profile, so the search for leaks reads what a browser
 * records of the session. Not incognito, unlike that window: it shows that no token is ever in a
 * URL, however the browser is run. Close it before searching.
 */
export async function launchBrowserInDataFolder(dataDir: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(path.join(dataDir, 'web-shell-browser'), {
    executablePath: CHROMIUM_EXECUTABLE,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1400, height: 900 },
  });
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** Every RefDesk keychain entry; fails in words when no keyring answers. */
export async function keychainEntries(): Promise<{ account: string; password: string }[]> {
  try {
    return await keytar.findCredentials(KEYCHAIN_SERVICE);
  } catch (error) {
    throw new Error(`no keyring to read (run through npm test, which unlocks gnome-keyring in a D-Bus session): ${String(error)}`, { cause: error });
  }
}

/** The session signed in at `authUrl` (with `flow`, when given), as stored in the keychain. */
export async function storedSession(authUrl: string, flow?: TokenSet['flow']): Promise<TokenSet | undefined> {
  return (await keychainEntries())
    .filter((entry) => entry.account.startsWith('session:'))
    .map((entry) => parseStoredTokenSet(entry.password))
    .find((tokens) => tokens?.authUrl === authUrl && (flow === undefined || tokens.flow === flow));
}

/** One bridge call: its channel, what the page sent and what main answered. */
export interface BridgeExchange {
  channel: string;
  request: string;
  response: string;
}

export interface BridgeRecording {
  exchanges: BridgeExchange[];
  /**
   * Answers Playwright could not read because their window had closed first: the login popup
   * closes itself as soon as main has answered its callback. Only that popup may lose any.
   */
  unreadAnswers: { channel: string; fromPopup: boolean }[];
  /** Resolves once every recorded call has its answer (or has lost it with its window). */
  settled(): Promise<void>;
}

/** Records every bridge call of every page of `page`'s context (the login popup included). */
export function recordBridge(page: Page): BridgeRecording {
  const exchanges: BridgeExchange[] = [];
  const unreadAnswers: BridgeRecording['unreadAnswers'] = [];
  const pending: Promise<void>[] = [];
  page.context().on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/__desk/invoke/')) return;
    const channel = decodeURIComponent(url.pathname.slice('/__desk/invoke/'.length));
    const sent = request.postData() ?? '';
    const fromPopup = request.frame().page() !== page;
    pending.push(
      request.response().then(
        async (response) => {
          exchanges.push({ channel, request: sent, response: (await response?.text().catch(() => '')) ?? '' });
        },
        () => {
          exchanges.push({ channel, request: sent, response: '' });
          unreadAnswers.push({ channel, fromPopup });
        },
      ),
    );
  });
  return { exchanges, unreadAnswers, settled: async () => void (await Promise.all(pending)) };
}

/** The shell's output from now on (stdout and stderr), as one growing text. */
export function captureShellOutput(webShell: ReadyProcess<WebShellReady>): () => string {
  let stdout = '';
  webShell.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const stderrBefore = webShell.stderr().length;
  return () => stdout + webShell.stderr().slice(stderrBefore);
}

/** What the page keeps for itself: local and session storage, IndexedDB names, cookies. */
export function pageStorage(page: Page): Promise<string> {
  return page.evaluate(async () =>
    JSON.stringify({
      localStorage: { ...window.localStorage },
      sessionStorage: { ...window.sessionStorage },
      indexedDB: (await indexedDB.databases()).map((database) => database.name),
      cookie: document.cookie,
    }),
  );
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

/** Secrets by the name a finding reports them under; each value is looked for verbatim. */
export type NamedSecrets = Record<string, string>;

/** The names of the secrets `text` contains. */
function secretsIn(secrets: NamedSecrets, text: string | Buffer): string[] {
  return Object.entries(secrets)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

/**
 * Where the secrets are, outside the bridge: `<secret> in <file>`, `<secret> in the shell's
 * output`, `<secret> in the page's storage`. A clean session gives an empty list.
 */
export async function leaksAtRest(
  secrets: NamedSecrets,
  webShell: ReadyProcess<WebShellReady>,
  shellOutput: string,
  storage: string,
): Promise<string[]> {
  for (const [name, value] of Object.entries(secrets)) if (value.length < 8) throw new Error(`the ${name} was not captured`);
  const files = await filesUnder(await dataDirOf(webShell.child.pid));
  if (files.length === 0) throw new Error('the web shell wrote no file: the data folder is not the one it uses');
  return [
    ...files.flatMap(({ file, bytes }) => secretsIn(secrets, bytes).map((name) => `${name} in ${file}`)),
    ...secretsIn(secrets, shellOutput).map((name) => `${name} in the shell's output`),
    ...secretsIn(secrets, storage).map((name) => `${name} in the page's storage`),
  ];
}

/** Which bridge calls carried which secret, as sorted distinct `<secret> sent|answered on <channel>`. */
export function secretCarriers(secrets: NamedSecrets, exchanges: BridgeExchange[]): string[] {
  const carriers = exchanges.flatMap((exchange) => [
    ...secretsIn(secrets, exchange.request).map((name) => `${name} sent on ${exchange.channel}`),
    ...secretsIn(secrets, exchange.response).map((name) => `${name} answered on ${exchange.channel}`),
  ]);
  return [...new Set(carriers)].sort();
}
