import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type RequestListener = (details: { url: string; webContentsId?: number }, callback: (response: { cancel?: boolean }) => void) => void;

/** The auth partition's session: it outlives windows, like Electron's. */
const partition = {
  requestListener: undefined as RequestListener | undefined,
  webRequest: {
    onBeforeRequest: vi.fn((filterOrListener: unknown, listener?: RequestListener | null) => {
      partition.requestListener = (listener === undefined ? filterOrListener : listener) as RequestListener | undefined ?? undefined;
    }),
  },
  setPermissionRequestHandler: vi.fn(),
  setPermissionCheckHandler: vi.fn(),
  clearStorageData: vi.fn(async () => {}),
  clearAuthCache: vi.fn(async () => {}),
  clearCache: vi.fn(async () => {}),
};

let nextContentsId = 1;

class FakeContents extends EventEmitter {
  readonly id = nextContentsId++;
  session = partition;
  setWindowOpenHandler = vi.fn();
}

class FakeWindow extends EventEmitter {
  static created: FakeWindow[] = [];
  webContents = new FakeContents();
  destroyed = false;
  /** What was already guarded when the first page load started. */
  guardsAtLoad: { redirect: number; navigate: number; requestFilter: boolean } | undefined;
  loadedUrl: string | undefined;

  constructor(readonly options: { webPreferences: Record<string, unknown>; parent?: unknown; modal?: boolean }) {
    super();
    FakeWindow.created.push(this);
  }
  isDestroyed() {
    return this.destroyed;
  }
  shown = false;
  show() {
    this.shown = true;
  }
  close() {
    this.destroyed = true;
    this.emit('closed');
  }
  async loadURL(url: string) {
    this.loadedUrl = url;
    this.guardsAtLoad = {
      redirect: this.webContents.listenerCount('will-redirect'),
      navigate: this.webContents.listenerCount('will-navigate'),
      requestFilter: partition.requestListener !== undefined,
    };
  }
}

vi.mock('electron', () => ({
  BrowserWindow: FakeWindow,
  session: { fromPartition: vi.fn(() => partition) },
  shell: { openExternal: vi.fn() },
}));

const { AUTH_PARTITION, SILENT_RENEWAL_TIMEOUT_MS, createAuthWindowSignIn, openAuthWindow } = await import('../../main/electron/authWindow');

const REQUEST = {
  authorizeUrl: 'http://127.0.0.1:4100/auth/authorize?response_type=token&client_id=k&state=s',
  redirectUri: 'http://127.0.0.1/refdesk/callback',
};
const CALLBACK = 'http://127.0.0.1:4100/refdesk/callback#access_token=t&token_type=Bearer&expires_in=60&state=s';

/** Emits a navigation event the way Electron does; true when the window cancelled it. */
function navigate(window: FakeWindow, event: 'will-redirect' | 'will-navigate', url: string): boolean {
  const details = { url, preventDefault: vi.fn() };
  window.webContents.emit(event, details, url);
  return details.preventDefault.mock.calls.length > 0;
}

function lastWindow(): FakeWindow {
  const window = FakeWindow.created.at(-1);
  if (!window) throw new Error('no auth window was opened');
  return window;
}

beforeEach(() => {
  // Windows a test left open still guard the partition, as in Electron: close them first.
  for (const window of FakeWindow.created) if (!window.destroyed) window.close();
  FakeWindow.created = [];
  partition.requestListener = undefined;
  vi.clearAllMocks();
});

describe('auth window', () => {
  it('has no preload, its own partition, the sandbox and no Node', () => {
    openAuthWindow(REQUEST);
    const preferences = lastWindow().options.webPreferences;
    expect(preferences.preload).toBeUndefined();
    expect(preferences.partition).toBe(AUTH_PARTITION);
    expect(AUTH_PARTITION.startsWith('persist:')).toBe(false);
    expect(preferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false });
  });

  it('guards the redirect before loading the login page', () => {
    openAuthWindow(REQUEST);
    const window = lastWindow();
    expect(window.loadedUrl).toBe(REQUEST.authorizeUrl);
    expect(window.guardsAtLoad).toEqual({ redirect: 1, navigate: 2, requestFilter: true });
  });

  it('captures the redirect to the redirect URI (any loopback port), cancels it and closes the window', async () => {
    const handle = openAuthWindow(REQUEST);
    const window = lastWindow();
    expect(navigate(window, 'will-navigate', 'http://127.0.0.1:4100/auth/authorize')).toBe(false);
    expect(navigate(window, 'will-redirect', CALLBACK)).toBe(true);
    await expect(handle.result).resolves.toEqual({ kind: 'redirected', url: CALLBACK });
    expect(window.destroyed).toBe(true);
    expect(partition.requestListener).toBeUndefined();
    expect(window.webContents.listenerCount('will-redirect')).toBe(0);
    expect(window.listenerCount('closed')).toBe(0);
  });

  it('also catches a script navigation to the redirect URI', async () => {
    const handle = openAuthWindow(REQUEST);
    expect(navigate(lastWindow(), 'will-navigate', CALLBACK)).toBe(true);
    await expect(handle.result).resolves.toEqual({ kind: 'redirected', url: CALLBACK });
  });

  it('cancels any request to the redirect URI at the network layer and lets others through', async () => {
    const handle = openAuthWindow(REQUEST);
    const answers: { cancel?: boolean }[] = [];
    const webContentsId = lastWindow().webContents.id;
    partition.requestListener?.({ url: 'http://127.0.0.1:4100/auth/style.css', webContentsId }, (answer) => answers.push(answer));
    partition.requestListener?.({ url: 'http://127.0.0.1:9/refdesk/callback?code=c&state=s', webContentsId }, (answer) => answers.push(answer));
    expect(answers).toEqual([{}, { cancel: true }]);
    await expect(handle.result).resolves.toEqual({ kind: 'redirected', url: 'http://127.0.0.1:9/refdesk/callback?code=c&state=s' });
  });

  it('treats the user closing the window as a cancelled sign-in and detaches its listeners', async () => {
    const handle = openAuthWindow(REQUEST);
    const window = lastWindow();
    window.close();
    await expect(handle.result).resolves.toEqual({ kind: 'cancelled' });
    expect(partition.webRequest.onBeforeRequest).toHaveBeenLastCalledWith(null);
    expect(partition.requestListener).toBeUndefined();
  });

  it('reports a login page that cannot load, but not an aborted load', async () => {
    const handle = openAuthWindow(REQUEST);
    const window = lastWindow();
    window.webContents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', REQUEST.authorizeUrl, true);
    window.webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', 'http://x/frame', false);
    window.webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', REQUEST.authorizeUrl, true);
    await expect(handle.result).resolves.toEqual({
      kind: 'failed',
      message: 'The sign-in page could not be loaded (ERR_CONNECTION_REFUSED).',
    });
  });

  it('stays on the authorization server: other plain-http pages are refused', () => {
    openAuthWindow(REQUEST);
    const window = lastWindow();
    expect(navigate(window, 'will-navigate', 'http://127.0.0.1:4999/elsewhere')).toBe(true);
    expect(navigate(window, 'will-navigate', 'http://127.0.0.1:4100/auth/authorize?x=1')).toBe(false);
  });
});

