/**
 * The cache folder of generated universes: one SQLite file per generator version, scale and
 * seed, holding the universe of one day (rolled in place to the next), and at times a second
 * one of a later generation: the next weekday's universe, prepared ahead from it
 * (universeAhead.ts). A start opens the generation that holds its day, else the newest, and the
 * generations older than the one opened are deleted. A name is never reused for another
 * content: a process still reading an older generation keeps its file, and SQLite's WAL and
 * shared-memory files, which go by the database's name, are never shared by two contents. A new
 * generator version generates a new file, so the files of older versions, and the
 * one-file-per-day layout of generator versions up to 5, are deleted once nothing will open
 * them again.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Bump when generated content changes, so stale caches are not reused. */
export const GENERATOR_VERSION = 9;

/**
 * The file name of the universe of one generator version, scale and seed; generations after
 * the first (0) are universes prepared ahead (universeAhead.ts).
 */
export function universeFileName(version: number, scale: string, seed: number, generation = 0): string {
  return `universe-v${version}-${scale}-${seed}${generation > 0 ? `.g${generation}` : ''}.sqlite`;
}

/**
 * A universe file (or its WAL and shared-memory files), of this layout (with its generation) or
 * the per-day one before it.
 */
const UNIVERSE_FILE =
  /^universe-v(\d+)-([a-z]+)-(\d+)(-\d{4}-\d{2}-\d{2})?(?:\.g(\d+))?\.sqlite(?:-wal|-shm)?$/;
/** A universe being generated or prepared ahead, or its worker's database (`.lane`), or a prepared one's journal. */
const PARTIAL_FILE = /^universe-v\d+-.+\.sqlite\.partial-\d+-\d+(?:\.lane|-wal|-shm|-journal)?$/;
/** The second name of a universe a new one replaced (universeBuild.ts), left by a crash before its deletion. */
const REPLACED_FILE = /^universe-v\d+-.+\.sqlite\.partial-\d+-\d+\.replaced$/;
/** A half-written universe this old was left by a process that died while generating. */
const ABANDONED_PARTIAL_MS = 24 * 3_600_000;

/**
 * Whether the process that writes a half-written universe (`….partial-<pid>-…`) still runs: one
 * that died (a kill, a quit that did not wait) left it to nobody. A process of another user, or
 * a pid taken again since, counts as alive: the file then waits out ABANDONED_PARTIAL_MS.
 */
function writerAlive(name: string): boolean {
  const pid = Number(/\.partial-(\d+)-/.exec(name)?.[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** When `file` was last written; `nowMs` when it is gone (another process finished with it meanwhile). */
function modifiedMs(file: string, nowMs: number): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return nowMs;
  }
}

/** One complete universe file of a version, scale and seed. */
export interface UniverseGeneration {
  generation: number;
  file: string;
}

/** The universe files of `version`, `scale` and `seed` in `cacheDir`, oldest generation first. */
export function universeGenerations(
  cacheDir: string,
  version: number,
  scale: string,
  seed: number,
): UniverseGeneration[] {
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return [];
  }
  const generations: UniverseGeneration[] = [];
  for (const name of names) {
    const match = UNIVERSE_FILE.exec(name);
    if (!match || !name.endsWith('.sqlite') || match[4] !== undefined) continue;
    if (Number(match[1]) !== version || match[2] !== scale || Number(match[3]) !== seed) continue;
    generations.push({ generation: Number(match[5] ?? 0), file: path.join(cacheDir, name) });
  }
  return generations.sort((a, b) => a.generation - b.generation);
}

/** The day (yyyy-mm-dd) a universe file holds, or undefined when it cannot be read. */
function universeDayOfFile(file: string): string | undefined {
  try {
    // Not read-only: a read-only connection that closes last leaves the WAL and shared-memory files behind.
    const db = new Database(file, { fileMustExist: true });
    try {
      return (
        (db.prepare("SELECT value FROM universe_meta WHERE key = 'as_of'").pluck().get() as
          string | undefined) ?? undefined
      );
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

/** The newest of `generations` whose file holds `day` already: a start on it rolls nothing. */
export function generationHolding(
  generations: readonly UniverseGeneration[],
  day: string,
): UniverseGeneration | undefined {
  return generations.findLast((candidate) => universeDayOfFile(candidate.file) === day);
}

/**
 * Deletes the generations of the universe of `scale` and `seed` older than `generation`, the one
 * a start opened: nothing opens them again (a start opens the newest, or one that holds its day).
 * Returns the names deleted.
 */
export function pruneOlderGenerations(
  cacheDir: string,
  version: number,
  opened: { scale: string; seed: number; generation: number },
): string[] {
  const deleted: string[] = [];
  for (const name of readdirSync(cacheDir)) {
    const match = UNIVERSE_FILE.exec(name);
    if (
      !match ||
      Number(match[1]) !== version ||
      match[2] !== opened.scale ||
      Number(match[3]) !== opened.seed
    )
      continue;
    if (match[4] !== undefined || Number(match[5] ?? 0) >= opened.generation) continue;
    if (removed(path.join(cacheDir, name))) deleted.push(name);
  }
  return deleted;
}

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
          (!writerAlive(name) ||
            nowMs - modifiedMs(path.join(cacheDir, name), nowMs) > ABANDONED_PARTIAL_MS));
    if (stale && removed(path.join(cacheDir, name))) deleted.push(name);
  }
  return deleted;
}

/**
 * Deletes a universe file. Another process may still have it open: on POSIX it keeps reading
 * the deleted inode; on Windows the delete fails and is tried again next start.
 */
function removed(file: string): boolean {
  try {
    rmSync(file, { force: true });
    return true;
  } catch {
    return false;
  }
}
