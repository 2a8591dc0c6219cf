/**
 * Connection profiles through the bridge. Secrets only ever go one way: an AppSecret typed in a
 * form is sent to main (which puts it in the keychain) and never comes back.
 */
import type { ProfileInput, ProfilesList, ProfileView, SessionView } from '../../../contract/session';
import { call } from './desk';

/** Every profile, the active one, and any problem reading the profiles file. */
export function listProfiles(): Promise<ProfilesList> {
  return call('session:profiles');
}

/** Creates or updates a remote profile; refused input comes back as DeskCallError with `fields`. */
export function saveProfile(input: ProfileInput): Promise<ProfileView> {
  return call('session:saveProfile', input);
}

/** Deletes a remote profile (and its keychain entries). */
export function deleteProfile(id: string): Promise<ProfilesList> {
  return call('session:deleteProfile', { id });
}

/** Makes a profile active; answers the session of that profile. */
export function chooseProfile(id: string): Promise<SessionView> {
  return call('session:chooseProfile', { id });
}
