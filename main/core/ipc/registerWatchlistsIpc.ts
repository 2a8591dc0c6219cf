/**
 * The `watchlists:*` handlers: the signed-in user's watchlists on the active profile, kept by
 * main in watchlists.json. Whose lists they are comes from main's session, never from the
 * renderer; a change past a limit, a name in use or a list gone comes back in words.
 */
import { WatchlistRefusedError, watchlistOwner, type WatchlistsService } from '../watchlists/watchlistsService';
import { DeskError, type IpcHandlers } from './dispatcher';

type WatchlistChannels = Pick<
  IpcHandlers,
  | 'watchlists:list'
  | 'watchlists:create'
  | 'watchlists:rename'
  | 'watchlists:delete'
  | 'watchlists:choose'
  | 'watchlists:add'
  | 'watchlists:remove'
>;

/** The part of the session the watchlists read: who is signed in, with which profile. */
export interface WatchlistOwnerSource {
  view(): { signedIn: boolean; user?: { userId: string }; profile: { id: string } };
}

/** The owner key of the current session, or a NotSignedIn error in words. */
function currentOwner(session: WatchlistOwnerSource): string {
  const view = session.view();
  if (!view.signedIn || !view.user) {
    throw new DeskError({ code: 'NotSignedIn', message: 'Sign in to use watchlists: they are kept per user.' });
  }
  return watchlistOwner(view.profile.id, view.user.userId);
}

/** A refusal in the bridge's shape (a list gone is a 404, a limit or a name in use a 409). */
function refusal(error: unknown): unknown {
  if (!(error instanceof WatchlistRefusedError)) return error;
  const status = error.code === 'WatchlistNotFound' ? 404 : error.code === 'WatchlistsUnreadable' ? 503 : 409;
  return new DeskError({
    code: error.code,
    message: error.message,
    status,
    ...(error.fields ? { fields: error.fields } : {}),
  });
}

/** The `watchlists:*` handlers. */
export function registerWatchlistsIpc({
  session,
  watchlists,
}: {
  session: WatchlistOwnerSource;
  watchlists: WatchlistsService;
}): WatchlistChannels {
  const run = async <T>(work: (owner: string) => Promise<T> | T): Promise<T> => {
    const owner = currentOwner(session);
    try {
      return await work(owner);
    } catch (error) {
      throw refusal(error);
    }
  };
  return {
    'watchlists:list': () => run((owner) => watchlists.view(owner)),
    'watchlists:create': ({ name }) => run((owner) => watchlists.create(owner, name)),
    'watchlists:rename': ({ id, name }) => run((owner) => watchlists.rename(owner, id, name)),
    'watchlists:delete': ({ id }) => run((owner) => watchlists.delete(owner, id)),
    'watchlists:choose': ({ id }) => run((owner) => watchlists.choose(owner, id)),
    'watchlists:add': ({ id, items }) => run((owner) => watchlists.add(owner, id, items)),
    'watchlists:remove': ({ id, items }) => run((owner) => watchlists.remove(owner, id, items)),
  };
}
