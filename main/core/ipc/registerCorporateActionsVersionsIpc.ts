/**
 * The event reads, keeping the version of each event read (corporateActions/eventVersions.ts),
 * and `corporateActions:changesSinceReviewed`, which compares the version reviewed with the
 * version now, field by field. The versions belong to the signed-in user of the active profile,
 * taken from main's session; a read while signed out is the service's business (it refuses).
 */
import { endpoints } from '../api/endpoints';
import type { HttpClient } from '../api/http';
import { changedTerms } from '../corporateActions/eventFields';
import type { EventVersions, VersionOwner } from '../corporateActions/eventVersions';
import type { IpcHandlers } from './dispatcher';
import { currentReviewer, type ReviewerSource } from './registerCorporateActionsIpc';

type VersionChannels = Pick<
  IpcHandlers,
  'corporateActions:events' | 'corporateActions:event' | 'corporateActions:changesSinceReviewed'
>;

/** The signed-in owner of versions, or undefined while nobody is signed in. */
function ownerOf(session: ReviewerSource): VersionOwner | undefined {
  const view = session.view();
  return view.signedIn && view.user ? { profileId: view.profile.id, userId: view.user.userId } : undefined;
}

/** The event reads that keep versions, and the comparison of versions. */
export function registerCorporateActionsVersionsIpc({
  http,
  session,
  eventVersions,
}: {
  http: HttpClient;
  session: ReviewerSource;
  eventVersions: EventVersions;
}): VersionChannels {
  return {
    'corporateActions:events': async (arg, { signal }) => {
      const feed = await endpoints['corporateActions:events'](http, arg, { signal });
      const owner = ownerOf(session);
      if (owner) eventVersions.keep(owner, feed.Data);
      return feed;
    },
    'corporateActions:event': async (arg, { signal }) => {
      const event = await endpoints['corporateActions:event'](http, arg, { signal });
      const owner = ownerOf(session);
      if (owner) eventVersions.keep(owner, [event]);
      return event;
    },
    'corporateActions:changesSinceReviewed': async ({ eventId, reviewedVersion, currentVersion }) => {
      const reviewer = currentReviewer(session);
      const owner = { profileId: reviewer.profileId, userId: reviewer.userId };
      const reviewed = eventVersions.terms(owner, eventId, reviewedVersion);
      if (!reviewed) return { missing: 'reviewed' as const };
      const current = eventVersions.terms(owner, eventId, currentVersion);
      if (!current) return { missing: 'current' as const };
      return { changes: changedTerms(reviewed, current) };
    },
  };
}
