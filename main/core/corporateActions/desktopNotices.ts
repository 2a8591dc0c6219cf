/**
 * Desktop notifications of the back office's queue (a new or changed event of the user's
 * accounts, an unreviewed deadline within a day), shown by the shell that can: the Electron
 * shell through Electron's Notification; the web shell has none in main, and the page uses the
 * browser's Notification API instead. Only a title and a line of text cross: no event data
 * beyond what the user sees in the list.
 */
import type { DesktopNotice } from '../../../contract/corporateActions';

/** The shell's notification centre. */
export interface DesktopNotifier {
  /** Shows one notification; false when the system cannot show it (unsupported, denied). */
  show(notice: DesktopNotice): boolean;
}

/** Shows `notice` through `notifier` when the shell has one; says whether it was shown. */
export function showDesktopNotice(notifier: DesktopNotifier | undefined, notice: DesktopNotice): { shown: boolean } {
  if (!notifier) return { shown: false };
  try {
    return { shown: notifier.show(notice) };
  } catch {
    return { shown: false };
  }
}
