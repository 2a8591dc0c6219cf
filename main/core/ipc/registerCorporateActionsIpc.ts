/**
 * Handlers of the `corporateActions:*` channels that read events.
 */
import type { ServiceClient } from '../services';
import type { IpcHandlers } from './dispatcher';

type CorporateActionChannels = Pick<IpcHandlers, 'corporateActions:events' | 'corporateActions:event'>;

/** The event-reading `corporateActions:*` handlers over the services' API client. */
export function registerCorporateActionsIpc({ api }: ServiceClient): CorporateActionChannels {
  return {
    'corporateActions:events': (arg, { signal }) => api.corporateActionEvents(arg ?? {}, { signal }),
    'corporateActions:event': (arg, { signal }) => api.corporateActionEvent(arg, { signal }),
  };
}
