/**
 * Electron preload (sandboxed): exposes the named functions of the contract as
 * `window.desk`. Never exposes ipcRenderer itself.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildDesk } from './bridge';
import type { DeskResponse } from './contract';

contextBridge.exposeInMainWorld(
  'desk',
  buildDesk((channel, arg) => ipcRenderer.invoke(channel, arg) as Promise<DeskResponse<unknown>>),
);
