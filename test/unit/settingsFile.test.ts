import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsService } from '../../main/core/settings/settingsService';
import { DEFAULT_SETTINGS, saveReviewStoreArgSchema, saveSettingsArgSchema } from '../../contract/settings';
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

  it('keeps the review store choice with addresses only, reads files of earlier versions as "this computer"', async () => {
    // A file written before the review store existed.
    const earlier = { version: 1, simulator: DEFAULT_SETTINGS.simulator, secrets: DEFAULT_SETTINGS.secrets };
    writeFileSync(path.join(dataDir, SETTINGS_FILE_NAME), JSON.stringify(earlier));
    const settings = await SettingsService.open(dataDir);
    expect(settings.review).toEqual({ store: 'local', teamUrls: [] });
    expect(settings.view().problem).toBeUndefined();
    await settings.saveReviewStore({ store: 'team', teamUrls: ['https://review-1.example.com', 'http://127.0.0.1:8750'] });
    const reopened = await SettingsService.open(dataDir);
    expect(reopened.review).toEqual({ store: 'team', teamUrls: ['https://review-1.example.com', 'http://127.0.0.1:8750'] });
    expect(JSON.parse(readFileSync(path.join(dataDir, SETTINGS_FILE_NAME), 'utf8')).review).toEqual({
      store: 'team',
      teamUrls: ['https://review-1.example.com', 'http://127.0.0.1:8750'],
    });
  });

  it('keeps the rest of the file when its review store part is unusable', async () => {
    const damaged = { ...DEFAULT_SETTINGS, secrets: { revealSeconds: 30, clipboardClearSeconds: 40 }, review: { store: 'cloud' } };
    writeFileSync(path.join(dataDir, SETTINGS_FILE_NAME), JSON.stringify(damaged));
    const settings = await SettingsService.open(dataDir);
    expect(settings.review).toEqual({ store: 'local', teamUrls: [] });
    expect(settings.secrets).toEqual({ revealSeconds: 30, clipboardClearSeconds: 40 });
    expect(settings.view().problem).toMatch(/reset to their defaults/);
  });

  it('keeps the review store and the inbox’s chosen views side by side, through each other’s saves and a damaged part', async () => {
    const settings = await SettingsService.open(dataDir);
    const team = { store: 'team' as const, teamUrls: ['https://review-1.example.com'] };
    await Promise.all([settings.saveReviewStore(team), settings.chooseInboxView('embedded|17340521', 'Open work')]);
    const file = () => JSON.parse(readFileSync(path.join(dataDir, SETTINGS_FILE_NAME), 'utf8'));
    expect(file()).toMatchObject({ review: team, inbox: { activeViews: { 'embedded|17340521': 'Open work' } } });
    writeFileSync(path.join(dataDir, SETTINGS_FILE_NAME), JSON.stringify({ ...file(), secrets: { revealSeconds: 1 } }));
    const reopened = await SettingsService.open(dataDir);
    expect(reopened.view().problem).toMatch(/reset to their defaults/);
    expect(reopened.review).toEqual(team);
    expect(reopened.activeInboxView('embedded|17340521')).toBe('Open work');
  });

  it('refuses team addresses that are not https (but loopback), repeated, or missing, in words', () => {
    const messages = (review: unknown) =>
      saveReviewStoreArgSchema.safeParse(review).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ store: 'team', teamUrls: ['http://review.example.com'] })).toEqual([
      'Team review service address must use https:// (plain http:// is accepted only for 127.0.0.1 or localhost).',
    ]);
    expect(messages({ store: 'team', teamUrls: ['review.example.com'] })).toEqual([
      'Team review service address must be a full web address, e.g. https://review.example.com.',
    ]);
    expect(messages({ store: 'team', teamUrls: [] })).toEqual([
      'Give the address of at least one replica of the team review service.',
    ]);
    expect(messages({ store: 'team', teamUrls: ['https://a.example.com', 'https://a.example.com/'] })).toEqual([
      'An address is listed twice.',
    ]);
    expect(messages({ store: 'local', teamUrls: [] })).toEqual([]);
  });
});
