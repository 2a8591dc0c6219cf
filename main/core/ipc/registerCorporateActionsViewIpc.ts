/**
 * The inbox's chosen saved view, kept across restarts per profile and signed-in user in
 * settings.json (a choice of the desk, not review state: it stays on this computer whichever
 * review store is used). Who the user is comes from main's session, never from the renderer.
 */
import type { SettingsService } from '../settings/settingsService';
import type { IpcHandlers } from './dispatcher';
import { currentReviewer, type ReviewerSource } from './registerCorporateActionsIpc';

type ViewChannels = Pick<IpcHandlers, 'corporateActions:activeView' | 'corporateActions:chooseView'>;

/** The `corporateActions:activeView` and `corporateActions:chooseView` handlers. */
export function registerCorporateActionsViewIpc({
  session,
  settings,
}: {
  session: ReviewerSource;
  settings: SettingsService;
}): ViewChannels {
  const owner = () => {
    const reviewer = currentReviewer(session);
    return `${reviewer.profileId}|${reviewer.userId}`;
  };
  const answer = (name: string | undefined) => (name === undefined ? {} : { name });
  return {
    'corporateActions:activeView': async () => answer(settings.activeInboxView(owner())),
    'corporateActions:chooseView': async ({ name }) => {
      const key = owner();
      await settings.chooseInboxView(key, name ?? undefined);
      return answer(settings.activeInboxView(key));
    },
  };
}
