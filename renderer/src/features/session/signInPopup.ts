/**
 * Signing in through a login popup (web shell): the renderer opens main's login page and waits
 * for main to hear the outcome from the callback page; a popup the user closes first cancels
 * the sign-in.
 */
import type { SignInOutcome } from '../../../../contract/session';
import { call } from '../../shared/desk';

/** How often the renderer checks whether the user closed the login popup. */
const POPUP_POLL_MS = 500;

/**
 * Opens main's login page in a popup (web shell) and resolves with the outcome: the callback
 * page hands the redirect to main; a popup the user closes first cancels the sign-in.
 */
export async function signInInPopup(authorizeUrl: string, attemptId: string): Promise<SignInOutcome> {
  const popup = window.open(authorizeUrl, 'refdesk-sign-in', 'popup,width=520,height=720');
  if (!popup) {
    const session = await call('session:cancelSignIn', { attemptId });
    return { outcome: 'failed', message: 'The browser blocked the sign-in window. Allow pop-ups for RefDesk and sign in again.', session };
  }
  const watcher = window.setInterval(() => {
    // The callback page closes the popup only after main has its answer, so closed-and-still-
    // waiting means the user closed it: cancel (a no-op when the sign-in already ended).
    if (popup.closed) {
      window.clearInterval(watcher);
      window.setTimeout(() => void call('session:cancelSignIn', { attemptId }).catch(() => undefined), POPUP_POLL_MS);
    }
  }, POPUP_POLL_MS);
  try {
    return await call('session:waitForSignIn', { attemptId });
  } finally {
    window.clearInterval(watcher);
    if (!popup.closed) popup.close();
  }
}
