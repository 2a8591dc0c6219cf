/**
 * Every channel's handler, assembled from the per-domain register files.
 */
import type { SessionService } from '../auth/sessionService';
import type { BackOfficeServices } from '../backOfficeServices';
import type { ProfileService } from '../profiles/profileService';
import type { DeskServices } from '../services';
import type { IpcHandlers } from './dispatcher';
import { registerAppsIpc } from './registerAppsIpc';
import { registerCaIpc } from './registerCaIpc';
import { registerProfilesIpc } from './registerProfilesIpc';
import { registerRefIpc } from './registerRefIpc';
import { registerRegistryIpc } from './registerRegistryIpc';
import { registerReviewIpc } from './registerReviewIpc';
import { registerSessionIpc } from './registerSessionIpc';
import { registerSettingsIpc } from './registerSettingsIpc';

/** The signed-in session and the connection profiles, behind the `session:*` and `profiles:*` channels. */
export interface SessionServices {
  session: SessionService;
  profiles: ProfileService;
}

export function createIpcHandlers(services: DeskServices & SessionServices & BackOfficeServices): IpcHandlers {
  return {
    ...registerRefIpc(services),
    ...registerCaIpc(services),
    ...registerAppsIpc(services),
    ...registerSessionIpc(services),
    ...registerProfilesIpc(services),
    ...registerReviewIpc(services),
    ...registerSettingsIpc(services),
    ...registerRegistryIpc(services),
  };
}
