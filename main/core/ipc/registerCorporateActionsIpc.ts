/**
 * The `corporateActions:*` handlers beyond the derived event reads (endpointHandlers.ts): the
 * local back-office review state, audit log and saved views of the signed-in user of the active
 * profile. Who the reviewer is comes from main's session, never from the renderer; refused input
 * comes back with per-field messages, a damaged review file with what to do about it.
 */
import { ReviewStoreDamagedError } from '../corporateActions/reviewDatabase';
import { ReviewInputError } from '../corporateActions/reviewInput';
import type { Reviewer } from '../../../contract/corporateActions';
import type { ReviewStore } from '../corporateActions/reviewStore';
import { DeskError, type IpcHandlers } from './dispatcher';

type ReviewChannels = Pick<
  IpcHandlers,
  | 'corporateActions:reviewStatus'
  | 'corporateActions:reviewStates'
  | 'corporateActions:setRead'
  | 'corporateActions:setFlagged'
  | 'corporateActions:setReviewed'
  | 'corporateActions:setNote'
  | 'corporateActions:audit'
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

/** Runs a store operation as the current reviewer, turning refused input into the bridge's shape. */
function asReviewer<T>(session: ReviewerSource, run: (reviewer: Reviewer) => T): Promise<T> {
  const reviewer = currentReviewer(session);
  try {
    return Promise.resolve(run(reviewer));
  } catch (error) {
    if (error instanceof ReviewInputError) {
      throw new DeskError({ code: 'InvalidArgument', message: error.message, fields: error.fields });
    }
    if (error instanceof ReviewStoreDamagedError)
      throw new DeskError({ code: 'ReviewStoreDamaged', message: error.message });
    throw error;
  }
}

/** The review `corporateActions:*` handlers over the review store. */
export function registerCorporateActionsIpc({
  review,
  session,
}: {
  review: ReviewStore;
  session: ReviewerSource;
}): ReviewChannels {
  return {
    'corporateActions:reviewStatus': async () => {
      const view = session.view();
      return {
        ...(review.problem ? { problem: review.problem } : {}),
        ...(view.signedIn && view.user ? { reviewer: currentReviewer(session) } : {}),
      };
    },
    'corporateActions:reviewStates': (arg) => asReviewer(session, (reviewer) => review.states(reviewer, arg)),
    'corporateActions:setRead': (arg) => asReviewer(session, (reviewer) => review.setRead(reviewer, arg)),
    'corporateActions:setFlagged': (arg) =>
      asReviewer(session, (reviewer) => review.setFlagged(reviewer, arg)),
    'corporateActions:setReviewed': (arg) =>
      asReviewer(session, (reviewer) => review.setReviewed(reviewer, arg)),
    'corporateActions:setNote': (arg) => asReviewer(session, (reviewer) => review.setNote(reviewer, arg)),
    'corporateActions:audit': (arg) => asReviewer(session, (reviewer) => review.audit(reviewer, arg)),
    'corporateActions:views': () => asReviewer(session, (reviewer) => review.views.list(reviewer)),
    'corporateActions:saveView': (arg) => asReviewer(session, (reviewer) => review.views.save(reviewer, arg)),
    'corporateActions:deleteView': (arg) =>
      asReviewer(session, (reviewer) => review.views.delete(reviewer, arg)),
  };
}
