/**
 * `npm start` builds only when the bundles are not those of the sources as they are now.
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNeeded, SIMULATOR_INPUTS } from '../../scripts/buildFreshness.mjs';

describe('whether npm start must build', () => {
  let root: string;
  const at = (relative: string, seconds: number) => {
    const file = path.join(root, relative);
    utimesSync(file, seconds, seconds);
  };
  const write = (relative: string, seconds: number) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), 'x');
    at(relative, seconds);
  };
  const check = () => buildNeeded(root, ['main', 'renderer', 'package.json'], 'out/build-stamp');

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'refdesk-start-'));
    write('main/app/desk.ts', 1000);
    write('renderer/src/App.vue', 1000);
    write('package.json', 1000);
    for (const folder of ['main/app', 'main', 'renderer/src', 'renderer']) at(folder, 1000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when no build has finished, and not again while nothing changed', () => {
    expect(check()).toBe('no finished build was found');
    write('out/build-stamp', 2000);
    expect(check()).toBeUndefined();
  });

  it('builds when a source file is newer than the last build, naming it', () => {
    write('out/build-stamp', 2000);
    at('renderer/src/App.vue', 3000);
    expect(check()).toBe(`${path.join('renderer', 'src', 'App.vue')} changed after the last build`);
  });

  it('builds when a source file was added or deleted (its folder changed)', () => {
    write('out/build-stamp', 2000);
    unlinkSync(path.join(root, 'main/app/desk.ts'));
    expect(check()).toMatch(/^main.app changed after the last build$/);
  });

  it("runs the simulator's bundle after a change of the renderer, not after one of the simulator's sources", () => {
    const simulator = () => buildNeeded(root, SIMULATOR_INPUTS, 'out/build-stamp');
    write('main/simulator/cli.ts', 1000);
    at('main/simulator', 1000);
    at('main', 1000);
    write('out/build-stamp', 2000);
    at('renderer/src/App.vue', 3000);
    expect(simulator()).toBeUndefined();
    at('main/simulator/cli.ts', 3000);
    expect(simulator()).toBe(`${path.join('main', 'simulator', 'cli.ts')} changed after the last build`);
  });
});
