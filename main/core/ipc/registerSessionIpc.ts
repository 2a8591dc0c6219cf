/**
 * Handlers of the `session:*` channels. Every answer is a SessionView or a sign-in outcome:
 * no handler ever returns a token to the renderer.
 */
import { AuthError } from '../session/authErrors';
import type { SessionService } from '../session/sessionService';
import { DeskError, type IpcHandlers } from './dispatcher';

type SessionChannels = Pick<
  IpcHandlers,
  | 'session:state'
  | 'session:signIn'
  | 'session:waitForSignIn'
  | 'session:completeSignIn'
  | 'session:cancelSignIn'
  | 'session:signOut'
>;

/** Runs a session operation, turning an AuthError into the bridge's error shape in words. */
export async function withAuthErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AuthError) throw new DeskError({ code: 'SignInFailed', message: error.message });
    throw error;
  }
}

/** The `session:*` handlers over the session service. */
export function registerSessionIpc({ session }: { session: SessionService }): SessionChannels {
  return {
    'session:state': async () => session.view(),
    'session:signIn': () => withAuthErrors(() => session.signIn()),
    'session:waitForSignIn': ({ attemptId }) => session.waitForSignIn(attemptId),
    'session:completeSignIn': (callback) => withAuthErrors(() => session.completeSignIn(callback)),
    'session:cancelSignIn': async ({ attemptId }) => session.cancelSignIn(attemptId),
    'session:signOut': () => session.signOut(),
  };
}
