/**
 * The one guard applied to every window: no new windows, no navigation away from the app, no
 * webviews, no permission grants, and https links opened in the user's browser instead.
 *
 * The webPreferences themselves are written out as literals where each window is created (so
 * Electronegativity can verify them statically); test/electron checks every window's options.
 */
import { shell, type BrowserWindow } from 'electron';

/** The app's own origin in Electron (a privileged standard scheme, see appProtocol.ts). */
export const APP_ORIGIN = 'app://refdesk';

/** True for URLs of the app's own renderer. */
export function isAppUrl(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
}

/** Applies the guards to a window; `allowNavigation` decides which in-window navigations may proceed. */
export function hardenWindow(window: BrowserWindow, allowNavigation: (url: string) => boolean = isAppUrl): void {
  const contents = window.webContents;
  contents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!allowNavigation(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  contents.session.setPermissionCheckHandler(() => false);
}
