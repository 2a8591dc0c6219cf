/**
 * settings.json under the user data folder: read leniently (a part that does not parse falls
 * back to its default, and the file is copied aside first so nothing is lost), changed one
 * change at a time and written atomically and durably (see dataFiles.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  deskSettingsSchema,
  inboxSettingsSchema,
  workQueueSettingsSchema,
  reviewStoreSettingsSchema,
  secretSettingsSchema,
  simulatorSettingsSchema,
  type DeskSettings,
  type SimulatorSettings,
} from '../../../contract/settings';
import { inFileOrder, keepUnreadableCopy, preparePrivateFolder, replaceFile, tidyDataFile } from '../dataFiles';

export const SETTINGS_FILE_NAME = 'settings.json';

/** The simulator part of a settings.json document, leniently: its default when it is not valid. */
export function simulatorSettingsOf(json: unknown): SimulatorSettings {
  const simulator = simulatorSettingsSchema.safeParse((json as Record<string, unknown> | null | undefined)?.simulator);
  return simulator.success ? simulator.data : DEFAULT_SETTINGS.simulator;
}

export interface SettingsRead {
  settings: DeskSettings;
  problem?: string;
}

/**
 * Reads settings.json; missing means defaults, unusable parts are defaulted and the file kept
 * aside. It is the first file RefDesk opens, so it also makes the data folder private (0700)
 * before anything else (the embedded simulator's folder lives inside it) creates it, and removes
 * what a write a crash interrupted left.
 */
export async function readSettingsFile(dataDir: string, now: Date = new Date()): Promise<SettingsRead> {
  await preparePrivateFolder(dataDir);
  const file = path.join(dataDir, SETTINGS_FILE_NAME);
  await tidyDataFile(file);
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
    const backup = await keepUnreadableCopy(file, now);
    return {
      settings: DEFAULT_SETTINGS,
      problem: `settings.json is not valid JSON. It was kept as ${backup}; defaults are used.`,
    };
  }
  const whole = deskSettingsSchema.safeParse(json);
  if (whole.success) return { settings: whole.data };
  const record = (json ?? {}) as Record<string, unknown>;
  const secrets = secretSettingsSchema.safeParse(record.secrets);
  const review = reviewStoreSettingsSchema.safeParse(record.review ?? DEFAULT_SETTINGS.review);
  const inbox = inboxSettingsSchema.safeParse(record.inbox);
  const workQueue = workQueueSettingsSchema.safeParse(record.workQueue ?? DEFAULT_SETTINGS.workQueue);
  const backup = await keepUnreadableCopy(file, now);
  return {
    settings: {
      version: 1,
      simulator: simulatorSettingsOf(record),
      secrets: secrets.success ? secrets.data : DEFAULT_SETTINGS.secrets,
      review: review.success ? review.data : DEFAULT_SETTINGS.review,
      ...(inbox.success ? { inbox: inbox.data } : {}),
      workQueue: workQueue.success ? workQueue.data : DEFAULT_SETTINGS.workQueue,
    },
    problem: `Some settings in settings.json were not valid and were reset to their defaults. The original file was kept as ${backup}.`,
  };
}

/**
 * Changes settings.json: `change` gets the settings as the previous change left them and answers
 * the new ones, written atomically and durably (readable by the user only) before the promise
 * resolves with them. Changes run one at a time in the order asked, so concurrent saves of
 * different parts never overwrite each other.
 */
export function changeSettingsFile(
  dataDir: string,
  current: () => DeskSettings,
  change: (settings: DeskSettings) => DeskSettings,
): Promise<DeskSettings> {
  const file = path.join(dataDir, SETTINGS_FILE_NAME);
  return inFileOrder(file, async () => {
    const next = change(current());
    await replaceFile(file, `${JSON.stringify(next, null, 2)}\n`);
    return next;
  });
}
