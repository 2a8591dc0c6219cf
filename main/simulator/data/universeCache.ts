/**
 * The cache folder of generated universes: one SQLite file per generator version, scale and
 * seed, holding the universe of one day (rolled in place to the next). A new generator version
 * generates a new file, so the files of older versions, and the one-file-per-day layout of
 * generator versions up to 5, are deleted once nothing will open them again.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** The file name of the universe of one generator version, scale and seed. */
export function universeFileName(version: number, scale: string, seed: number): string {
  return `universe-v${version}-${scale}-${seed}.sqlite`;
}

/** A universe file (or its WAL and shared-memory files), of this layout or the per-day one before it. */
const UNIVERSE_FILE = /^universe-v(\d+)-([a-z]+)-(\d+)(-\d{4}-\d{2}-\d{2})?\.sqlite(?:-wal|-shm)?$/;
/** A universe being generated, or its worker's database (`.lane`). */
const PARTIAL_FILE = /^universe-v\d+-.+\.sqlite\.partial-\d+-\d+(?:\.lane)?$/;
/** The second name of a universe a new one replaced (universeBuild.ts), left by a crash before its deletion. */
const REPLACED_FILE = /^universe-v\d+-.+\.sqlite\.partial-\d+-\d+\.replaced$/;
/** A half-written universe this old was left by a process that died while generating. */
const ABANDONED_PARTIAL_MS = 24 * 3_600_000;

/**
 * Deletes the universes that will not be opened again: those of other generator versions, those
 * in the per-day layout, half-written ones a day old, and replaced ones. Files of other scales
 * or seeds of this version are kept, and so is anything that is not a universe. Returns the
 * names deleted.
 */
export function pruneStaleUniverses(cacheDir: string, version: number, nowMs = Date.now()): string[] {
  const deleted: string[] = [];
  for (const name of readdirSync(cacheDir)) {
    const match = UNIVERSE_FILE.exec(name);
    // Nothing opens a replaced universe by this name (its readers hold the file itself).
    const stale = match
      ? Number(match[1]) !== version || match[4] !== undefined
      : REPLACED_FILE.test(name) ||
        (PARTIAL_FILE.test(name) &&
          nowMs - statSync(path.join(cacheDir, name)).mtimeMs > ABANDONED_PARTIAL_MS);
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
