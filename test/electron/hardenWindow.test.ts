import { beforeEach, describe, expect, it, vi } from 'vitest';

const openExternal = vi.fn();
vi.mock('electron', () => ({ shell: { openExternal } }));

const { hardenWindow, isAppUrl, secureWebPreferences } = await import('../../main/electron/hardenWindow');

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

  it('gives every window context isolation, the sandbox, no Node and no webview tag', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      preload: '/app/preload.cjs',
    });
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
