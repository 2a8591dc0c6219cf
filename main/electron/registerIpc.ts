/**
 * Wires every contract channel to ipcMain through the shared dispatcher, with the sender
 * described from Electron's own view of the frame (never from anything the renderer sends);
 * carries `desk.cancel(requestId)` to the call it names; answers the renderer's heartbeat;
 * forwards push events to the app's own windows only.
 */
import { BrowserWindow, ipcMain, type WebContents } from 'electron';
import { CANCEL_CHANNEL, HEARTBEAT_CHANNEL, PUSH_CHANNEL, type DeskResponse } from '../../contract/bridge';
import { channelNames } from '../../contract/channelNames';
import type { IpcDispatch, IpcSender } from '../core/ipc/dispatcher';
import { PendingCalls } from '../core/ipc/pendingCalls';

function senderOf(event: Electron.IpcMainEvent | Electron.IpcMainInvokeEvent): IpcSender {
  const frame = event.senderFrame;
  return { url: frame?.url ?? '', isMainFrame: Boolean(frame && frame.parent === null) };
}

/** Registers the handlers; returns a function that removes them (and stops forwarding events). */
export function registerIpc(dispatch: IpcDispatch): () => void {
  const pending = new PendingCalls();
  const watched = new WeakSet<WebContents>();

  /** A closed or reloaded window's calls are abandoned: stop their work in main. */
  const watch = (contents: WebContents) => {
    if (watched.has(contents)) return;
    watched.add(contents);
    const id = contents.id;
    contents.once('destroyed', () => pending.cancelAll(id));
    // A reload replaces the page; an in-place navigation (the router) does not.
    contents.on('did-start-navigation', (_event, _url, isInPlace, isMainFrame) => {
      if (isMainFrame && !isInPlace) pending.cancelAll(id);
    });
  };

  for (const channel of channelNames) {
    ipcMain.handle(channel, async (event, arg: unknown, requestId: unknown) => {
      watch(event.sender);
      const call = pending.begin(event.sender.id, requestId);
      try {
        return await dispatch(channel, arg, senderOf(event), call.signal);
      } finally {
        call.end();
      }
    });
  }

  const onCancel = (event: Electron.IpcMainEvent, requestId: unknown) => {
    const sender = senderOf(event);
    if (sender.isMainFrame && dispatch.isTrustedSender(sender.url))
      pending.cancel(event.sender.id, requestId);
  };
  ipcMain.on(CANCEL_CHANNEL, onCancel);

  // Answered at once: the renderer's heartbeat only asks whether main's event loop runs.
  ipcMain.handle(HEARTBEAT_CHANNEL, (event): DeskResponse<true> => {
    const sender = senderOf(event);
    return sender.isMainFrame && dispatch.isTrustedSender(sender.url)
      ? { ok: true, result: true }
      : { ok: false, error: { code: 'ForbiddenSender', message: 'Calls are accepted only from the RefDesk window.' } };
  });

  const unsubscribe = dispatch.events?.subscribe((name, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      const contents = window.webContents;
      // The auth window shows the login page of the service: it never receives app events.
      if (!contents.isDestroyed() && dispatch.isTrustedSender(contents.getURL()))
        contents.send(PUSH_CHANNEL, name, payload);
    }
  });

  return () => {
    for (const channel of channelNames) ipcMain.removeHandler(channel);
    ipcMain.off(CANCEL_CHANNEL, onCancel);
    ipcMain.removeHandler(HEARTBEAT_CHANNEL);
    unsubscribe?.();
  };
}
