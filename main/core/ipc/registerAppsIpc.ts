/**
 * Handlers of the `apps:*` channels (application directory).
 */
import type { DeskServices } from '../services';
import type { IpcHandlers } from './dispatcher';

type ApplicationChannels = Pick<IpcHandlers, 'apps:list' | 'apps:get'>;

/** The `apps:*` handlers over the services' API client. */
export function registerAppsIpc({ api }: DeskServices): ApplicationChannels {
  return {
    'apps:list': (arg, { signal }) => api.applications(arg ?? {}, { signal }),
    'apps:get': (arg, { signal }) => api.application(arg, { signal }),
  };
}
