/**
 * The session through the bridge: what the renderer may know of it (never a token), signing in
 * (in the web shell, in a popup the renderer opens), signing out, and main's session events.
 */
import type { PushEvents } from '../../../contract/events';
import type { SessionView, SignInOutcome, SignInStart } from '../../../contract/session';
import { call, onDeskEvent } from './desk';

/** The session as main describes it. */
export function fetchSession(): Promise<SessionView> {
  return call('session:state');
}

/** Starts signing in with the active profile. */
export function startSignIn(): Promise<SignInStart> {
  return call('session:signIn');
}

/** Waits until the popup sign-in `attemptId` has ended. */
export function waitForSignIn(attemptId: string): Promise<SignInOutcome> {
  return call('session:waitForSignIn', { attemptId });
}

/** Tells main the user closed the login popup. */
export function cancelSignIn(attemptId: string): Promise<SessionView> {
  return call('session:cancelSignIn', { attemptId });
}

/** Signs out of the active profile. */
export function signOut(): Promise<SessionView> {
  return call('session:signOut');
}

/** Main's session events (signed in or out, renewed, expiring) and connection state. */
export function onSessionEvents(listeners: {
  changed: (payload: PushEvents['session:changed']) => void;
  expiring: (payload: PushEvents['session:expiring']) => void;
  connection: (payload: PushEvents['connection:status']) => void;
}): () => void {
  const unsubscribe = [
    onDeskEvent('session:changed', listeners.changed),
    onDeskEvent('session:expiring', listeners.expiring),
    onDeskEvent('connection:status', listeners.connection),
  ];
  return () => unsubscribe.forEach((stop) => stop());
}

/** How often the renderer checks whether the user closed the login popup. */
const POPUP_POLL_MS = 500;

/**
 * Opens main's login page in a popup (web shell) and resolves with the outcome: the callback
 * page hands the redirect to main; a popup the user closes first cancels the sign-in.
 */
export async function signInInPopup(authorizeUrl: string, attemptId: string): Promise<SignInOutcome> {
  const popup = window.open(authorizeUrl, 'refdesk-sign-in', 'popup,width=520,height=720');
  if (!popup) {
    const session = await cancelSignIn(attemptId);
    return { outcome: 'failed', message: 'The browser blocked the sign-in window. Allow pop-ups for RefDesk and sign in again.', session };
  }
  const watcher = window.setInterval(() => {
    // The callback page closes the popup only after main has its answer, so closed-and-still-
    // waiting means the user closed it: cancel (a no-op when the sign-in already ended).
    if (popup.closed) {
      window.clearInterval(watcher);
      window.setTimeout(() => void cancelSignIn(attemptId).catch(() => undefined), POPUP_POLL_MS);
    }
  }, POPUP_POLL_MS);
  try {
    return await waitForSignIn(attemptId);
  } finally {
    window.clearInterval(watcher);
    if (!popup.closed) popup.close();
  }
}
