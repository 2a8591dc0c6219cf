/**
 * The code cache of the CommonJS builds (main/node/codeCache.ts, out/node; `npm run build` first):
 * a start writes it, the next start uses it, a changed bundle never runs the old bundle's cache,
 * and a cache V8 refuses is ignored and written afresh. Each start is a Node process of its own,
 * driven through the built loader as `npm start` drives it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { startReadyProcess } from '../support/simulatorProcess';
import { TEST_CACHE_DIR } from '../support/testSimulator';

const BUILT_LOADER = path.resolve('out/node/codeCache.cjs');

interface Start {
  outcome: string;
  printed: string;
}

/** A bundle whose functions run at start, printing `answer`; it says it started when asked to. */
function bundleSource(answer: string, started: 'exit' | 'startedThenKilled'): string {
  const functions = Array.from({ length: 200 }, (_, i) => `function part${i}(x) { return [x, ${i}].join('-').length; }`).join('\n');
  const callAll = Array.from({ length: 200 }, (_, i) => `part${i}('${answer}')`).join(' + ');
  const end =
    started === 'exit'
      ? ''
      : // As the READY line does; then killed -9, so no exit handler can write the cache.
        "process.emit(Symbol.for('refdesk.started')); setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1500);";
  return `${functions}\nconst total = ${callAll};\nprocess.stdout.write(JSON.stringify({ answer: '${answer}', total }) + '\\n');\n${end}\n`;
}

/** One start of the bundle in `folder` through the built loader: what the loader found and what the bundle printed. */
function start(folder: string, hash: string): Start {
  const run = { bundle: path.join(folder, 'program.bundle.cjs'), hash, cacheDir: path.join(folder, 'code-cache') };
  const driver = `const outcome = require(${JSON.stringify(BUILT_LOADER)}).runWithCodeCache(${JSON.stringify(run)}); process.stderr.write(outcome);`;
  const result = spawnSync(process.execPath, ['-e', driver], { encoding: 'utf8' });
  return { outcome: result.stderr, printed: result.stdout };
}

function cacheFiles(folder: string): string[] {
  try {
    return readdirSync(path.join(folder, 'code-cache')).filter((name) => name.endsWith('.cache'));
  } catch {
    return [];
  }
}

describe('the code cache of the built programs', () => {
  it('is written by a first start, used by the next, and never serves a changed bundle', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'refdesk-code-cache-'));
    writeFileSync(path.join(folder, 'program.bundle.cjs'), bundleSource('first', 'exit'));
    expect(cacheFiles(folder)).toEqual([]);

    const first = start(folder, 'a'.repeat(64));
    expect(first.printed).toContain('"answer":"first"');
    expect(cacheFiles(folder)).toHaveLength(1);
    const second = start(folder, 'a'.repeat(64));
    expect(second.outcome).toBe('used');
    expect(second.printed).toBe(first.printed);

    // A rebuild: same length, other code, another hash. The old cache is not read for it.
    writeFileSync(path.join(folder, 'program.bundle.cjs'), bundleSource('other', 'exit'));
    const rebuilt = start(folder, 'b'.repeat(64));
    expect(rebuilt.outcome).toBe('missing');
    expect(rebuilt.printed).toContain('"answer":"other"');
    expect(start(folder, 'b'.repeat(64)).outcome).toBe('used');
    expect(cacheFiles(folder)).toHaveLength(2);
  });

  it('ignores a cache V8 refuses, runs the bundle anyway, and writes the cache afresh', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'refdesk-code-cache-'));
    writeFileSync(path.join(folder, 'program.bundle.cjs'), bundleSource('kept', 'exit'));
    start(folder, 'c'.repeat(64));
    const [name] = cacheFiles(folder);
    const file = path.join(folder, 'code-cache', name ?? '');
    writeFileSync(file, Buffer.alloc(statSync(file).size, 7));

    const refused = start(folder, 'c'.repeat(64));
    expect(refused.outcome).toBe('rejected');
    expect(refused.printed).toContain('"answer":"kept"');
    expect(readFileSync(file).every((byte) => byte === 7)).toBe(false);
    expect(start(folder, 'c'.repeat(64)).outcome).toBe('used');
  });

  it('is written once the program says it started, so a later kill -9 keeps it', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'refdesk-code-cache-'));
    writeFileSync(path.join(folder, 'program.bundle.cjs'), bundleSource('started', 'startedThenKilled'));
    const first = start(folder, 'd'.repeat(64));
    expect(first.outcome).toBe('missing');
    expect(cacheFiles(folder)).toHaveLength(1);
    expect(start(folder, 'd'.repeat(64)).outcome).toBe('used');
  });

  /** The built program's cache file, named after the hash its loader in out/node gives. */
  function builtCacheFile(program: string): string | undefined {
    const hash = /hash: '([0-9a-f]{64})'/.exec(readFileSync(`out/node/${program}.cjs`, 'utf8'))?.[1];
    expect(hash).toBeDefined();
    const name = readdirSync('out/node/code-cache').find((entry) => entry.startsWith(`${program}.bundle.cjs-${hash?.slice(0, 16)}-`));
    return name === undefined ? undefined : path.join('out/node/code-cache', name);
  }

  /** Two starts of a built program: the first leaves its cache, the second uses it (not rewritten). */
  async function expectCacheWrittenThenUsed(program: string, startAndStop: () => Promise<void>): Promise<void> {
    await startAndStop();
    const written = builtCacheFile(program);
    expect(written, `no code cache of out/node/${program}.bundle.cjs after a start`).toBeDefined();
    const writtenAt = statSync(written ?? '').mtimeMs;
    await startAndStop();
    expect(statSync(written ?? '').mtimeMs).toBe(writtenAt);
  }

  it('serves `npm run simulator`: its first start writes the cache, the next uses it', async () => {
    await expectCacheWrittenThenUsed('simulator', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-code-cache-simulator-'));
      const args = ['scripts/simulator.mjs', '--port', '0', '--scale', 'small', '--cache-dir', TEST_CACHE_DIR, '--data-dir', dataDir];
      const simulator = await startReadyProcess<{ baseUrl: string }>(process.execPath, args, { timeoutMs: 90_000 });
      expect(simulator.ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openapi$/);
      expect(await simulator.stop(), simulator.stderr()).toBe(0);
    });
  }, 200_000);

  it('serves `npm start -- --web`: its first start writes the cache, the next uses it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-code-cache-shell-'));
    const simulator = { ...DEFAULT_SETTINGS.simulator, scale: 'small' as const };
    writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, simulator }));
    await expectCacheWrittenThenUsed('launcher', async () => {
      const shell = await startReadyProcess<{ url: string }>(process.execPath, ['scripts/start.mjs', '--web', '--no-open'], {
        env: { REFDESK_DATA_DIR: dataDir, REFDESK_CACHE_DIR: TEST_CACHE_DIR },
        timeoutMs: 90_000,
      });
      expect(shell.ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/launch\?key=/);
      expect(await shell.stop(), shell.stderr()).toBe(0);
    });
  }, 200_000);
});
