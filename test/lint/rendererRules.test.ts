import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The rule ids that fire for `code` as if it lived at `filePath`. */
async function rulesFiredFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'fatal');
}

const importing = (specifier: string, kind: 'value' | 'type' = 'value') =>
  kind === 'type'
    ? `import type { X } from '${specifier}';\nexport type Y = X;\n`
    : `import { x } from '${specifier}';\nexport const y = x;\n`;

describe('the renderer house rules are enforced by lint', () => {
  const component = 'renderer/src/features/apps/components/Bad.ts';
  const store = 'renderer/src/features/apps/useBadStore.ts';

  it('keeps components dumb: no store, composable or bridge; types and pure logic are fine', async () => {
    expect(await rulesFiredFor(component, importing('../useAppsStore'))).toContain('no-restricted-imports');
    expect(await rulesFiredFor(component, importing('../useAppSecrets'))).toContain('no-restricted-imports');
    expect(await rulesFiredFor(component, importing('../../../shared/desk'))).toContain('no-restricted-imports');
    expect(await rulesFiredFor(component, importing('../useAppsStore', 'type'))).not.toContain('no-restricted-imports');
    expect(await rulesFiredFor(component, importing('../logic/secretExpiry'))).not.toContain('no-restricted-imports');
    // The renderer's own boundary still holds in components.
    expect(await rulesFiredFor(component, importing('node:fs'))).toContain('no-restricted-imports');
  });

  it('keeps components out of stores', async () => {
    expect(await rulesFiredFor(store, importing('./components/AppsGrid.vue'))).toContain('no-restricted-imports');
    expect(await rulesFiredFor(store, importing('../../shared/desk'))).not.toContain('no-restricted-imports');
  });

  it('keeps Playwright locators in the page modules', async () => {
    const code = "declare const page: { getByRole(role: string): unknown; locator(css: string): unknown };\npage.getByRole('button');\npage.locator('html');\n";
    expect(await rulesFiredFor('test/e2e/bad.spec.ts', code)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    expect(await rulesFiredFor('test/e2e/fixtures.ts', code)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    expect(await rulesFiredFor('test/support/badHelper.ts', code)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    expect(await rulesFiredFor('test/e2e/pages/GoodPage.ts', code)).toEqual([]);
  });
});
