import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints a snippet as if it lived at `filePath`, returning the rule ids that fired. */
async function rulesFiredFor(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'fatal');
}

describe('process boundaries (DESIGN.md) are enforced by lint', () => {
  it('refuses electron in the renderer', async () => {
    expect(await rulesFiredFor('renderer/src/bad.ts', "import { ipcRenderer } from 'electron';\nvoid ipcRenderer;\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('refuses Node built-ins in the renderer', async () => {
    expect(await rulesFiredFor('renderer/src/bad.ts', "import fs from 'node:fs';\nvoid fs;\n")).toContain('no-restricted-imports');
  });

  it('refuses main-process modules in the renderer but allows the wire types and a type-only contract import', async () => {
    expect(
      await rulesFiredFor('renderer/src/bad.ts', "import { startSimulator } from '../../main/simulator/server';\nvoid startSimulator;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await rulesFiredFor('renderer/src/bad.ts', "import { channels } from '../../preload/contract';\nvoid channels;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await rulesFiredFor(
        'renderer/src/good.ts',
        "import type { Desk } from '../../preload/contract';\nimport type { Feed } from '../../main/core/api/types';\nexport type X = [Desk, Feed<number>];\n",
      ),
    ).toEqual([]);
  });

  it('refuses electron in main/core and main/simulator, allows it in main/electron', async () => {
    const code = "import { app } from 'electron';\nvoid app;\n";
    expect(await rulesFiredFor('main/core/bad.ts', code)).toContain('no-restricted-imports');
    expect(await rulesFiredFor('main/simulator/bad.ts', code)).toContain('no-restricted-imports');
    expect(await rulesFiredFor('main/electron/ok.ts', code)).toEqual([]);
  });
});
