/**
 * The watchlists feature's channel arguments and views: named lists of instruments a trader
 * keeps, per connection profile and signed-in user, in main's data folder. Main refuses what
 * would pass a limit (name length, number of lists, instruments per list) in words; the
 * renderer shows the refusal as it comes.
 */
import { z } from 'zod';
import { assetType, uic } from './arguments';
import type { assetTypes } from './wire/enums';

/** The limits main keeps watchlists within, named in its refusals. */
export const WATCHLIST_LIMITS = {
  /** Longest name, in characters. */
  nameLength: 60,
  /** Most watchlists one user keeps on one profile. */
  lists: 50,
  /** Most instruments in one watchlist. */
  itemsPerList: 500,
} as const;

/** A watchlist's name: trimmed, 1–60 characters, no control characters (they would break a file name or a menu). */
export const watchlistNameSchema = z
  .string({ error: 'A watchlist needs a name.' })
  .trim()
  .min(1, 'A watchlist needs a name.')
  .max(WATCHLIST_LIMITS.nameLength, `A watchlist name is at most ${WATCHLIST_LIMITS.nameLength} characters.`)
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'A watchlist name cannot hold line breaks or tabs.');

/** Main's id of a watchlist (a UUID it made). */
export const watchlistIdSchema = z
  .string({ error: 'Choose a watchlist.' })
  .regex(/^[0-9a-f-]{36}$/, 'Not a watchlist of RefDesk.');

/** An instrument as the watchlist keeps it: its key and the names it had when added. */
export const watchedInstrumentInputSchema = z
  .object({
    uic,
    assetType,
    symbol: z.string().trim().min(1, 'An instrument needs a symbol.').max(100),
    description: z.string().trim().max(300),
  })
  .strict();

/** An instrument's key, to remove it. */
export const instrumentKeySchema = z.object({ uic, assetType }).strict();

/** `watchlists:create`. */
export const createWatchlistArgSchema = z.object({ name: watchlistNameSchema }).strict();
/** `watchlists:rename`. */
export const renameWatchlistArgSchema = z.object({ id: watchlistIdSchema, name: watchlistNameSchema }).strict();
/** `watchlists:delete`. */
export const deleteWatchlistArgSchema = z.object({ id: watchlistIdSchema }).strict();
/** `watchlists:choose`: the list the keyboard's add and remove go to (null: none chosen). */
export const chooseWatchlistArgSchema = z.object({ id: watchlistIdSchema.nullable() }).strict();
/** `watchlists:add`: instruments already in the list are left where they are. */
export const addToWatchlistArgSchema = z
  .object({
    id: watchlistIdSchema,
    items: z
      .array(watchedInstrumentInputSchema)
      .min(1, 'Choose an instrument to add.')
      .max(WATCHLIST_LIMITS.itemsPerList, `A watchlist holds at most ${WATCHLIST_LIMITS.itemsPerList} instruments.`),
  })
  .strict();
/** `watchlists:remove`. */
export const removeFromWatchlistArgSchema = z
  .object({
    id: watchlistIdSchema,
    items: z
      .array(instrumentKeySchema)
      .min(1, 'Choose an instrument to remove.')
      .max(WATCHLIST_LIMITS.itemsPerList, `A watchlist holds at most ${WATCHLIST_LIMITS.itemsPerList} instruments.`),
  })
  .strict();

/** One instrument of a watchlist. */
export interface WatchedInstrument {
  uic: number;
  /** One the service accepts in requests (a quote is asked for by uic and asset type). */
  assetType: (typeof assetTypes)[number];
  /** The symbol when it was added (shown while the service cannot be read, or once it no longer lists it). */
  symbol: string;
  description: string;
  /** When it was added (ISO 8601, UTC). */
  addedAt: string;
}

/** One watchlist, its instruments in the order they were added. */
export interface Watchlist {
  id: string;
  name: string;
  items: WatchedInstrument[];
  updatedAt: string;
}

/** What every watchlists channel answers: the signed-in user's lists on this profile. */
export interface WatchlistsView {
  lists: Watchlist[];
  /** The list chosen last (the keyboard adds there), if it still exists. */
  chosenId?: string;
  /** Something main could not read in watchlists.json, and where the original was kept. */
  problem?: string;
}
