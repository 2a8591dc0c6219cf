/**
 * The auth window of the browser sign-in flows (Bruno's authorize-user-in-window, hardened): no
 * preload, its own in-memory session partition, sandboxed, and the redirect to the redirect URI
 * intercepted before any request leaves for it (will-redirect, will-navigate, and a webRequest
 * filter as the last guard). The user closing the window cancels the sign-in; every listener is
 * detached when the window goes.
 *
 * The same window, never shown, renews a session without the user (`prompt=none`, 14.4): it
 * shares the partition, so the authorization server's login-session cookie goes with it; a page
 * that loads instead of a redirect (the server wants the user) or no answer in time ends it.
 */
import { BrowserWindow, session as electronSession, type Event, type Session, type WebContents } from 'electron';
import { isRedirectTarget } from '../core/session/authorizationRequest';
import type {
  WindowAuthorizationRequest,
  WindowAuthorizationResult,
  WindowSignIn,
} from '../core/session/interactiveSignIn';
import { hardenWindow } from './hardenWindow';

/** The login pages' own partition: not persisted, never shared with the app's window. */
export const AUTH_PARTITION = 'refdesk-auth';

/** How long a hidden renewal may take before it is given up (the warning then follows). */
export const SILENT_RENEWAL_TIMEOUT_MS = 20_000;

/** Chromium's "aborted" load error: what a cancelled navigation reports, not a failure. */
const ERR_ABORTED = -3;

export interface AuthWindowHandle {
  result: Promise<WindowAuthorizationResult>;
  /** Closes the window; the result becomes `cancelled` unless it was settled before. */
  abort(): void;
}

/** How a window is opened: over a parent for the user, or hidden for a renewal. */
export interface AuthWindowOptions {
  parent?: BrowserWindow;
  silent?: boolean;
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

type RequestGuard = (details: { url: string; webContentsId?: number }) => boolean;

/**
 * The partition's one webRequest filter, shared by every auth window open in it (Electron keeps
 * one listener per session: a second window must not replace the first one's guard). A request
 * a guard claims is cancelled; the filter goes when the last window does.
 */
const partitionGuards = new Map<Session, Set<RequestGuard>>();

function guardRequests(partition: Session, guard: RequestGuard): () => void {
  let guards = partitionGuards.get(partition);
  if (!guards) {
    const active = new Set<RequestGuard>();
    guards = active;
    partitionGuards.set(partition, active);
    partition.webRequest.onBeforeRequest({ urls: ['http://*/*', 'https://*/*'] }, (details, callback) => {
      // Every guard sees the request (not just the first that claims it): it may be another window's redirect.
      const claimed = [...active].filter((claims) => claims(details));
      callback(claimed.length > 0 ? { cancel: true } : {});
    });
  }
  guards.add(guard);
  return () => {
    guards.delete(guard);
    if (guards.size > 0) return;
    partitionGuards.delete(partition);
    partition.webRequest.onBeforeRequest(null);
  };
}

/** Opens the login page in a new auth window (hidden with `silent`) and resolves with how the sign-in ended. */
export function openAuthWindow(request: WindowAuthorizationRequest, options: AuthWindowOptions = {}): AuthWindowHandle {
  const { parent, silent = false } = options;
  const window = new BrowserWindow({
    width: 520,
    height: 720,
    title: 'Sign in – RefDesk',
    show: false,
    autoHideMenuBar: true,
    ...(parent && !silent ? { parent, modal: true } : {}),
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
  // Hidden, a page that finishes loading is one the server wants the user to see: give up.
  const onLoaded = () => finish({ kind: 'failed', message: 'The sign-in service showed its login page instead of answering.' });
  const onClosed = () => finish({ kind: 'cancelled' });
  const timer = silent
    ? setTimeout(() => finish({ kind: 'failed', message: 'The sign-in service did not answer in time.' }), SILENT_RENEWAL_TIMEOUT_MS)
    : undefined;
  const releaseGuard = guardRequests(contents.session, (details) => {
    if (!isRedirectTarget(details.url, request.redirectUri)) return false;
    if (details.webContentsId === contents.id) finish({ kind: 'redirected', url: details.url });
    return true;
  });

  function finish(outcome: WindowAuthorizationResult): void {
    if (settled) return;
    settled = true;
    if (timer) clearTimeout(timer);
    // The partition outlives the window: its request guard must go whichever way the window went.
    releaseGuard();
    if (!window.isDestroyed()) {
      contents.removeListener('will-redirect', onNavigation);
      contents.removeListener('will-navigate', onNavigation);
      contents.removeListener('did-fail-load', onFailedLoad);
      contents.removeListener('did-finish-load', onLoaded);
      window.removeListener('closed', onClosed);
      window.close();
    }
    settle(outcome);
  }

  // Everything is in place before the first load, so no request can reach the redirect URI.
  contents.on('will-redirect', onNavigation);
  contents.on('will-navigate', onNavigation);
  contents.on('did-fail-load', onFailedLoad);
  if (silent) contents.on('did-finish-load', onLoaded);
  window.on('closed', onClosed);
  if (!silent) window.once('ready-to-show', () => window.show());
  window.loadURL(request.authorizeUrl).catch(() => {
    // Failures arrive through did-fail-load; an intercepted redirect rejects here as aborted.
  });

  return { result, abort: () => finish({ kind: 'cancelled' }) };
}

/** The Electron shell's way of signing in: one visible auth window at a time, over `parent()`. */
export function createAuthWindowSignIn(parent: () => BrowserWindow | undefined): WindowSignIn {
  let current: AuthWindowHandle | undefined;
  const hidden = new Set<AuthWindowHandle>();
  return {
    kind: 'window',
    // Electron intercepts the redirect itself, so the profile's redirect URI is used as registered.
    redirectUriFor: ({ redirectUri }) => redirectUri,
    authorize(request) {
      current?.abort();
      const parentWindow = parent();
      const handle = openAuthWindow(request, parentWindow ? { parent: parentWindow } : {});
      current = handle;
      return handle.result.finally(() => {
        if (current === handle) current = undefined;
      });
    },
    authorizeSilently(request) {
      const handle = openAuthWindow(request, { silent: true });
      hidden.add(handle);
      return handle.result.finally(() => hidden.delete(handle));
    },
    abort: () => {
      current?.abort();
      for (const handle of [...hidden]) handle.abort();
    },
    async clearStorage() {
      const authSession = electronSession.fromPartition(AUTH_PARTITION);
      await authSession.clearStorageData();
      await authSession.clearAuthCache();
      await authSession.clearCache();
    },
  };
}
