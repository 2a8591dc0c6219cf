/**
 * Every channel's handler: the endpoint channels' derived from the endpoint table, then each
 * feature's register file with the handlers that add behaviour (caches, secrets kept in main,
 * review state, session, settings, watchlists, prices), which take precedence. The compiler checks that every
 * channel of the contract has a handler.
 */
import type { DeskServices } from '../services';
import type { IpcHandlers } from './dispatcher';
import { endpointHandlers } from './endpointHandlers';
import { registerAppsIpc } from './registerAppsIpc';
import { registerCorporateActionsIpc } from './registerCorporateActionsIpc';
import { registerCorporateActionsLookupIpc } from './registerCorporateActionsLookupIpc';
import { registerCorporateActionsVersionsIpc } from './registerCorporateActionsVersionsIpc';
import { registerCorporateActionsViewIpc } from './registerCorporateActionsViewIpc';
import { registerInstrumentsIpc } from './registerInstrumentsIpc';
import { registerPricesIpc } from './registerPricesIpc';
import { registerReferenceIpc } from './registerReferenceIpc';
import { registerReviewReportIpc } from './registerReviewReportIpc';
import { registerSessionIpc } from './registerSessionIpc';
import { registerSettingsIpc } from './registerSettingsIpc';
import { registerSettingsPlaceIpc } from './registerSettingsPlaceIpc';
import { registerWatchlistsIpc } from './registerWatchlistsIpc';

/** Every channel's handler over the services the composition root built. */
export function createIpcHandlers(services: DeskServices): IpcHandlers {
  return {
    ...endpointHandlers(services.http),
    ...registerInstrumentsIpc(services),
    ...registerReferenceIpc(services),
    ...registerCorporateActionsIpc(services),
    ...registerCorporateActionsLookupIpc(services),
    ...registerCorporateActionsViewIpc(services),
    ...registerCorporateActionsVersionsIpc(services),
    ...registerReviewReportIpc(services),
    ...registerAppsIpc(services),
    ...registerSessionIpc(services),
    ...registerSettingsIpc(services),
    ...registerPricesIpc(services),
    ...registerSettingsPlaceIpc(services),
    ...registerWatchlistsIpc(services),
  };
}
