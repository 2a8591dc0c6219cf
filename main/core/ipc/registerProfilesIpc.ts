/**
 * Handlers of the profile `session:*` channels: arguments arrive validated by the contract's schemas;
 * a profile the service refuses (a file that cannot be read, a duplicate name) comes back with
 * per-field messages for the form.
 */
import type { SessionService } from '../session/sessionService';
import { ProfileError, type ProfileService } from '../session/profileService';
import { DeskError, type IpcHandlers } from './dispatcher';

type ProfilesChannels = Pick<IpcHandlers, 'session:profiles' | 'session:saveProfile' | 'session:deleteProfile' | 'session:chooseProfile'>;

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

/** The profile `session:*` handlers; choosing a profile goes through the session, which restores its sign-in. */
export function registerProfilesIpc({ profiles, session }: { profiles: ProfileService; session: SessionService }): ProfilesChannels {
  return {
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
