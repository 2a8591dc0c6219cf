import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The rules that say an import crosses a boundary: on the resolved file, or on the specifier's text and kind. */
const boundaryRules = new Set(['import-x/no-restricted-paths', 'no-restricted-imports']);

/** Lints a snippet as if it lived at `filePath`, returning the rule ids that fired. */
async function rulesFiredFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'fatal');
}

/**
 * True when `code` at `filePath` breaks a boundary. Folder boundaries are checked on the file an
 * import resolves to, so a relative import must name a file that exists: one that does not resolve
 * would prove nothing, and fails the test instead.
 */
async function refusedCode(filePath: string, code: string): Promise<boolean> {
  const fired = await rulesFiredFor(filePath, code);
  if (fired.includes('import-x/no-unresolved'))
    throw new Error(`an import in ${JSON.stringify(code)} from ${filePath} resolves to no file`);
  return fired.some((rule) => boundaryRules.has(rule));
}

/** True when importing `specifier` (as a value, or as a type) from `filePath` breaks a boundary. */
function refused(filePath: string, specifier: string, kind: 'value' | 'type' = 'value'): Promise<boolean> {
  return refusedCode(
    filePath,
    kind === 'type'
      ? `import type { X } from '${specifier}';\nexport type Y = X;\n`
      : `import { x } from '${specifier}';\nexport const y = x;\n`,
  );
}

