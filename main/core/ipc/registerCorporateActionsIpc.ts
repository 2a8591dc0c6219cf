/**
 * The `corporateActions:*` handlers beyond the derived event reads (endpointHandlers.ts): the
 * back-office review state and audit log of the signed-in user of the active profile, in the
 * store chosen in Settings (this computer or the team service), and the saved views (always on
 * this computer). Who the reviewer is comes from main's session, never from the renderer;
 * refused input comes back with per-field messages, a stale change as a conflict naming who
 * changed what, an unreachable team service as "Team review unavailable", a damaged review
 * file with what to do about it.
 */
import { ReviewStoreDamagedError } from '../corporateActions/review/reviewDatabase';
import {
  ReviewConflictError,
  ReviewRefusedError,
  TeamReviewUnavailableError,
} from '../corporateActions/review/reviewErrors';
import { ReviewInputError } from '../corporateActions/review/reviewInput';
import type { ReviewStores } from '../corporateActions/review/reviewStores';
import type { Reviewer } from '../../../contract/corporateActions';
import { DeskError, type IpcHandlers } from './dispatcher';

type ReviewChannels = Pick<
  IpcHandlers,
  | 'corporateActions:reviewStatus'
  | 'corporateActions:reviewStates'
  | 'corporateActions:setRead'
  | 'corporateActions:setFlagged'
  | 'corporateActions:setReviewed'
  | 'corporateActions:addNote'
  | 'corporateActions:assign'
  | 'corporateActions:approve'
  | 'corporateActions:copyToTeam'
  | 'corporateActions:audit'
  | 'corporateActions:auditVerification'
  | 'corporateActions:views'
  | 'corporateActions:saveView'
  | 'corporateActions:deleteView'
>;

/** The part of the session the review channels read: who is signed in, with which profile. */
export interface ReviewerSource {
  view(): { signedIn: boolean; user?: { name: string; userId: string }; profile: { id: string } };
}

/** The reviewer of the current session, or a NotSignedIn error in words. */
export function currentReviewer(session: ReviewerSource): Reviewer {
  const view = session.view();
  if (!view.signedIn || !view.user) {
    throw new DeskError({
      code: 'NotSignedIn',
      message: 'Sign in to read and keep review state: it is kept per user.',
    });
  }
  return { profileId: view.profile.id, userId: view.user.userId, name: view.user.name };
}

/** A review store's refusal in the bridge's shape. */
export function deskErrorOf(error: unknown): unknown {
  if (error instanceof ReviewInputError)
    return new DeskError({ code: 'InvalidArgument', message: error.message, fields: error.fields });
  if (error instanceof ReviewConflictError)
    return new DeskError({
      code: 'ReviewConflict',
      message: error.message,
      status: 409,
      conflicts: error.conflicts,
    });
  if (error instanceof TeamReviewUnavailableError)
    return new DeskError({ code: 'TeamReviewUnavailable', message: error.message, status: 503 });
  if (error instanceof ReviewRefusedError) {
    return new DeskError({
      code: error.code,
      message: error.message,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.fields ? { fields: error.fields } : {}),
    });
  }
  if (error instanceof ReviewStoreDamagedError)
    return new DeskError({ code: 'ReviewStoreDamaged', message: error.message });
  return error;
}

/** Runs a store operation as the current reviewer, turning refusals into the bridge's shape. */
async function asReviewer<T>(
  session: ReviewerSource,
  run: (reviewer: Reviewer) => T | Promise<T>,
): Promise<T> {
  const reviewer = currentReviewer(session);
  try {
    return await run(reviewer);
  } catch (error) {
    throw deskErrorOf(error);
  }
}

/** The review `corporateActions:*` handlers over the review store in use. */
export function registerCorporateActionsIpc({
  reviews,
  session,
}: {
  reviews: ReviewStores;
  session: ReviewerSource;
}): ReviewChannels {
  const active = () => reviews.active;
  return {
    'corporateActions:reviewStatus': async () => {
      const view = session.view();
      const problem = reviews.local.problem;
      return {
        store: reviews.view(),
        ...(problem ? { problem } : {}),
        ...(view.signedIn && view.user ? { reviewer: currentReviewer(session) } : {}),
      };
    },
    'corporateActions:reviewStates': (arg) =>
      asReviewer(session, (reviewer) => active().states(reviewer, arg)),
    'corporateActions:setRead': (arg) => asReviewer(session, (reviewer) => active().setRead(reviewer, arg)),
    'corporateActions:setFlagged': (arg) =>
      asReviewer(session, (reviewer) => active().setFlagged(reviewer, arg)),
    'corporateActions:setReviewed': (arg) =>
      asReviewer(session, (reviewer) => active().setReviewed(reviewer, arg)),
    'corporateActions:addNote': (arg) => asReviewer(session, (reviewer) => active().addNote(reviewer, arg)),
    'corporateActions:assign': (arg) => asReviewer(session, (reviewer) => active().assign(reviewer, arg)),
    'corporateActions:approve': (arg) => asReviewer(session, (reviewer) => active().approve(reviewer, arg)),
    'corporateActions:copyToTeam': () => asReviewer(session, (reviewer) => reviews.copyToTeam(reviewer)),
    'corporateActions:audit': (arg) => asReviewer(session, (reviewer) => active().audit(reviewer, arg)),
    'corporateActions:auditVerification': () =>
      asReviewer(session, (reviewer) => active().auditVerification(reviewer)),
    'corporateActions:views': () => asReviewer(session, (reviewer) => reviews.local.views.list(reviewer)),
    'corporateActions:saveView': (arg) =>
      asReviewer(session, (reviewer) => reviews.local.views.save(reviewer, arg)),
    'corporateActions:deleteView': (arg) =>
      asReviewer(session, (reviewer) => reviews.local.views.delete(reviewer, arg)),
  };
}
