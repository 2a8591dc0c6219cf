/**
 * Every channel's handler, assembled from the per-domain register files.
 */
import type { DeskServices } from '../services';
import type { IpcHandlers } from './dispatcher';
import { registerRefIpc } from './registerRefIpc';

export function createIpcHandlers(services: DeskServices): IpcHandlers {
  return {
    ...registerRefIpc(services),
  };
}
