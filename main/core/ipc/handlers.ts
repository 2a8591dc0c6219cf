/**
 * Every channel's handler, assembled from the per-feature register files.
 */
import type { DeskServices } from '../services';
import type { IpcHandlers } from './dispatcher';
import { registerCorporateActionsIpc } from './registerCorporateActionsIpc';
import { registerProfilesIpc } from './registerProfilesIpc';
import { registerInstrumentsIpc } from './registerInstrumentsIpc';
import { registerAppsIpc } from './registerAppsIpc';
import { registerReviewIpc } from './registerReviewIpc';
import { registerSessionIpc } from './registerSessionIpc';
import { registerSettingsIpc } from './registerSettingsIpc';

/** Every channel's handler over the services the composition root built. */
export function createIpcHandlers(services: DeskServices): IpcHandlers {
  return {
    ...registerInstrumentsIpc(services),
    ...registerCorporateActionsIpc(services),
    ...registerSessionIpc(services),
    ...registerProfilesIpc(services),
    ...registerReviewIpc(services),
    ...registerSettingsIpc(services),
    ...registerAppsIpc(services),
  };
}
