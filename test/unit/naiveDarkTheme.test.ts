/**
 * The app's naive-ui dark theme names only the components the app uses (shell/naiveDarkTheme.ts):
 * one used but missing would show in naive-ui's light styles on the dark theme.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { naiveDarkTheme } from '../../renderer/src/shell/naiveDarkTheme';

/** Components whose styles are another's: a checkbox group draws checkboxes; the provider draws nothing. */
const STYLED_AS: Record<string, string | undefined> = {
  CheckboxGroup: 'Checkbox',
  ConfigProvider: undefined,
};

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return /\.(vue|ts)$/.test(entry.name) ? [full] : [];
  });
}

/** The naive-ui components the renderer imports, by their theme's name. */
function componentsUsed(): Set<string> {
  const used = new Set<string>();
  for (const file of sourcesUnder('renderer/src'))
    for (const [, names] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'naive-ui'/g))
      for (const name of names!.split(',').map((part) => part.trim()))
        if (/^N[A-Z]/.test(name)) {
          const component = name.slice(1);
          const styled = component in STYLED_AS ? STYLED_AS[component] : component;
          if (styled) used.add(styled);
        }
  return used;
}

describe('the app’s naive-ui dark theme', () => {
  it('has the dark styles of every component the app uses, and the dark common colours', () => {
    const used = componentsUsed();
    expect(used.size).toBeGreaterThan(4);
    const missing = [...used].filter((component) => !(component in naiveDarkTheme));
    expect(missing).toEqual([]);
    expect(naiveDarkTheme.common?.bodyColor).toBe('rgb(16, 16, 20)');
  });
});
