/**
 * Where a simulator keeps its identity (identityStore.ts), apart from it so an entry point can ask
 * whether one exists without loading SQLite and the JWT stack: only node:fs is loaded here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const IDENTITY_FILE_NAME = 'identity.sqlite';

/** True when `dataDir` holds an identity file (then no new signing key pair is needed). */
export function hasKeptIdentity(dataDir: string): boolean {
  return existsSync(path.join(dataDir, IDENTITY_FILE_NAME));
}
