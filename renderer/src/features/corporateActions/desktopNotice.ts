/**
 * Shows a desktop notification of the work queue: through main (Electron's Notification) where
 * the shell has one, else through the browser's Notification API once the user allowed it (the
 * web shell asks when the setting is turned on).
 */
import type { DesktopNotice } from '../../../../contract/corporateActions';
import { call } from '../../shared/desk';

/** Where a notice went: the desktop through main, the browser, or nowhere (not allowed, not supported). */
export type NoticeDelivery = 'desktop' | 'browser' | 'none';

export async function showDesktopNotice(notice: DesktopNotice): Promise<NoticeDelivery> {
  try {
    if ((await call('corporateActions:notify', notice)).shown) return 'desktop';
  } catch {
    // Main could not show it; the browser may.
  }
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return 'none';
  new Notification(notice.title, { body: notice.body });
  return 'browser';
}

/** Asks the browser for permission to notify (from the user's gesture in Settings); true when allowed or not needed. */
export async function allowBrowserNotices(): Promise<boolean> {
  if (typeof Notification === 'undefined') return true;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return (await Notification.requestPermission()) === 'granted';
}
