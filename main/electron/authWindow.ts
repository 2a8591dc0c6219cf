/**
 * The auth window of the browser sign-in flows (Bruno's authorize-user-in-window, hardened): no
 * preload, its own in-memory session partition, sandboxed, and the redirect to the redirect URI
 * intercepted before any request leaves for it (will-redirect, will-navigate, and a webRequest
 * filter as the last guard). The user closing the window cancels the sign-in; every listener is
 * detached when the window goes.
 */
import { BrowserWindow, session as electronSession, type Event, type WebContents } from 'electron';
import { isRedirectTarget } from '../core/session/authorizationRequest';
import type {
  WindowAuthorizationRequest,
  WindowAuthorizationResult,
  WindowSignIn,
} from '../core/session/interactiveSignIn';
import { hardenWindow } from './hardenWindow';

/** The login pages' own partition: not persisted, never shared with the app's window. */
export const AUTH_PARTITION = 'refdesk-auth';

/** Chromium's "aborted" load error: what a cancelled navigation reports, not a failure. */
const ERR_ABORTED = -3;

export interface AuthWindowHandle {
  result: Promise<WindowAuthorizationResult>;
  /** Closes the window; the result becomes `cancelled` unless it was settled before. */
  abort(): void;
}

/** Navigations the auth window may make: within the authorization server, or to https pages (an identity provider). */
function allowedInAuthWindow(url: string, authOrigin: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === authOrigin || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Opens the login page in a new auth window and resolves with how the sign-in ended. */
export function openAuthWindow(request: WindowAuthorizationRequest, parent?: BrowserWindow): AuthWindowHandle {
  const window = new BrowserWindow({
    width: 520,
    height: 720,
    title: 'Sign in – RefDesk',
    show: false,
    autoHideMenuBar: true,
    ...(parent ? { parent, modal: true } : {}),
    // No preload: the login page is a foreign site and gets no bridge at all.
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      partition: AUTH_PARTITION,
    },
  });
  const contents: WebContents = window.webContents;
  const authSession = contents.session;
  const authOrigin = new URL(request.authorizeUrl).origin;
  hardenWindow(window, (url) => allowedInAuthWindow(url, authOrigin) && !isRedirectTarget(url, request.redirectUri));

  let settle!: (result: WindowAuthorizationResult) => void;
  const result = new Promise<WindowAuthorizationResult>((resolve) => (settle = resolve));
  let settled = false;

  const onNavigation = (event: Event<{ url: string }>) => {
    if (!isRedirectTarget(event.url, request.redirectUri)) return;
    event.preventDefault();
    finish({ kind: 'redirected', url: event.url });
  };
  const onFailedLoad = (_event: unknown, errorCode: number, errorDescription: string, _url: string, isMainFrame: boolean) => {
    if (isMainFrame && errorCode !== ERR_ABORTED) {
      finish({ kind: 'failed', message: `The sign-in page could not be loaded (${errorDescription || errorCode}).` });
    }
  };
  const onClosed = () => finish({ kind: 'cancelled' });

  function finish(outcome: WindowAuthorizationResult): void {
    if (settled) return;
    settled = true;
    // The partition outlives the window: its request filter must go whichever way the window went.
    authSession.webRequest.onBeforeRequest(null);
    if (!window.isDestroyed()) {
      contents.removeListener('will-redirect', onNavigation);
      contents.removeListener('will-navigate', onNavigation);
      contents.removeListener('did-fail-load', onFailedLoad);
      window.removeListener('closed', onClosed);
      window.close();
    }
    settle(outcome);
  }

  // Everything is in place before the first load, so no request can reach the redirect URI.
  contents.on('will-redirect', onNavigation);
  contents.on('will-navigate', onNavigation);
  contents.on('did-fail-load', onFailedLoad);
  authSession.webRequest.onBeforeRequest({ urls: ['http://*/*', 'https://*/*'] }, (details, callback) => {
    if (!isRedirectTarget(details.url, request.redirectUri)) return callback({});
    callback({ cancel: true });
    finish({ kind: 'redirected', url: details.url });
  });
  window.on('closed', onClosed);
  window.once('ready-to-show', () => window.show());
  window.loadURL(request.authorizeUrl).catch(() => {
    // Failures arrive through did-fail-load; an intercepted redirect rejects here as aborted.
  });

  return { result, abort: () => finish({ kind: 'cancelled' }) };
}

/** The Electron shell's way of signing in: one auth window at a time, over `parent()`. */
export function createAuthWindowSignIn(parent: () => BrowserWindow | undefined): WindowSignIn {
  let current: AuthWindowHandle | undefined;
  return {
    kind: 'window',
    // Electron intercepts the redirect itself, so the profile's redirect URI is used as registered.
    redirectUriFor: ({ redirectUri }) => redirectUri,
    authorize(request) {
      current?.abort();
      const handle = openAuthWindow(request, parent());
      current = handle;
      return handle.result.finally(() => {
        if (current === handle) current = undefined;
      });
    },
    abort: () => current?.abort(),
    async clearStorage() {
      const authSession = electronSession.fromPartition(AUTH_PARTITION);
      await authSession.clearStorageData();
      await authSession.clearAuthCache();
      await authSession.clearCache();
    },
  };
}
