/**
 * Whose server state the renderer may hold: the signed-in user of the active profile. Every
 * store keeps only what this owner may see, and starts from nothing when it changes (a sign-out,
 * another user, another profile). A session that ended on its own (the token expired, or the
 * service refused it) keeps its owner: the screen stays for that user to sign in again.
 */
import type { SessionView } from '../../../../../contract/session';

/** The profile and user the stores' server state belongs to. */
export interface SessionOwner {
  profileId: string;
  /** Empty when the service did not say who signed in. */
  userId: string;
}

/** The owner once main describes the session as `view`, given the owner before. */
export function ownerAfter(previous: SessionOwner | undefined, view: SessionView): SessionOwner | undefined {
  if (view.signedIn) return { profileId: view.profile.id, userId: view.user?.userId ?? '' };
  if (view.signInNeeded && previous?.profileId === view.profile.id) return previous;
  return undefined;
}

/** One string per owner (undefined for none), for comparing and watching. */
export function ownerKey(owner: SessionOwner | undefined): string | undefined {
  return owner === undefined ? undefined : JSON.stringify([owner.profileId, owner.userId]);
}