describe('Electron sign-in', () => {
  it('keeps one auth window at a time: a new sign-in cancels the open one', async () => {
    const signIn = createAuthWindowSignIn(() => undefined);
    const first = signIn.authorize(REQUEST);
    const second = signIn.authorize(REQUEST);
    await expect(first).resolves.toEqual({ kind: 'cancelled' });
    expect(FakeWindow.created[0]?.destroyed).toBe(true);
    navigate(lastWindow(), 'will-redirect', CALLBACK);
    await expect(second).resolves.toEqual({ kind: 'redirected', url: CALLBACK });
  });

  it('opens the auth window modal over the main window', () => {
    const parent = {};
    void createAuthWindowSignIn(() => parent as never).authorize(REQUEST);
    expect(lastWindow().options).toMatchObject({ parent, modal: true });
  });

  it('clears the auth partition storage on sign-out', async () => {
    await createAuthWindowSignIn(() => undefined).clearStorage();
    expect(partition.clearStorageData).toHaveBeenCalled();
    expect(partition.clearAuthCache).toHaveBeenCalled();
  });
});

describe('silent renewal in a hidden auth window (14.4)', () => {
  const SILENT = { ...REQUEST, authorizeUrl: `${REQUEST.authorizeUrl}&prompt=none` };

  it('loads the prompt=none request in the auth partition, never shows it, and captures the redirect', async () => {
    const handle = openAuthWindow(SILENT, { silent: true, parent: {} as never });
    const window = lastWindow();
    expect(window.options.webPreferences.partition).toBe(AUTH_PARTITION);
    expect(window.options.parent).toBeUndefined();
    expect(window.loadedUrl).toBe(SILENT.authorizeUrl);
    window.emit('ready-to-show');
    expect(window.shown).toBe(false);
    expect(navigate(window, 'will-redirect', CALLBACK)).toBe(true);
    await expect(handle.result).resolves.toEqual({ kind: 'redirected', url: CALLBACK });
    expect(window.destroyed).toBe(true);
  });

  it('gives up when the server shows a page instead of answering, or does not answer in time', async () => {
    const shown = openAuthWindow(SILENT, { silent: true });
    lastWindow().webContents.emit('did-finish-load');
    await expect(shown.result).resolves.toEqual({ kind: 'failed', message: 'The sign-in service showed its login page instead of answering.' });

    vi.useFakeTimers();
    try {
      const slow = openAuthWindow(SILENT, { silent: true });
      vi.advanceTimersByTime(SILENT_RENEWAL_TIMEOUT_MS);
      await expect(slow.result).resolves.toEqual({ kind: 'failed', message: 'The sign-in service did not answer in time.' });
      expect(lastWindow().destroyed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares the partition with a sign-in window: each gets its own redirect, and the request filter stays until both are gone', async () => {
    const signIn = createAuthWindowSignIn(() => undefined);
    const visible = signIn.authorize(REQUEST);
    const visibleWindow = lastWindow();
    const renewal = signIn.authorizeSilently(SILENT);
    const hiddenWindow = lastWindow();
    expect(visibleWindow.destroyed).toBe(false);

    const answers: { cancel?: boolean }[] = [];
    const renewed = 'http://127.0.0.1:9/refdesk/callback?code=renewed&state=s';
    partition.requestListener?.({ url: renewed, webContentsId: hiddenWindow.webContents.id }, (answer) => answers.push(answer));
    await expect(renewal).resolves.toEqual({ kind: 'redirected', url: renewed });
    expect(answers).toEqual([{ cancel: true }]);
    expect(partition.requestListener).toBeDefined();

    partition.requestListener?.({ url: CALLBACK, webContentsId: visibleWindow.webContents.id }, (answer) => answers.push(answer));
    await expect(visible).resolves.toEqual({ kind: 'redirected', url: CALLBACK });
    expect(partition.requestListener).toBeUndefined();
  });

  it('closes hidden renewals too when sign-in is aborted (sign-out)', async () => {
    const signIn = createAuthWindowSignIn(() => undefined);
    const renewal = signIn.authorizeSilently(SILENT);
    signIn.abort();
    await expect(renewal).resolves.toEqual({ kind: 'cancelled' });
    expect(lastWindow().destroyed).toBe(true);
  });
});
