/**
 * The main RefDesk window.
 */
import { BrowserWindow } from 'electron';
import { APP_ORIGIN, hardenWindow, secureWebPreferences } from './hardenWindow';

export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: 'RefDesk',
    backgroundColor: '#101418',
    show: false,
    webPreferences: secureWebPreferences(preloadPath),
  });
  hardenWindow(window);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
