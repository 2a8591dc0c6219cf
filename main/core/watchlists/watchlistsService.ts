/**
 * Watchlists in memory, backed by watchlists.json: read once at start, written on every change
 * before the change is answered. Each user's lists (per connection profile) are apart; the
 * limits (names, number of lists, instruments per list) are refused in words naming what to do.
 * Changes apply one at a time to what the previous change left, so concurrent saves keep each
 * other's instruments; memory follows the file only once the file is written.
 */
import { randomUUID } from 'node:crypto';
import {
  WATCHLIST_LIMITS,
  type Watchlist,
  type WatchedInstrument,
  type WatchlistsView,
} from '../../../contract/watchlists';
import type { WatchedInstrument as Watched } from '../../../contract/watchlists';
import {
  changeWatchlistsFile,
  readWatchlistsFile,
  watchlistsFileIn,
  type OwnerWatchlists,
  type WatchlistsFile,
} from './watchlistsFile';

/** A change main refuses, in words; `fields` names the field the screen shows it under. */
export class WatchlistRefusedError extends Error {
  constructor(
    message: string,
    readonly code: 'WatchlistLimit' | 'WatchlistNameTaken' | 'WatchlistNotFound' | 'WatchlistsUnreadable',
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'WatchlistRefusedError';
  }
}

/** The owner key of a profile and user. */
export const watchlistOwner = (profileId: string, userId: string): string => `${profileId}|${userId}`;

/** New instruments, as the add channel takes them. */
export interface InstrumentToWatch {
  uic: number;
  assetType: Watched['assetType'];
  symbol: string;
  description: string;
}

const sameInstrument = (a: { uic: number; assetType: string }, b: { uic: number; assetType: string }) =>
  a.uic === b.uic && a.assetType === b.assetType;
/** Names compare without case and surrounding space: "Tech" and "tech " are one name. */
const nameKey = (name: string) => name.trim().toLocaleLowerCase('en');

export class WatchlistsService {
  private constructor(
    private readonly file: string,
    private content: WatchlistsFile,
    private readonly problem: string | undefined,
    private readonly unreadable: boolean,
    private readonly clock: () => Date,
  ) {}

  /** Reads watchlists.json in `dataDir`. */
  static async open(dataDir: string, clock: () => Date = () => new Date()): Promise<WatchlistsService> {
    const file = watchlistsFileIn(dataDir);
    const read = await readWatchlistsFile(file, clock());
    return new WatchlistsService(file, read.content, read.problem, read.unreadable === true, clock);
  }

  /** What could not be read at start, if anything. */
  get startProblem(): string | undefined {
    return this.problem;
  }

  /** The owner's lists, the one chosen (if it still exists) and any problem met at start. */
  view(owner: string): WatchlistsView {
    const mine = this.content.owners[owner] ?? { lists: [] };
    const chosen = mine.lists.some((list) => list.id === mine.chosenId) ? mine.chosenId : undefined;
    return {
      lists: mine.lists,
      ...(chosen ? { chosenId: chosen } : {}),
      ...(this.problem ? { problem: this.problem } : {}),
    };
  }

  /** Creates an empty list, chosen from now on; refused past the number of lists or for a name in use. */
  create(owner: string, name: string): Promise<WatchlistsView> {
    return this.change(owner, (mine) => {
      if (mine.lists.length >= WATCHLIST_LIMITS.lists) {
        throw new WatchlistRefusedError(
          `You keep ${mine.lists.length} watchlists, the most RefDesk keeps: delete one before creating another.`,
          'WatchlistLimit',
        );
      }
      this.refuseTakenName(mine, name);
      const list: Watchlist = { id: randomUUID(), name, items: [], updatedAt: this.now() };
      return { chosenId: list.id, lists: [...mine.lists, list] };
    });
  }

  /** Renames a list; refused for a name another list of the owner has. */
  rename(owner: string, id: string, name: string): Promise<WatchlistsView> {
    return this.change(owner, (mine) => {
      this.listOf(mine, id);
      this.refuseTakenName(mine, name, id);
      return this.withList(mine, id, (list) => ({ ...list, name, updatedAt: this.now() }));
    });
  }

