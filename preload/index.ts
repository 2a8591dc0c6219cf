/**
 * Electron preload (sandboxed): exposes `window.desk` built from the contract's channel names.
 * Never exposes ipcRenderer itself: calls go through `invoke` on the listed channels,
 * cancellations on one send-only channel, the heartbeat on one more, and only the listed push
 * events reach the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { CANCEL_CHANNEL, HEARTBEAT_CHANNEL, PUSH_CHANNEL, type DeskResponse } from '../contract/bridge';
import { buildDesk, isPushEventName } from './bridge';

contextBridge.exposeInMainWorld(
  'desk',
  buildDesk({
    invoke: (channel, arg, requestId) =>
      ipcRenderer.invoke(channel, arg, requestId) as Promise<DeskResponse<unknown>>,
    cancel: (requestId) => ipcRenderer.send(CANCEL_CHANNEL, requestId),
    heartbeat: () => ipcRenderer.invoke(HEARTBEAT_CHANNEL) as Promise<DeskResponse<true>>,
    listen: (deliver) => {
      ipcRenderer.on(PUSH_CHANNEL, (_event, name: unknown, payload: unknown) => {
        if (isPushEventName(name)) deliver(name, payload);
      });
    },
  }),
);
