/**
 * The review stores over this computer's store alone, for tests of the local store through the
 * IPC handlers: the session is only who is signed in (no token: the team service is never used).
 */
import { PushEventBus } from '../../main/core/events';
import type { LocalReviewStore } from '../../main/core/corporateActions/review/localReviewStore';
import { ReviewStores } from '../../main/core/corporateActions/review/reviewStores';
import type { ReviewerSource } from '../../main/core/ipc/registerCorporateActionsIpc';

/** ReviewStores using `local` (Settings: "this computer"). */
export function localReviewStores(local: LocalReviewStore, session: ReviewerSource): ReviewStores {
  return new ReviewStores({
    local,
    initial: { store: 'local', teamUrls: [] },
    session: { view: () => session.view(), accessToken: () => undefined, reauthenticate: async () => false },
    events: new PushEventBus(),
  });
}
