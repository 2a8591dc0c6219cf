/**
 * Connection profiles through the bridge. Secrets only ever go one way: an AppSecret typed in a
 * form is sent to main (which puts it in the keychain) and never comes back.
 */
import type { ProfileInput, ProfilesList, ProfileView, SessionView } from '../../../preload/contract';
import { desk, unwrap } from './desk';

/** Every profile, the active one, and any problem reading the profiles file. */
export function listProfiles(): Promise<ProfilesList> {
  return unwrap(desk().profiles.list());
}

/** Creates or updates a remote profile; refused input comes back as DeskCallError with `fields`. */
export function saveProfile(input: ProfileInput): Promise<ProfileView> {
  return unwrap(desk().profiles.save(input));
}

/** Deletes a remote profile (and its keychain entries). */
export function deleteProfile(id: string): Promise<ProfilesList> {
  return unwrap(desk().profiles.delete({ id }));
}

/** Makes a profile active; answers the session of that profile. */
export function chooseProfile(id: string): Promise<SessionView> {
  return unwrap(desk().profiles.choose({ id }));
}
