/**
 * The system clipboard of the desktop app, for copying secrets from main (never from the page).
 */
import { clipboard } from 'electron';
import type { SystemClipboard } from '../core/apps/secretClipboard';

/** Electron's clipboard behind the shell-agnostic interface of main/core. */
export const electronClipboard: SystemClipboard = {
  readText: () => clipboard.readText(),
  writeText: (text) => clipboard.writeText(text),
};
