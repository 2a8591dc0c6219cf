/**
 * The data folder's files as RefDesk keeps them: the folder readable by the user only (0700),
 * every file in it 0600, and every JSON file replaced atomically and durably. Writes to one file
 * run one after another in the order they were asked for, each to a temporary file of its own
 * that is flushed to disk before it is renamed over the old one (and the folder flushed after),
 * so neither concurrent saves nor a killed process nor a power cut leaves a half-written file or
 * loses a write that was acknowledged.
 */
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { POSIX, PRIVATE_FILE, PRIVATE_FOLDER, unreadableCopyName } from '../node/privateFiles';

// The synchronous helpers live beside the simulator's, which keeps an identity file of its own.
export { preparePrivateFileSync, preparePrivateFolderSync, unreadableCopyName } from '../node/privateFiles';

/**
 * Creates `dir` (and missing parents) readable by the user only, and tightens a folder an
 * earlier RefDesk (or another part of it) created readable by others.
 */
export async function preparePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
  if (POSIX && ((await stat(dir)).mode & 0o077) !== 0) await chmod(dir, PRIVATE_FOLDER);
}

/** The tail of the queue of writes to each file. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after every task queued earlier for `file` has settled, so read-modify-write
 * sequences on one file never interleave. Answers what `task` answers.
 */
export function inFileOrder<T>(file: string, task: () => Promise<T>): Promise<T> {
  const key = path.resolve(file);
  const run = (queues.get(key) ?? Promise.resolve()).then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/**
 * True for a temporary file of `file`'s writes (`<name>.<pid>[.<random>].tmp`) that no running
 * process is still writing: ours are finished when this runs, and another process's are left
 * alone while it lives.
 */
function isLeftoverOf(file: string, candidate: string): boolean {
  const name = path.basename(file);
  if (!candidate.startsWith(`${name}.`) || !candidate.endsWith('.tmp')) return false;
  const pid = Number(candidate.slice(name.length + 1).split('.')[0]);
  return !Number.isInteger(pid) || pid === process.pid || !isRunning(pid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Replaces `file` with `text`, atomically and durably, mode 0600: written to a temporary file
 * with a unique name, flushed, renamed over `file`, and the folder flushed so the rename itself
 * survives a power cut. Queued behind earlier writes to the same file.
 */
export function writeFileAtomically(file: string, text: string): Promise<void> {
  return inFileOrder(file, () => replaceFile(file, text));
}

/** The write itself, for callers already running in the file's order (see inFileOrder). */
export async function replaceFile(file: string, text: string): Promise<void> {
  const folder = path.dirname(file);
  await preparePrivateFolder(folder);
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', PRIVATE_FILE);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  if (POSIX && ((await stat(file)).mode & 0o077) !== 0) await chmod(file, PRIVATE_FILE);
  await syncFolder(folder);
}

/** Flushes a folder's entries (the rename) to disk; Windows cannot open folders for that. */
async function syncFolder(folder: string): Promise<void> {
  if (!POSIX) return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Removes the temporary files a write interrupted by a crash or a kill left next to `file`
 * (their content never became the file's: the file itself is intact), and tightens the file's
 * permissions if an earlier RefDesk left it readable by others. Run when RefDesk opens the file.
 */
export async function tidyDataFile(file: string): Promise<void> {
  await inFileOrder(file, async () => {
    let names: string[];
    try {
      names = await readdir(path.dirname(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      if (isLeftoverOf(file, name)) await rm(path.join(path.dirname(file), name), { force: true });
    }
    if (POSIX && names.includes(path.basename(file)) && ((await stat(file)).mode & 0o077) !== 0) {
      await chmod(file, PRIVATE_FILE);
    }
  });
}

/** Copies a file RefDesk cannot use aside (0600), before anything overwrites it; answers where. */
export async function keepUnreadableCopy(file: string, now: Date): Promise<string> {
  const backup = unreadableCopyName(file, now);
  await copyFile(file, backup);
  if (POSIX) await chmod(backup, PRIVATE_FILE);
  return backup;
}
