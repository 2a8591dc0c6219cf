/**
 * Runs a CommonJS bundle through V8's code cache: the bundle is compiled with `vm.Script` and the
 * cached data of an earlier start, so V8 skips parsing and compiling the functions that start
 * already ran (3.4 MB of bundled code, about 0.1 s of every start: docs/architecture.md). Node 20
 * has no `module.enableCompileCache` (Node 22) and no code cache for ES modules, hence the
 * CommonJS build beside the ESM one (scripts/build-node.mjs).
 *
 * The cache file is named after the bundle's hash (written by the build), V8's version and the
 * CPU architecture, so a rebuilt bundle or another Node never reads a cache made for other code;
 * V8 checks the source's length and its own flags too, and a cache it rejects is written afresh.
 * It is written a moment after the program says it has started (`markStarted`: the READY line), holding
 * every function the start compiled, or when the thread exits before that (the workers), and only
 * when the start had no usable cache. Writes go to a temporary file renamed into place, so a
 * concurrent start or a kill -9 never leaves half a cache (a torn one would be rejected anyway).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';

/** What a start found in the cache. */
export type CodeCacheOutcome = 'used' | 'missing' | 'rejected';

export interface CodeCacheRun {
  /** The CommonJS bundle's absolute path. */
  bundle: string;
  /** The bundle's content hash, written beside it by the build. */
  hash: string;
  /** The folder of cache files (beside the build, emptied by each build). */
  cacheDir: string;
}

/** Emitted on `process` when the program has started (the event's name is shared by symbol, across bundles). */
const STARTED = Symbol.for('refdesk.started');

/** How long after the start the cache is made (it takes some tens of ms of the thread). */
const SAVE_AFTER_START_MS = 1000;

/** Says the program has started, so a code cache made now covers the start. */
export function markStarted(): void {
  (process as NodeJS.EventEmitter).emit(STARTED);
}

/** The cache file of one bundle build on this V8 and architecture. */
export function codeCacheFile(run: CodeCacheRun): string {
  const name = `${path.basename(run.bundle)}-${run.hash.slice(0, 16)}-v8-${process.versions.v8}-${process.arch}.cache`;
  return path.join(run.cacheDir, name);
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch {
    // A read-only install (a packaged app) starts without a cache, as it did before one existed.
    rmSync(temporary, { force: true });
  }
}

/** Loads and runs the bundle as Node's CommonJS loader would, compiled with the cache when there is one. */
export function runWithCodeCache(run: CodeCacheRun): CodeCacheOutcome {
  const file = codeCacheFile(run);
  const cachedData = readCache(file);
  const source = readFileSync(run.bundle, 'utf8');
  const script = new Script(Module.wrap(source), { filename: run.bundle, cachedData });
  const outcome: CodeCacheOutcome = cachedData === undefined ? 'missing' : script.cachedDataRejected ? 'rejected' : 'used';
  if (outcome !== 'used') {
    let written = false;
    const save = () => {
      if (written) return;
      written = true;
      writeCache(file, script.createCachedData());
    };
    // A moment after the READY line, so the page's first calls are answered first.
    process.once(STARTED, () => setTimeout(save, SAVE_AFTER_START_MS).unref());
    process.once('exit', save);
  }
  const module = { exports: {} };
  const compiled = script.runInThisContext() as (...args: unknown[]) => void;
  compiled.call(module.exports, module.exports, createRequire(run.bundle), module, run.bundle, path.dirname(run.bundle));
  return outcome;
}
