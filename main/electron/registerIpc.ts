/**
 * Wires every contract channel to ipcMain through the shared dispatcher, with the sender
 * described from Electron's own view of the frame (never from anything the renderer sends).
 */
import { ipcMain } from 'electron';
import { channelNames } from '../../preload/contract';
import type { IpcDispatch } from '../core/ipc/dispatcher';

export function registerIpc(dispatch: IpcDispatch): void {
  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      const frame = event.senderFrame;
      return dispatch(channel, arg, { url: frame?.url ?? '', isMainFrame: Boolean(frame && frame.parent === null) });
    });
  }
}
