import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** `npm run security`, as CI runs it (Electronegativity over main, preload and renderer; about 10 s). */
function runSecurityScan(): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, ['scripts/security-scan.mjs'], { encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('npm run security', () => {
  it('scans for the Electron version package.json pins, passes, and every allow-list entry is still needed (15.11)', () => {
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron;
    const { status, output } = runSecurityScan();
    expect(output).toContain(`assuming Electron ${pinned} (package.json)`);
    // Checks of APIs removed long ago (the remote module went in Electron 14) run only for the 0.1.0 it assumed before.
    expect(output).not.toContain('REMOTE_MODULE_JS_CHECK');
    expect(output).not.toContain('allow-list entry no longer needed');
    expect(output).toMatch(/Electronegativity: \d+ findings of medium severity or above, 0 not justified\./);
    expect(status, output).toBe(0);
  }, 150_000);
});
