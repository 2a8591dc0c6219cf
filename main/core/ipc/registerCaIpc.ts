/**
 * Handlers of the `ca:*` channels (corporate action events).
 */
import type { DeskServices } from '../services';
import type { IpcHandlers } from './dispatcher';

type CorporateActionChannels = Pick<IpcHandlers, 'ca:events' | 'ca:event'>;

/** The `ca:*` handlers over the services' API client. */
export function registerCaIpc({ api }: DeskServices): CorporateActionChannels {
  return {
    'ca:events': (arg, { signal }) => api.corporateActionEvents(arg ?? {}, { signal }),
    'ca:event': (arg, { signal }) => api.corporateActionEvent(arg, { signal }),
  };
}
