/**
 * settings.json under the user data folder: read leniently (a part that does not parse falls
 * back to its default, and the file is copied aside first so nothing is lost), written
 * atomically.
 */
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  deskSettingsSchema,
  secretSettingsSchema,
  simulatorSettingsSchema,
  type DeskSettings,
} from '../../../contract/settings';

export const SETTINGS_FILE_NAME = 'settings.json';

export interface SettingsRead {
  settings: DeskSettings;
  problem?: string;
}

async function keepBackup(file: string, now: Date): Promise<string> {
  const backup = `${file}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
  await copyFile(file, backup);
  return backup;
}

/** Reads settings.json; missing means defaults, unusable parts are defaulted and the file kept aside. */
export async function readSettingsFile(dataDir: string, now: Date = new Date()): Promise<SettingsRead> {
  const file = path.join(dataDir, SETTINGS_FILE_NAME);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: DEFAULT_SETTINGS };
    return {
      settings: DEFAULT_SETTINGS,
      problem: `${file} could not be read (${(error as Error).message}); defaults are used.`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const backup = await keepBackup(file, now);
    return {
      settings: DEFAULT_SETTINGS,
      problem: `settings.json is not valid JSON. It was kept as ${backup}; defaults are used.`,
    };
  }
  const whole = deskSettingsSchema.safeParse(json);
  if (whole.success) return { settings: whole.data };
  const record = (json ?? {}) as Record<string, unknown>;
  const simulator = simulatorSettingsSchema.safeParse(record.simulator);
  const secrets = secretSettingsSchema.safeParse(record.secrets);
  const backup = await keepBackup(file, now);
  return {
    settings: {
      version: 1,
      simulator: simulator.success ? simulator.data : DEFAULT_SETTINGS.simulator,
      secrets: secrets.success ? secrets.data : DEFAULT_SETTINGS.secrets,
    },
    problem: `Some settings in settings.json were not valid and were reset to their defaults. The original file was kept as ${backup}.`,
  };
}

/** Writes settings.json atomically, readable by the user only. */
export async function writeSettingsFile(dataDir: string, settings: DeskSettings): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SETTINGS_FILE_NAME);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}
