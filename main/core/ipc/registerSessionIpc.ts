/**
 * Handlers of the `session:*` channels: signing in and out, and the connection profiles. Every
 * answer is a SessionView, a sign-in outcome or a profile view: no handler ever returns a token
 * or a secret to the renderer. A profile the service refuses (a file that cannot be read, a
 * duplicate name) comes back with per-field messages for the form.
 */
import { AuthError } from '../session/authErrors';
import { ProfileError, type ProfileService } from '../session/profileService';
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
  | 'session:profiles'
  | 'session:saveProfile'
  | 'session:deleteProfile'
  | 'session:chooseProfile'
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

async function withProfileErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProfileError) {
      throw new DeskError({
        code: 'InvalidProfile',
        message: error.message,
        ...(Object.keys(error.fields).length ? { fields: error.fields } : {}),
      });
    }
    throw error;
  }
}

/**
 * The `session:*` handlers over the session and the profiles; choosing a profile goes through
 * the session, which restores that profile's sign-in.
 */
export function registerSessionIpc({
  session,
  profiles,
}: {
  session: SessionService;
  profiles: ProfileService;
}): SessionChannels {
  return {
    'session:state': async () => session.view(),
    'session:signIn': () => withAuthErrors(() => session.signIn()),
    'session:waitForSignIn': ({ attemptId }) => session.waitForSignIn(attemptId),
    'session:completeSignIn': (callback) => withAuthErrors(() => session.completeSignIn(callback)),
    'session:cancelSignIn': async ({ attemptId }) => session.cancelSignIn(attemptId),
    'session:signOut': () => session.signOut(),
    'session:profiles': () => profiles.list(),
    'session:saveProfile': (input) => withProfileErrors(() => profiles.save(input)),
    'session:deleteProfile': ({ id }) =>
      withProfileErrors(async () => {
        const wasActive = profiles.active().id === id;
        await profiles.delete(id);
        // The embedded profile took over: restore its session, if it has one.
        if (wasActive) await session.chooseProfile(profiles.active().id);
        return profiles.list();
      }),
    'session:chooseProfile': ({ id }) => withProfileErrors(() => session.chooseProfile(id)),
  };
}
