/**
 * Handlers of the channels of the trader's last place (`settings:lastPlace`,
 * `settings:keepPlace`): kept per connection profile and signed-in user, so another user of the
 * same computer, or of another profile, opens where they were, not where this one was.
 */
import type { SessionView } from '../../../contract/session';
import type { LastPlaces, PlaceOwner } from '../settings/lastPlaces';
import { DeskError, type IpcHandlers } from './dispatcher';

type PlaceChannels = Pick<IpcHandlers, 'settings:lastPlace' | 'settings:keepPlace'>;

/** The active profile's signed-in user, or undefined when nobody is signed in. */
function ownerOf(view: SessionView): PlaceOwner | undefined {
  return view.signedIn && view.user ? { profileId: view.profile.id, userId: view.user.userId } : undefined;
}

/** The place handlers over the kept places and the session. */
export function registerSettingsPlaceIpc({
  lastPlaces,
  session,
}: {
  lastPlaces: LastPlaces;
  session: { view(): SessionView };
}): PlaceChannels {
  return {
    'settings:lastPlace': async () => {
      const owner = ownerOf(session.view());
      const place = owner && lastPlaces.get(owner);
      return place ? { place } : {};
    },
    'settings:keepPlace': async (place) => {
      const owner = ownerOf(session.view());
      if (!owner) throw new DeskError({ code: 'NotSignedIn', message: 'Sign in first: places are kept per user.' });
      return lastPlaces.keep(owner, place);
    },
  };
}