  /** Deletes a list and its instruments. */
  delete(owner: string, id: string): Promise<WatchlistsView> {
    return this.change(owner, (mine) => {
      this.listOf(mine, id);
      const lists = mine.lists.filter((list) => list.id !== id);
      return { ...(mine.chosenId && mine.chosenId !== id ? { chosenId: mine.chosenId } : {}), lists };
    });
  }

  /** Remembers the list the keyboard adds to (null: none). */
  choose(owner: string, id: string | null): Promise<WatchlistsView> {
    return this.change(owner, (mine) => {
      if (id === null) return { lists: mine.lists };
      this.listOf(mine, id);
      return { ...mine, chosenId: id };
    });
  }

  /**
   * Adds instruments at the end of a list; those already in it stay where they are. Refused as
   * a whole when the list would hold more than its limit.
   */
  add(owner: string, id: string, items: readonly InstrumentToWatch[]): Promise<WatchlistsView> {
    return this.change(owner, (mine) => {
      const list = this.listOf(mine, id);
      const fresh: WatchedInstrument[] = [];
      for (const item of items) {
        if (list.items.some((kept) => sameInstrument(kept, item)) || fresh.some((kept) => sameInstrument(kept, item)))
          continue;
        fresh.push({ ...item, addedAt: this.now() });
      }
      if (list.items.length + fresh.length > WATCHLIST_LIMITS.itemsPerList) {
        const room = WATCHLIST_LIMITS.itemsPerList - list.items.length;
        throw new WatchlistRefusedError(
          `"${list.name}" holds ${list.items.length} instruments and takes at most ${WATCHLIST_LIMITS.itemsPerList}: ` +
            (room === 0 ? 'remove some before adding more.' : `there is room for ${room} more, not ${fresh.length}.`),
          'WatchlistLimit',
          { items: [`A watchlist holds at most ${WATCHLIST_LIMITS.itemsPerList} instruments.`] },
        );
      }
      if (fresh.length === 0) return mine;
      return this.withList(mine, id, (current) => ({
        ...current,
        items: [...current.items, ...fresh],
        updatedAt: this.now(),
      }));
    });
  }

  /** Removes instruments from a list (those not in it are ignored). */
  remove(owner: string, id: string, keys: readonly { uic: number; assetType: Watched['assetType'] }[]): Promise<WatchlistsView> {
    return this.change(owner, (mine) => {
      this.listOf(mine, id);
      return this.withList(mine, id, (list) => ({
        ...list,
        items: list.items.filter((item) => !keys.some((key) => sameInstrument(key, item))),
        updatedAt: this.now(),
      }));
    });
  }

  private now(): string {
    return this.clock().toISOString();
  }

  private listOf(mine: OwnerWatchlists, id: string): Watchlist {
    const list = mine.lists.find((candidate) => candidate.id === id);
    if (!list) {
      throw new WatchlistRefusedError(
        'That watchlist no longer exists (it was deleted, or belongs to another user or profile).',
        'WatchlistNotFound',
      );
    }
    return list;
  }

  private refuseTakenName(mine: OwnerWatchlists, name: string, exceptId?: string): void {
    const taken = mine.lists.find((list) => list.id !== exceptId && nameKey(list.name) === nameKey(name));
    if (taken) {
      const message = `You already have a watchlist named "${taken.name}".`;
      throw new WatchlistRefusedError(message, 'WatchlistNameTaken', { name: [message] });
    }
  }

  private withList(mine: OwnerWatchlists, id: string, update: (list: Watchlist) => Watchlist): OwnerWatchlists {
    return { ...mine, lists: mine.lists.map((list) => (list.id === id ? update(list) : list)) };
  }

  /** Runs one change of the owner's lists in the file's order; memory takes it once written. */
  private async change(owner: string, update: (mine: OwnerWatchlists) => OwnerWatchlists): Promise<WatchlistsView> {
    if (this.unreadable) throw new WatchlistRefusedError(this.problem ?? 'watchlists.json could not be read.', 'WatchlistsUnreadable');
    this.content = await changeWatchlistsFile(this.file, () => this.content, (content) => {
      const mine = content.owners[owner] ?? { lists: [] };
      const next = update(mine);
      if (next === mine) return content;
      return { ...content, owners: { ...content.owners, [owner]: next } };
    });
    return this.view(owner);
  }
}
