/**
 * Finds the Electron binary without `require('electron')`: that call tries to download a
 * missing binary, which hangs or fails on machines without internet access.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the binary is, or why there is none, reading the electron package's own path.txt. */
export function locateElectronBinary(appRoot: string): { path: string } | { reason: string } {
  const packageDir = path.join(appRoot, 'node_modules', 'electron');
  const pathFile = path.join(packageDir, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  if (override) {
    const binary = path.join(override, executable ?? 'electron');
    return existsSync(binary)
      ? { path: binary }
      : { reason: `ELECTRON_OVERRIDE_DIST_PATH has no binary at ${binary}` };
  }
  if (!existsSync(packageDir)) return { reason: 'the electron package is not installed' };
  if (!executable) return { reason: 'the Electron binary was not downloaded at install time' };
  const binary = path.join(packageDir, 'dist', executable);
  return existsSync(binary) ? { path: binary } : { reason: `no binary at ${binary}` };
}
