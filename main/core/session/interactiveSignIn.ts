/**
 * How a shell shows the login page of the browser flows. Electron opens its own auth window and
 * hands main the redirect it intercepted; the web shell lets the renderer open a popup whose
 * callback page (on the shell's own origin) hands the redirect's parameters to main.
 */
import { AuthError } from './authErrors';
import { isLoopbackRedirectUri, withPort } from './authorizationRequest';

/** The path at which RefDesk receives browser sign-ins on the loopback interface. */
export const CALLBACK_PATH = '/refdesk/callback';

/** How a login page shown by main ended. */
export type WindowAuthorizationResult =
  | { kind: 'redirected'; url: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

export interface WindowAuthorizationRequest {
  authorizeUrl: string;
  redirectUri: string;
}

/** A shell that shows the login page itself (Electron's auth window). */
export interface WindowSignIn {
  kind: 'window';
  /** The redirect URI to send for a profile's registered one. */
  redirectUriFor(profileRedirectUri: string): string;
  /** Shows the page; resolves with the intercepted redirect, or cancelled when the user closed it. */
  authorize(request: WindowAuthorizationRequest): Promise<WindowAuthorizationResult>;
  /** Closes a page still open (a newer sign-in, sign-out). */
  abort(): void;
  /** Forgets what the login pages stored (cookies, storage): part of signing out. */
  clearStorage(): Promise<void>;
}

/** A shell whose renderer opens the login page in a popup (the web shell). */
export interface PopupSignIn {
  kind: 'popup';
  redirectUriFor(profileRedirectUri: string): string;
}

export type InteractiveSignIn = WindowSignIn | PopupSignIn;

/**
 * The web shell's popup sign-in: the callback page is served on the shell's own port, so only a
 * loopback redirect URI with the callback path can reach it (the server accepts any port for
 * those, RFC 8252 7.3).
 */
export function popupSignIn(shellOrigin: string): PopupSignIn {
  const shell = new URL(shellOrigin);
  return {
    kind: 'popup',
    redirectUriFor(profileRedirectUri) {
      const usable =
        isLoopbackRedirectUri(profileRedirectUri) &&
        new URL(profileRedirectUri).hostname === shell.hostname &&
        new URL(profileRedirectUri).pathname === CALLBACK_PATH;
      if (!usable) {
        throw new AuthError(
          'configuration',
          `In the browser version RefDesk receives sign-ins at http://${shell.hostname}${CALLBACK_PATH}; register that redirect URI for the app and enter it in the profile.`,
        );
      }
      return withPort(profileRedirectUri, Number(shell.port));
    },
  };
}

/** Until a shell provides its way (at start-up), browser sign-ins explain why they cannot start. */
export const noInteractiveSignIn: PopupSignIn = {
  kind: 'popup',
  redirectUriFor() {
    throw new AuthError('configuration', 'RefDesk is still starting; sign in again in a moment.');
  },
};
