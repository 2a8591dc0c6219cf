/**
 * Electron entry: lifecycle only. Everything else lives in main/electron (the shell) and
 * main/core (the services shared with the web shell).
 */
import path from 'node:path';
import { app, BrowserWindow } from 'electron';
import { startDeskRuntime, type DeskRuntime } from './core/runtime';
import { registerAppScheme, serveRenderer } from './electron/appProtocol';
import { createAuthWindowSignIn } from './electron/authWindow';
import { isAppUrl } from './electron/hardenWindow';
import { electronClipboard } from './electron/electronClipboard';
import { createMainWindow } from './electron/mainWindow';
import { registerIpc } from './electron/registerIpc';

let runtime: DeskRuntime | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => void runtime?.close());

  void app.whenReady().then(async () => {
    const root = app.getAppPath();
    runtime = await startDeskRuntime({ systemClipboard: electronClipboard });
    serveRenderer(path.join(root, 'out', 'renderer'));
    registerIpc(runtime.createDispatcher(isAppUrl));
    const mainWindow = createMainWindow(path.join(root, 'out', 'preload', 'index.cjs'));
    // Login pages open in the auth window, modal over the main window while it exists.
    runtime.session.useInteractiveSignIn(createAuthWindowSignIn(() => (mainWindow.isDestroyed() ? undefined : mainWindow)));
  });
}
