/**
 * Files only the user may read, for every part that keeps some (the desk's data folder, the
 * simulator's identity): folders 0700, files 0600, created so before a library opens them, and
 * the name under which an unusable file is kept aside.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;
/** POSIX permissions mean nothing on Windows, where the profile folder's ACLs protect the data. */
export const POSIX = process.platform !== 'win32';

/**
 * Creates `dir` (and missing parents) readable by the user only, and tightens a folder an
 * earlier RefDesk (or another part of it) created readable by others. For code that opens files
 * synchronously (SQLite).
 */
export function preparePrivateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
  if (POSIX && (statSync(dir).mode & 0o077) !== 0) chmodSync(dir, PRIVATE_FOLDER);
}

/**
 * Makes sure `file` exists and is readable by the user only, before a library (SQLite) opens it:
 * SQLite gives its -wal and -shm files the database file's permissions.
 */
export function preparePrivateFileSync(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE));
  if (POSIX && (statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE);
}

/** The name under which an unusable file is kept aside: `<file>.unreadable-<time>`. */
export function unreadableCopyName(file: string, now: Date): string {
  return `${file}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
}
