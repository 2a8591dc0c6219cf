/**
 * The main RefDesk window.
 */
import { BrowserWindow } from 'electron';
import { APP_ORIGIN, hardenWindow } from './hardenWindow';

export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: 'RefDesk',
    backgroundColor: '#101418',
    show: false,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      // Middle-click would otherwise try to open links in new windows.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      preload: preloadPath,
    },
  });
  hardenWindow(window);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
