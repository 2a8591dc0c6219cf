/**
 * The cache folder of generated universes: one SQLite file per generator version, scale, seed
 * and date. A new day or a new version generates a new file, so without pruning the folder of
 * a desktop install would grow by a universe (165 MB at default scale) every day it is used.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** The file name of one universe. */
export function universeFileName(version: number, scale: string, seed: number, day: string): string {
  return `universe-v${version}-${scale}-${seed}-${day}.sqlite`;
}

const UNIVERSE_FILE = /^universe-v(\d+)-([a-z]+)-(\d+)-(\d{4}-\d{2}-\d{2})\.sqlite(?:-wal|-shm)?$/;
const PARTIAL_FILE = /^universe-v\d+-.+\.sqlite\.partial-\d+-\d+$/;
/** A half-written universe this old was left by a process that died while generating. */
const ABANDONED_PARTIAL_MS = 24 * 3_600_000;

/**
 * Deletes the universes that will not be opened again: those of other generator versions, and
 * those of the same scale and seed for days before `day` (a later day is kept: a clock can be
 * pinned ahead). Files of other scales or seeds of this version are kept, and so is anything
 * that is not a universe. Returns the names deleted.
 */
export function pruneStaleUniverses(
  cacheDir: string,
  current: { version: number; scale: string; seed: number; day: string },
  nowMs = Date.now(),
): string[] {
  const deleted: string[] = [];
  for (const name of readdirSync(cacheDir)) {
    const match = UNIVERSE_FILE.exec(name);
    const stale = match
      ? Number(match[1]) !== current.version ||
        (match[2] === current.scale && Number(match[3]) === current.seed && match[4]! < current.day)
      : PARTIAL_FILE.test(name) && nowMs - statSync(path.join(cacheDir, name)).mtimeMs > ABANDONED_PARTIAL_MS;
    if (!stale) continue;
    // Another process may still have an old file open: on POSIX it keeps reading the deleted
    // inode; on Windows the delete fails and is tried again next start.
    try {
      rmSync(path.join(cacheDir, name), { force: true });
      deleted.push(name);
    } catch {
      // left for the next start
    }
  }
  return deleted;
}
