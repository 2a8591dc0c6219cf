/**
 * What the renderer may know about the session (IPC results of the `session:*` channels): who
 * is signed in, until when, with which profile, and where the tokens are kept. Never a token.
 * Types only, no Node imports: the IPC contract re-exports them to the renderer.
 */

/** The profile a session belongs to, as the status bar names it. */
export interface SessionProfileView {
  id: string;
  name: string;
  kind: 'embedded' | 'remote';
  flow: 'implicit' | 'code' | 'assertion';
}

export interface SessionView {
  signedIn: boolean;
  /** Who is signed in, when the token says so. */
  user?: { name: string; userId: string };
  /** ISO date-time at which the access token expires. */
  expiresAt?: string;
  profile: SessionProfileView;
  /** `keychain`: the OS keychain keeps the session; `memory`: it is lost when RefDesk quits. */
  tokenStorage: 'keychain' | 'memory';
  /** Why the session is kept in memory only, in words (set with `tokenStorage: 'memory'`). */
  tokenStorageNotice?: string;
  /** Set after the session ended on its own: the token expired, or the service refused it. */
  signInNeeded?: 'expired' | 'rejected';
  /** A login page (auth window or popup) is open. */
  signingIn: boolean;
}

/** How a sign-in ended. `failed` carries a message for the user (e.g. they declined). */
export type SignInOutcome =
  | { outcome: 'signedIn'; session: SessionView }
  | { outcome: 'cancelled'; session: SessionView }
  | { outcome: 'failed'; message: string; session: SessionView };

/**
 * What `session:signIn` answers: the outcome, or (web shell) the login page the renderer opens
 * in a popup, after which it waits with `session:waitForSignIn`.
 */
export type SignInStart = SignInOutcome | { outcome: 'openPopup'; authorizeUrl: string; attemptId: string };
