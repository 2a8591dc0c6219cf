/**
 * Where each user was when RefDesk last ran, per connection profile (contract/settings.ts
 * WorkspacePlace), in last-places.json of the data folder: written atomically and durably,
 * readable by the user only (dataFiles.ts), one change at a time. A file RefDesk cannot use is
 * kept aside and reported; the places start empty (they are a convenience, never data).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { workspacePlaceSchema, type WorkspacePlace } from '../../../contract/settings';
import { inFileOrder, keepUnreadableCopy, replaceFile, tidyDataFile } from '../dataFiles';

export const LAST_PLACES_FILE_NAME = 'last-places.json';
/** Places of this many profile-and-user pairs at most: the longest unused go first. */
const MAX_OWNERS = 100;

const keptPlaceSchema = workspacePlaceSchema.extend({ keptAt: z.string() });
const fileSchema = z.object({ version: z.literal(1), places: z.record(z.string(), keptPlaceSchema) });
type LastPlacesFile = z.infer<typeof fileSchema>;

/** Whose place: a profile and a user of it. */
export interface PlaceOwner {
  profileId: string;
  userId: string;
}

const keyOf = (owner: PlaceOwner) => JSON.stringify([owner.profileId, owner.userId]);

export class LastPlaces {
  private constructor(
    private readonly file: string,
    private content: LastPlacesFile,
    /** Set when the file could not be used; says where it was kept. */
    readonly problem: string | undefined,
  ) {}

  /** Reads last-places.json in `dataDir` (a missing file: no places yet). */
  static async open(dataDir: string, now: Date = new Date()): Promise<LastPlaces> {
    const file = path.join(dataDir, LAST_PLACES_FILE_NAME);
    await tidyDataFile(file);
    const empty: LastPlacesFile = { version: 1, places: {} };
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new LastPlaces(file, empty, undefined);
      return new LastPlaces(file, empty, `${file} could not be read (${(error as Error).message}); RefDesk opens on its first workspace.`);
    }
    let parsed: ReturnType<typeof fileSchema.safeParse> | undefined;
    try {
      parsed = fileSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) return new LastPlaces(file, parsed.data, undefined);
    const backup = await keepUnreadableCopy(file, now);
    return new LastPlaces(
      file,
      empty,
      `${LAST_PLACES_FILE_NAME} is not a file of RefDesk's last places. It was kept as ${backup}; RefDesk opens on its first workspace.`,
    );
  }

  /** The place `owner` was last. */
  get(owner: PlaceOwner): WorkspacePlace | undefined {
    const kept = this.content.places[keyOf(owner)];
    if (!kept) return undefined;
    const { keptAt: _keptAt, ...place } = kept;
    return place;
  }

  /** Keeps where `owner` is now; resolves once it is on disk. */
  keep(owner: PlaceOwner, place: WorkspacePlace, now: Date = new Date()): Promise<WorkspacePlace> {
    return inFileOrder(this.file, async () => {
      const places = { ...this.content.places, [keyOf(owner)]: { ...place, keptAt: now.toISOString() } };
      const newestFirst = Object.entries(places).sort(([, a], [, b]) => b.keptAt.localeCompare(a.keptAt));
      const next: LastPlacesFile = { version: 1, places: Object.fromEntries(newestFirst.slice(0, MAX_OWNERS)) };
      await replaceFile(this.file, `${JSON.stringify(next, null, 2)}\n`);
      this.content = next;
      return place;
    });
  }
}
