/**
 * Electron entry: lifecycle only. Everything else lives in main/electron (the shell) and
 * main/core (the services shared with the web shell).
 */
import path from 'node:path';
import { app, BrowserWindow } from 'electron';
import { startDeskRuntime, type DeskRuntime } from './core/runtime';
import { registerAppScheme, serveRenderer } from './electron/appProtocol';
import { isAppUrl } from './electron/hardenWindow';
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
    runtime = await startDeskRuntime();
    serveRenderer(path.join(root, 'out', 'renderer'));
    registerIpc(runtime.createDispatcher(isAppUrl));
    createMainWindow(path.join(root, 'out', 'preload', 'index.cjs'));
  });
}
