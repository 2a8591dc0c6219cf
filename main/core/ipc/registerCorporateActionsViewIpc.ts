/**
 * The inbox's chosen saved view, kept across restarts per profile and signed-in user in
 * settings.json (a choice of the desk, not review state: it stays on this computer whichever
 * review store is used), and the queue's desktop notifications, shown by the shell's notifier.
 * Who the user is comes from main's session, never from the renderer.
 */
import { showDesktopNotice, type DesktopNotifier } from '../corporateActions/desktopNotices';
import type { SettingsService } from '../settings/settingsService';
import type { IpcHandlers } from './dispatcher';
import { currentReviewer, type ReviewerSource } from './registerCorporateActionsIpc';

type ViewChannels = Pick<
  IpcHandlers,
  'corporateActions:activeView' | 'corporateActions:chooseView' | 'corporateActions:notify'
>;

/** The `corporateActions:activeView`, `corporateActions:chooseView` and `corporateActions:notify` handlers. */
export function registerCorporateActionsViewIpc({
  session,
  settings,
  desktopNotifier,
}: {
  session: ReviewerSource;
  settings: SettingsService;
  /** The Electron shell's notifications; absent in the web shell. */
  desktopNotifier?: DesktopNotifier | undefined;
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
    // Only while notifications are on in Settings: a page cannot show them behind the user's back.
    'corporateActions:notify': async (notice) =>
      settings.workQueue.notifications ? showDesktopNotice(desktopNotifier, notice) : { shown: false },
  };
}
