/**
 * The event reads, keeping the version of each event read (corporateActions/eventVersions.ts),
 * and `corporateActions:changesSinceReviewed`, which compares the version reviewed with the
 * version now, field by field. On this computer both versions are the ones this desk read; in a
 * team the reviewed version is the event as the platform had it when it was reviewed, kept by
 * the team service with the review (so every desk, the approver's above all, can show what
 * changed, whoever reviewed it), and the version now is this desk's read (read again when this
 * desk has not). The versions belong to the signed-in user of the active profile, taken from
 * main's session; a read while signed out is the service's business (it refuses).
 */
import type { ChangesSinceReviewed } from '../../../contract/corporateActions';
import { endpoints } from '../api/endpoints';
import type { HttpClient } from '../api/http';
import { changedTerms, eventTerms } from '../corporateActions/eventFields';
import type { EventVersions, VersionOwner } from '../corporateActions/eventVersions';
import type { ReviewStores } from '../corporateActions/review/reviewStores';
import type { IpcHandlers } from './dispatcher';
import { currentReviewer, deskErrorOf, type ReviewerSource } from './registerCorporateActionsIpc';

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
  reviews,
}: {
  http: HttpClient;
  session: ReviewerSource;
  eventVersions: EventVersions;
  /** The review stores: in a team, the reviewed version comes from the team service. */
  reviews?: Pick<ReviewStores, 'teamStore'>;
}): VersionChannels {
  /** The terms now: as this desk read them, or read now (and kept) when it has not. */
  async function currentTerms(
    owner: VersionOwner,
    eventId: string,
    currentVersion: string,
    signal: AbortSignal,
  ) {
    const kept = eventVersions.terms(owner, eventId, currentVersion);
    if (kept) return kept;
    const event = await endpoints['corporateActions:event'](
      http,
      { EventId: eventId, IncludeSubAccounts: true },
      { signal },
    );
    eventVersions.keep(owner, [event]);
    return eventTerms(event);
  }

  /** The team's reviewed version against the version now, or undefined when the team kept none. */
  async function sinceTeamReview(
    owner: VersionOwner,
    eventId: string,
    currentVersion: string,
    signal: AbortSignal,
  ): Promise<ChangesSinceReviewed | undefined> {
    const team = reviews?.teamStore;
    if (!team) return undefined;
    let snapshot;
    try {
      snapshot = await team.reviewedEvent(eventId);
    } catch (error) {
      throw deskErrorOf(error);
    }
    if (!snapshot) return undefined;
    const reviewed = eventTerms(snapshot.Event);
    return { changes: changedTerms(reviewed, await currentTerms(owner, eventId, currentVersion, signal)) };
  }

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
    'corporateActions:changesSinceReviewed': async (
      { eventId, reviewedVersion, currentVersion },
      { signal },
    ) => {
      const reviewer = currentReviewer(session);
      const owner = { profileId: reviewer.profileId, userId: reviewer.userId };
      const team = await sinceTeamReview(owner, eventId, currentVersion, signal);
      if (team) return team;
      // On this computer (or a review the team service kept no version of): the versions this desk read.
      const reviewed = eventVersions.terms(owner, eventId, reviewedVersion);
      if (!reviewed) return { missing: 'reviewed' as const };
      const current = eventVersions.terms(owner, eventId, currentVersion);
      if (!current) return { missing: 'current' as const };
      return { changes: changedTerms(reviewed, current) };
    },
  };
}