describe('the house boundaries (docs/architecture.md) are enforced by lint', () => {
  it('keeps the contract to zod and itself', async () => {
    expect(await refused('contract/channels.ts', 'zod')).toBe(false);
    expect(await refused('contract/channels.ts', './wire/types')).toBe(false);
    expect(await refused('contract/wire/types.ts', '../channels', 'type')).toBe(false);
    expect(await refused('contract/channels.ts', './wire/../channelNames')).toBe(false);
    expect(await refused('contract/channels.ts', '../main/core/services')).toBe(true);
    expect(await refused('contract/wire/types.ts', '../../main/simulator/server', 'type')).toBe(true);
    expect(await refused('contract/channels.ts', 'luxon')).toBe(true);
    expect(await refused('contract/channels.ts', 'node:fs')).toBe(true);
  });

  it('refuses the contract the long way out of contract/', async () => {
    expect(await refused('contract/channels.ts', './../main/core/events')).toBe(true);
    expect(await refused('contract/channels.ts', './wire/../../main/core/events', 'type')).toBe(true);
  });

  it('keeps the renderer off electron, Node, main and the preloads, and on the contract as types', async () => {
    expect(await refused('renderer/src/bad.ts', 'electron')).toBe(true);
    expect(await refused('renderer/src/bad.ts', 'electron/renderer')).toBe(true);
    expect(await refused('renderer/src/bad.ts', 'node:fs')).toBe(true);
    expect(await refused('renderer/src/bad.ts', '../../main/simulator/server')).toBe(true);
    expect(await refused('renderer/src/bad.ts', '../../main/core/api/http', 'type')).toBe(true);
    expect(await refused('renderer/src/bad.ts', '../../preload/bridge', 'type')).toBe(true);
    expect(await refused('renderer/src/bad.ts', '../../contract/channels')).toBe(true);
    expect(await refused('renderer/src/good.ts', '../../contract/channels', 'type')).toBe(false);
    expect(await refused('renderer/src/good.ts', '../../contract/wire/enums')).toBe(false);
    expect(await refused('renderer/src/good.ts', './shared/desk')).toBe(false);
  });

  it('refuses main and the preloads to the renderer however the path is spelt', async () => {
    expect(await refused('renderer/src/shared/bad.ts', '../../../main/core/events')).toBe(true);
    expect(await refused('renderer/src/shared/bad.ts', '../../../main/app/desk', 'type')).toBe(true);
    expect(await refused('renderer/src/shared/bad.ts', '.././../.././preload/bridge')).toBe(true);
  });

  it('lets the preloads bundle channel names and bridge constants only', async () => {
    expect(await refused('preload/bridge.ts', '../contract/channelNames')).toBe(false);
    expect(await refused('preload/bridge.ts', '../contract/bridge')).toBe(false);
    expect(await refused('preload/bridge.ts', '../contract/events')).toBe(false);
    expect(await refused('preload/bridge.ts', '../contract/channels')).toBe(true);
    expect(await refused('preload/bridge.ts', '../contract/channels', 'type')).toBe(false);
    expect(await refused('preload/web.ts', '../main/core/ipc/dispatcher')).toBe(true);
    expect(await refused('preload/web.ts', '../renderer/src/shared/desk')).toBe(true);
    expect(await refused('preload/web.ts', '.././main/core/events')).toBe(true);
    expect(await refused('preload/web.ts', '../contract/../renderer/src/main', 'type')).toBe(true);
  });

  it('keeps the core and the simulator apart: simulator ↛ core, core ↛ simulator', async () => {
    expect(await refused('main/simulator/http/routes/x.ts', '../../../core/api/http')).toBe(true);
    expect(await refused('main/simulator/server.ts', '../core/events', 'type')).toBe(true);
    expect(await refused('main/core/x.ts', '../simulator/server', 'type')).toBe(true);
    expect(await refused('main/core/settings/x.ts', '../../simulator/server')).toBe(true);
    expect(await refused('main/core/x.ts', '../app/desk')).toBe(true);
    expect(await refused('main/simulator/x.ts', '../app/desk')).toBe(true);
    // Both may use the small Node helpers and the contract.
    expect(await refused('main/simulator/server.ts', '../node/paths')).toBe(false);
    expect(await refused('main/core/x.ts', '../node/paths')).toBe(false);
    expect(await refused('main/simulator/server.ts', '../../contract/wire/types', 'type')).toBe(false);
    // Folders whose names start like a forbidden one are not caught.
    expect(await refused('main/core/ipc/x.ts', '../apps/appSecrets')).toBe(false);
  });

  it('checks the core and the simulator on where an import lands, not on how it is spelt', async () => {
    expect(await refused('main/core/x.ts', '../../main/simulator/server')).toBe(true);
    expect(await refused('main/core/settings/x.ts', '../../../main/simulator/server', 'type')).toBe(true);
    expect(await refused('main/core/x.ts', '.././simulator/server')).toBe(true);
    expect(await refused('main/core/x.ts', '../../main/reviewService/server')).toBe(true);
    expect(await refused('main/core/x.ts', '../../main/app/desk')).toBe(true);
    expect(await refused('main/core/x.ts', '../index')).toBe(true);
    expect(await refused('main/core/x.ts', '../../main/web/server')).toBe(true);
    expect(await refused('main/simulator/x.ts', '../../main/core/events')).toBe(true);
    expect(await refused('main/simulator/http/x.ts', '../../../main/app/desk', 'type')).toBe(true);
    expect(await refused('main/simulator/x.ts', '../../main/reviewService/server')).toBe(true);
    // Re-exports and dynamic imports are imports too.
    expect(
      await refusedCode('main/core/x.ts', "export { startSimulator } from '../../main/simulator/server';\n"),
    ).toBe(true);
    expect(
      await refusedCode(
        'main/core/x.ts',
        "export const load = () => import('../../main/simulator/server');\n",
      ),
    ).toBe(true);
    // The long way round to an allowed folder is still allowed.
    expect(await refused('main/core/x.ts', '../../main/core/events')).toBe(false);
    expect(await refused('main/simulator/x.ts', '../../main/node/paths')).toBe(false);
  });

  it('keeps main/node free of the project', async () => {
    expect(await refused('main/node/cli.ts', '../core/events')).toBe(true);
    expect(await refused('main/node/cli.ts', './../core/events')).toBe(true);
    expect(await refused('main/node/cli.ts', '../../contract/channels', 'type')).toBe(true);
    expect(await refused('main/node/cli.ts', './paths')).toBe(false);
    expect(await refused('main/node/cli.ts', '../node/paths')).toBe(false);
  });

  it('keeps the review service on its own: only main/node, the contract and libraries', async () => {
    expect(await refused('main/reviewService/server.ts', '../core/api/http')).toBe(true);
    expect(await refused('main/reviewService/review/store.ts', '../../simulator/server', 'type')).toBe(true);
    expect(await refused('main/reviewService/server.ts', '../app/desk')).toBe(true);
    expect(await refused('main/reviewService/server.ts', '../web/server')).toBe(true);
    expect(await refused('main/reviewService/http/x.ts', '../../../renderer/src/shared/desk', 'type')).toBe(
      true,
    );
    expect(await refused('main/reviewService/server.ts', 'electron')).toBe(true);
    expect(await refused('main/reviewService/cli.ts', '../node/cli')).toBe(false);
    expect(await refused('main/reviewService/review/store.ts', '../../../contract/wire/types')).toBe(false);
    expect(await refused('main/reviewService/review/store.ts', '../database/pool')).toBe(false);
    expect(await refused('main/reviewService/server.ts', 'pg')).toBe(false);
    // …and nothing of the desktop or the simulator imports it: the desktop calls it over HTTP.
    expect(await refused('main/core/x.ts', '../reviewService/server')).toBe(true);
    expect(await refused('main/simulator/x.ts', '../reviewService/team', 'type')).toBe(true);
  });

  it('refuses the review service the long way into the core and the simulator', async () => {
    expect(await refused('main/reviewService/x.ts', '../../main/core/events')).toBe(true);
    expect(await refused('main/reviewService/review/x.ts', '../../../main/simulator/server', 'type')).toBe(
      true,
    );
    expect(await refused('main/reviewService/x.ts', '.././app/desk')).toBe(true);
    expect(await refused('main/reviewService/x.ts', '../../main/node/paths')).toBe(false);
  });

  it('keeps the shells apart from each other and from the composition root', async () => {
    expect(await refused('main/web/server.ts', '../electron/registerIpc')).toBe(true);
    expect(await refused('main/electron/registerIpc.ts', '../web/server')).toBe(true);
    expect(await refused('main/web/server.ts', '../app/desk')).toBe(true);
    expect(await refused('main/electron/mainWindow.ts', '../simulator/server')).toBe(true);
    expect(await refused('main/web/server.ts', '../core/ipc/dispatcher', 'type')).toBe(false);
  });

  it('refuses the shells the long way into each other and the composition root', async () => {
    expect(await refused('main/electron/x.ts', '../../main/web/server')).toBe(true);
    expect(await refused('main/electron/x.ts', '../../main/simulator/server', 'type')).toBe(true);
    expect(await refused('main/electron/x.ts', '../../main/app/desk')).toBe(true);
    expect(await refused('main/web/x.ts', '../../main/electron/registerIpc')).toBe(true);
    expect(await refused('main/web/x.ts', '.././app/desk', 'type')).toBe(true);
    expect(await refused('main/web/x.ts', '../webMain')).toBe(true);
    expect(await refused('main/electron/x.ts', '../../main/core/events')).toBe(false);
  });

  it('keeps electron out of everything but the Electron shell and preload', async () => {
    const elsewhere = [
      'main/core/x.ts',
      'main/simulator/x.ts',
      'main/node/x.ts',
      'main/web/x.ts',
      'main/app/x.ts',
      'preload/bridge.ts',
    ];
    for (const file of elsewhere) {
      expect(await refused(file, 'electron'), file).toBe(true);
      expect(await refused(file, 'electron/main'), file).toBe(true);
    }
    for (const file of ['main/electron/ok.ts', 'main/index.ts', 'preload/index.ts'])
      expect(await refused(file, 'electron'), file).toBe(false);
  });
});
