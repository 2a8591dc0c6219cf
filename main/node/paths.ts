/**
 * Where the app's files are: the project (or unpacked app) root, found from this module's own
 * location so the same code works from sources (tsx), from the bundle in out/ and in tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above `fromUrl` whose package.json names this app. */
export function findAppRoot(fromUrl: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(fromUrl));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
      if (name === 'refdesk') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the RefDesk app root (package.json named "refdesk")');
    dir = parent;
  }
}

/** The built renderer (vite's output). */
export function rendererDir(root: string = findAppRoot()): string {
  return path.join(root, 'out', 'renderer');
}

/** The web preload bundle served to the browser as the bridge. */
export function webPreloadFile(root: string = findAppRoot()): string {
  return path.join(root, 'out', 'preload', 'web.js');
}

/**
 * The per-user data folder (profiles, review state, browser profile of the web shell).
 * `REFDESK_DATA_DIR` overrides it, which tests use to stay isolated.
 */
export function userDataDir(): string {
  if (process.env.REFDESK_DATA_DIR) return process.env.REFDESK_DATA_DIR;
  if (process.platform === 'win32') return path.join(process.env.APPDATA ?? homedir(), 'RefDesk');
  if (process.platform === 'darwin') return path.join(homedir(), 'Library', 'Application Support', 'RefDesk');
  return path.join(process.env.XDG_DATA_HOME ?? path.join(homedir(), '.local', 'share'), 'refdesk');
}

/** The simulator's own files (its kept identity, the demo app's certificate) unless told otherwise. */
export function simulatorDataDir(): string {
  return path.join(userDataDir(), 'simulator');
}

/**
 * The per-user cache folder. `REFDESK_CACHE_DIR` overrides it, as the standalone simulator's
 * `--cache-dir` does: both name this folder, and the universes go in its `simulator/` subfolder
 * (simulatorCacheDir), so the app and a standalone simulator given the same folder share them.
 */
export function userCacheDir(): string {
  if (process.env.REFDESK_CACHE_DIR) return process.env.REFDESK_CACHE_DIR;
  if (process.platform === 'win32') return path.join(process.env.LOCALAPPDATA ?? homedir(), 'RefDesk', 'Cache');
  if (process.platform === 'darwin') return path.join(homedir(), 'Library', 'Caches', 'RefDesk');
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'refdesk');
}

/** Where the embedded and standalone simulators keep their universes: `simulator/` of the cache folder. */
export function simulatorCacheDir(cacheDir: string = userCacheDir()): string {
  return path.join(cacheDir, 'simulator');
}
