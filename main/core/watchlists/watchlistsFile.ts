/**
 * watchlists.json under the user data folder: every user's watchlists, keyed by connection
 * profile and user (`<profileId>|<userId>`). Read leniently (every list that parses is kept, the
 * rest reported, and the file copied aside before anything overwrites it), changed one change at
 * a time and written atomically and durably, readable by the user only (see dataFiles.ts), so
 * concurrent saves, a kill -9 or a power cut never lose an acknowledged change.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { assetType, uic } from '../../../contract/arguments';
import type { Watchlist } from '../../../contract/watchlists';
import { inFileOrder, keepUnreadableCopy, replaceFile, tidyDataFile } from '../dataFiles';

export const WATCHLISTS_FILE_NAME = 'watchlists.json';

/** One user's watchlists on one profile, and the list chosen last. */
export interface OwnerWatchlists {
  chosenId?: string;
  lists: Watchlist[];
}

/** The whole file. */
export interface WatchlistsFile {
  version: 1;
  owners: Record<string, OwnerWatchlists>;
}

const storedItemSchema = z.object({
  uic,
  assetType,
  symbol: z.string().min(1),
  description: z.string(),
  addedAt: z.string(),
});
const storedListSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  items: z.array(storedItemSchema),
  updatedAt: z.string(),
});
const envelopeSchema = z.object({
  version: z.literal(1),
  owners: z.record(
    z.string(),
    z.object({ chosenId: z.string().optional(), lists: z.array(z.unknown()) }),
  ),
});

export interface WatchlistsFileRead {
  content: WatchlistsFile;
  problem?: string;
  /** The file exists but could not be read at all: writing would replace lists never read. */
  unreadable?: boolean;
}

const empty = (): WatchlistsFile => ({ version: 1, owners: {} });

/**
 * Reads watchlists.json; a missing file means no watchlists yet, a broken one is kept aside and
 * reported. Leftovers of a write a kill interrupted are removed first.
 */
export async function readWatchlistsFile(file: string, now: Date = new Date()): Promise<WatchlistsFileRead> {
  await tidyDataFile(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { content: empty() };
    return {
      content: empty(),
      problem: `${file} could not be read (${(error as Error).message}); watchlists are unavailable until it can.`,
      unreadable: true,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const backup = await keepUnreadableCopy(file, now);
    return { content: empty(), problem: `watchlists.json is not valid JSON. It was kept as ${backup}.` };
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    const backup = await keepUnreadableCopy(file, now);
    return { content: empty(), problem: `watchlists.json is not a RefDesk watchlists file. It was kept as ${backup}.` };
  }
  const content = empty();
  let rejected = 0;
  for (const [owner, stored] of Object.entries(envelope.data.owners)) {
    const lists: Watchlist[] = [];
    for (const candidate of stored.lists) {
      const parsed = storedListSchema.safeParse(candidate);
      if (parsed.success) lists.push(parsed.data);
      else rejected += 1;
    }
    content.owners[owner] = { ...(stored.chosenId ? { chosenId: stored.chosenId } : {}), lists };
  }
  if (rejected === 0) return { content };
  const backup = await keepUnreadableCopy(file, now);
  return {
    content,
    problem: `${rejected} watchlist${rejected === 1 ? '' : 's'} in watchlists.json could not be read and ${rejected === 1 ? 'was' : 'were'} left out. The original file was kept as ${backup}.`,
  };
}

/**
 * Changes watchlists.json: `change` gets the content as the previous change left it and answers
 * the new content, written (atomically, durably, 0600) before the promise resolves with it.
 * Changes run one at a time in the order asked; a change that throws writes nothing.
 */
export function changeWatchlistsFile(
  file: string,
  current: () => WatchlistsFile,
  change: (content: WatchlistsFile) => WatchlistsFile,
): Promise<WatchlistsFile> {
  return inFileOrder(file, async () => {
    const next = change(current());
    await replaceFile(file, `${JSON.stringify(next, null, 2)}\n`);
    return next;
  });
}

/** Where the file lives in a data folder. */
export const watchlistsFileIn = (dataDir: string): string => path.join(dataDir, WATCHLISTS_FILE_NAME);
