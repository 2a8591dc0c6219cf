/**
 * The desktop's notification centre for the back office's queue: Electron's Notification in
 * main, so the page never needs the browser's permission prompt in the Electron shell.
 */
import { Notification } from 'electron';
import type { DesktopNotifier } from '../core/corporateActions/desktopNotices';

/** Electron's Notification behind the shell-agnostic interface of main/core. */
export const electronNotifier: DesktopNotifier = {
  show: (notice) => {
    if (!Notification.isSupported()) return false;
    new Notification({ title: notice.title, body: notice.body, silent: false }).show();
    return true;
  },
};
