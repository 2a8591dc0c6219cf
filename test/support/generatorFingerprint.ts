/**
 * Fingerprint of the universe generator's sources: test runs never reuse a universe cached by
 * older generator code, even when GENERATOR_VERSION was not bumped during development.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function generatorFingerprint(): string {
  const hash = createHash('sha256');
  const roots = ['main/simulator/data', 'main/simulator/calendar'];
  const files = roots.flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
  for (const file of files.sort()) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}
