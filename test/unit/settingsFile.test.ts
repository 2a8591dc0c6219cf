import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsService } from '../../main/core/settings/settingsService';
import { DEFAULT_SETTINGS, saveSettingsArgSchema } from '../../contract/settings';
import { SETTINGS_FILE_NAME } from '../../main/core/settings/settingsFile';

describe('settings.json', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-settings-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts with the defaults and keeps what is saved across reopening', async () => {
    const settings = await SettingsService.open(dataDir);
    expect(settings.view()).toEqual({ settings: DEFAULT_SETTINGS });
    await settings.saveSecrets({ revealSeconds: 45, clipboardClearSeconds: 60 });
    await settings.saveSimulator({ scale: 'small', seed: 7 });
    const reopened = await SettingsService.open(dataDir);
    expect(reopened.secrets).toEqual({ revealSeconds: 45, clipboardClearSeconds: 60 });
    expect(reopened.simulator).toEqual({ scale: 'small', seed: 7 });
  });

  it('keeps the valid part of a damaged file, reports it and copies the original aside', async () => {
    const damaged = {
      version: 1,
      simulator: { scale: 'huge', seed: 7 },
      secrets: { revealSeconds: 30, clipboardClearSeconds: 40 },
    };
    writeFileSync(path.join(dataDir, SETTINGS_FILE_NAME), JSON.stringify(damaged));
    const settings = await SettingsService.open(dataDir);
    expect(settings.simulator).toEqual(DEFAULT_SETTINGS.simulator);
    expect(settings.secrets).toEqual({ revealSeconds: 30, clipboardClearSeconds: 40 });
    expect(settings.view().problem).toMatch(/reset to their defaults.*kept as/);
    const backup = readdirSync(dataDir).find((name) => name.startsWith(`${SETTINGS_FILE_NAME}.unreadable-`));
    expect(JSON.parse(readFileSync(path.join(dataDir, backup ?? 'missing'), 'utf8'))).toEqual(damaged);
  });

  it('survives a file that is not JSON', async () => {
    writeFileSync(path.join(dataDir, SETTINGS_FILE_NAME), '{ scale: small');
    const settings = await SettingsService.open(dataDir);
    expect(settings.view().settings).toEqual(DEFAULT_SETTINGS);
    expect(settings.view().problem).toContain('not valid JSON');
  });

  it('refuses timings out of range with messages a person can act on', () => {
    const result = saveSettingsArgSchema.safeParse({
      secrets: { revealSeconds: 1, clipboardClearSeconds: 9999 },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Show a secret for at least 5 seconds.',
      'Clear the clipboard after at most 300 seconds.',
    ]);
  });
});
