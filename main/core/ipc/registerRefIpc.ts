/**
 * Handlers of the `ref:*` channels.
 */
import { getCountries } from '../api/ref';
import type { DeskServices } from '../services';
import type { IpcHandlers } from './dispatcher';

type RefChannels = Pick<IpcHandlers, 'ref:countries'>;

export function registerRefIpc(services: DeskServices): RefChannels {
  return {
    'ref:countries': (_arg, { signal }) => getCountries(services.http, { signal }),
  };
}
