/**
 * The `instruments:*` handlers that add behaviour to their endpoint: one instrument's details
 * come from main's LRU unless `refresh` (a chain's contracts and a watchlist are asked for again
 * and again). The other instrument channels only call the service and are derived from the
 * endpoint table (endpointHandlers.ts).
 */
import type { ServiceClient } from '../services';
import type { IpcHandlers } from './dispatcher';
import { cachedEndpoint } from './endpointHandlers';

/** The `instruments:*` handlers beyond the derived ones. */
export function registerInstrumentsIpc({
  http,
  caches,
}: ServiceClient): Pick<IpcHandlers, 'instruments:details'> {
  return {
    'instruments:details': cachedEndpoint(http, caches.details, 'instruments:details'),
  };
}
