/**
 * `corporateActions:lookupData`: the codes and names the event filters offer (event types, asset
 * types, states, statuses…). They change as rarely as the reference lists, so main keeps them in
 * the same cache, per profile and user, and `refresh` reads them again.
 */
import type { ServiceClient } from '../services';
import type { IpcHandlers } from './dispatcher';
import { cachedEndpoint } from './endpointHandlers';

/** The cached `corporateActions:lookupData` handler. */
export function registerCorporateActionsLookupIpc({
  http,
  caches,
}: ServiceClient): Pick<IpcHandlers, 'corporateActions:lookupData'> {
  return { 'corporateActions:lookupData': cachedEndpoint(http, caches.reference, 'corporateActions:lookupData') };
}
