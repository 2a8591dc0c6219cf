/**
 * Electron preload (sandboxed): exposes the named functions of the contract as
 * `window.desk`. Never exposes ipcRenderer itself: calls go through `invoke` on the listed
 * channels, cancellations on one send-only channel, and only the listed push events reach
 * the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildDesk } from './bridge';
import {
  CANCEL_CHANNEL,
  PUSH_CHANNEL,
  pushEventNames,
  type DeskResponse,
  type PushEventName,
} from './contract';

contextBridge.exposeInMainWorld(
  'desk',
  buildDesk({
    invoke: (channel, arg, requestId) =>
      ipcRenderer.invoke(channel, arg, requestId) as Promise<DeskResponse<unknown>>,
    cancel: (requestId) => ipcRenderer.send(CANCEL_CHANNEL, requestId),
    listen: (deliver) => {
      ipcRenderer.on(PUSH_CHANNEL, (_event, name: unknown, payload: unknown) => {
        if (pushEventNames.includes(name as PushEventName)) deliver(name as PushEventName, payload);
      });
    },
  }),
);
