/**
 * How a shell shows the login page of the browser flows. Electron opens its own auth window and
 * hands main the redirect it intercepted (and renews sessions in a hidden one); the web shell
 * lets the renderer open a popup whose callback page (on the shell's own origin) hands the
 * redirect's parameters to main.
 */
import { AuthError } from './authErrors';
import { isLoopbackRedirectUri, withPort } from './authorizationRequest';
import type { SignInFlow } from './tokenSet';

/** What a shell needs to know of a profile to show its login page. */
export interface LoginPageProfile {
  /** The redirect URI registered for the app. */
  redirectUri: string;
  flow: SignInFlow;
}

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
  /** The redirect URI to send for a profile (its registered one); throws AuthError when the shell cannot. */
  redirectUriFor(profile: LoginPageProfile): string;
  /** Shows the page; resolves with the intercepted redirect, or cancelled when the user closed it. */
  authorize(request: WindowAuthorizationRequest): Promise<WindowAuthorizationResult>;
  /**
   * Loads a `prompt=none` request where the user cannot see it, with the login pages' cookies
   * (the server's login session); resolves with the intercepted redirect, or `failed` when the
   * server showed a page instead or did not answer in time.
   */
  authorizeSilently(request: WindowAuthorizationRequest): Promise<WindowAuthorizationResult>;
  /** Closes a page still open (a newer sign-in, sign-out). */
  abort(): void;
  /** Forgets what the login pages stored (cookies, storage): part of signing out. */
  clearStorage(): Promise<void>;
}

/** A shell whose renderer opens the login page in a popup (the web shell). */
export interface PopupSignIn {
  kind: 'popup';
  /** The redirect URI to send for a profile; throws AuthError (in words) when the shell cannot sign it in. */
  redirectUriFor(profile: LoginPageProfile): string;
}

export type InteractiveSignIn = WindowSignIn | PopupSignIn;

/** Why the browser version signs in with code + PKCE only (15.2). */
export const IMPLICIT_REFUSED_IN_BROWSER =
  'In the browser version RefDesk does not use the implicit sign-in: it would put the access token in the browser’s address and history. ' +
  'Set this profile’s sign-in flow to “Login page (authorization code + PKCE)” (the app must allow the Code flow), or use the desktop app.';

/**
 * The web shell's popup sign-in: the callback page is served on the shell's own port, so only a
 * loopback redirect URI with the callback path can reach it (the server accepts any port for
 * those, RFC 8252 7.3). Only the code flow is offered: its callback carries a single-use code
 * that main spends at once, never a token, so no URL the browser records holds one (15.2).
 */
export function popupSignIn(shellOrigin: string): PopupSignIn {
  const shell = new URL(shellOrigin);
  return {
    kind: 'popup',
    redirectUriFor({ redirectUri: profileRedirectUri, flow }) {
      if (flow === 'implicit') throw new AuthError('configuration', IMPLICIT_REFUSED_IN_BROWSER);
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
