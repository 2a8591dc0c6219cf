import { beforeEach, describe, expect, it, vi } from 'vitest';

const openExternal = vi.fn();
const constructed: { options: Record<string, unknown>; loaded: string[] }[] = [];

/** BrowserWindow stand-in: records its options and loads; enough for createMainWindow. */
class FakeBrowserWindow {
  readonly loaded: string[] = [];
  readonly webContents = {
    setWindowOpenHandler: vi.fn(),
    on: vi.fn(),
    session: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() },
  };
  constructor(readonly options: Record<string, unknown>) {
    constructed.push(this);
  }
  once = vi.fn();
  show = vi.fn();
  loadURL(url: string) {
    this.loaded.push(url);
    return Promise.resolve();
  }
}
vi.mock('electron', () => ({ shell: { openExternal }, BrowserWindow: FakeBrowserWindow }));

const { hardenWindow, isAppUrl } = await import('../../main/electron/hardenWindow');
const { createMainWindow } = await import('../../main/electron/mainWindow');

type Listener = (...args: unknown[]) => void;

/** A BrowserWindow stand-in recording what hardenWindow installs. */
function fakeWindow() {
  const listeners = new Map<string, Listener>();
  let windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  let permissionHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
  let permissionCheck: (() => boolean) | undefined;
  const window = {
    webContents: {
      setWindowOpenHandler: (handler: typeof windowOpenHandler) => (windowOpenHandler = handler),
      on: (event: string, listener: Listener) => listeners.set(event, listener),
      session: {
        setPermissionRequestHandler: (handler: typeof permissionHandler) => (permissionHandler = handler),
        setPermissionCheckHandler: (handler: typeof permissionCheck) => (permissionCheck = handler),
      },
    },
  };
  return {
    window,
    openWindow: (url: string) => windowOpenHandler?.({ url }),
    navigate: (url: string) => {
      const event = { preventDefault: vi.fn() };
      listeners.get('will-navigate')?.(event, url);
      return event.preventDefault.mock.calls.length > 0;
    },
    attachWebview: () => {
      const event = { preventDefault: vi.fn() };
      listeners.get('will-attach-webview')?.(event);
      return event.preventDefault.mock.calls.length > 0;
    },
    requestPermission: (permission: string) =>
      new Promise<boolean>((resolve) => permissionHandler?.({}, permission, resolve)),
    checkPermission: () => permissionCheck?.(),
  };
}

describe('hardenWindow', () => {
  beforeEach(() => openExternal.mockClear());

  it('gives the main window context isolation, the sandbox, no Node, no webview tag, and loads only the app', () => {
    createMainWindow('/app/out/preload/index.cjs');
    const window = constructed.at(-1)!;
    expect(window.options.webPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      preload: '/app/out/preload/index.cjs',
    });
    expect(window.loaded).toEqual(['app://refdesk/index.html']);
    // hardenWindow ran on it: new windows are handled and permissions refused.
    expect((window as unknown as FakeBrowserWindow).webContents.setWindowOpenHandler).toHaveBeenCalled();
    expect((window as unknown as FakeBrowserWindow).webContents.session.setPermissionRequestHandler).toHaveBeenCalled();
  });

  it('denies new windows and sends only https links to the browser', () => {
    const fake = fakeWindow();
    hardenWindow(fake.window as never);
    expect(fake.openWindow('https://example.com/docs')).toEqual({ action: 'deny' });
    expect(fake.openWindow('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(openExternal).toHaveBeenCalledWith('https://example.com/docs');
  });

  it('cancels navigation away from the app and webview attachment', () => {
    const fake = fakeWindow();
    hardenWindow(fake.window as never);
    expect(fake.navigate('https://evil.example/')).toBe(true);
    expect(fake.navigate('app://refdesk.evil/index.html')).toBe(true);
    expect(fake.navigate('app://refdesk/index.html#/reference')).toBe(false);
    expect(fake.attachWebview()).toBe(true);
  });

  it('denies every permission request and check', async () => {
    const fake = fakeWindow();
    hardenWindow(fake.window as never);
    expect(await fake.requestPermission('media')).toBe(false);
    expect(await fake.requestPermission('notifications')).toBe(false);
    expect(fake.checkPermission()).toBe(false);
  });

  it('recognises only the app origin as its own', () => {
    expect(isAppUrl('app://refdesk/index.html')).toBe(true);
    expect(isAppUrl('app://refdesk')).toBe(true);
    expect(isAppUrl('app://refdeskx/index.html')).toBe(false);
    expect(isAppUrl('http://127.0.0.1/')).toBe(false);
  });
});
