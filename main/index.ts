/**
 * Electron entry: lifecycle only. Everything else lives in main/electron (the shell) and
 * main/core (the services shared with the web shell).
 */
import path from 'node:path';
import { app, BrowserWindow } from 'electron';
import { startDesk, type Desk } from './app/desk';
import { startEarlyWork } from './app/startEarlyWork';
import { registerAppScheme, serveRenderer } from './electron/appProtocol';
import { createAuthWindowSignIn } from './electron/authWindow';
import { isAppUrl } from './electron/hardenWindow';
import { electronClipboard } from './electron/electronClipboard';
import { electronNotifier } from './electron/electronNotifier';
import { createElectronReportPrinter } from './electron/electronReportPrinter';
import { createMainWindow } from './electron/mainWindow';
import { registerIpc } from './electron/registerIpc';

let desk: Desk | undefined;
/** The longest a quit waits for the desk to close (a stop's deadline, as the web shell's). */
const QUIT_DEADLINE_MS = 15_000;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Started while Electron gets ready, so the two overlap.
  const earlyUniverseRoll = startEarlyWork();
  registerAppScheme();
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => app.quit());
  // Quitting waits for the desk to close its stores and, after a new day's start, to prepare the
  // next weekday's universe (universeAhead.ts, at most 8 s), the window already gone; a desk that
  // does not close within QUIT_DEADLINE_MS is left to the exit.
  let closing = false;
  app.on('will-quit', (event) => {
    if (!desk || closing) return;
    closing = true;
    event.preventDefault();
    const deadline = new Promise((resolve) => setTimeout(resolve, QUIT_DEADLINE_MS));
    void Promise.race([desk.close(), deadline])
      .catch(() => undefined)
      .finally(() => app.quit());
  });

  void app.whenReady().then(async () => {
    const root = app.getAppPath();
    // The report's save dialog is modal over the app's window (made below), never the auth window.
    const reportPrinter = createElectronReportPrinter(() =>
      BrowserWindow.getAllWindows().find((window) => !window.isDestroyed() && isAppUrl(window.webContents.getURL())),
    );
    desk = await startDesk({
      systemClipboard: electronClipboard,
      desktopNotifier: electronNotifier,
      reportPrinter,
      earlyUniverseRoll,
    });
    serveRenderer(path.join(root, 'out', 'renderer'));
    registerIpc(desk.createDispatcher(isAppUrl));
    const mainWindow = createMainWindow(path.join(root, 'out', 'preload', 'index.cjs'));
    // Login pages open in the auth window, modal over the main window while it exists.
    desk.services.session.useInteractiveSignIn(createAuthWindowSignIn(() => (mainWindow.isDestroyed() ? undefined : mainWindow)));
    desk.simulator.prepareForRequests();
  });
}
