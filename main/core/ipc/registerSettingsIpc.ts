/**
 * Handlers of the `settings:*` and `simulator:*` channels: RefDesk's own settings and the
 * embedded simulator's status and reset.
 */
import type { EmbeddedSimulator } from '../settings/embeddedSimulator';
import type { SettingsService } from '../settings/settingsService';
import { DeskError, type IpcHandlers } from './dispatcher';

type SettingsChannels = Pick<
  IpcHandlers,
  'settings:get' | 'settings:save' | 'simulator:status' | 'simulator:reset'
>;

/** What a reset needs besides the simulator: the session to end, since the old tokens die with it. */
export interface EmbeddedSessionControl {
  view(): { profile: { kind: 'embedded' | 'remote' } };
  signOut(): Promise<unknown>;
}

/** The `settings:*` and `simulator:*` handlers. */
export function registerSettingsIpc({
  settings,
  embeddedSimulator,
  session,
}: {
  settings: SettingsService;
  embeddedSimulator: EmbeddedSimulator;
  session: EmbeddedSessionControl;
}): SettingsChannels {
  return {
    'settings:get': async () => settings.view(),
    'settings:save': ({ secrets }) => settings.saveSecrets(secrets),
    'simulator:status': async () => embeddedSimulator.status(settings.simulator),
    'simulator:reset': async ({ scale, seed, regenerate }) => {
      const previous = settings.simulator;
      let status;
      try {
        status = await embeddedSimulator.reset({ scale, seed, regenerate: regenerate ?? false }, previous);
      } catch (error) {
        throw new DeskError({ code: 'SimulatorStopped', message: (error as Error).message });
      }
      if (!status.problem) await settings.saveSimulator({ scale, seed });
      // The restarted simulator signs with a new key: a session with the old one is over.
      if (session.view().profile.kind === 'embedded') await session.signOut();
      return embeddedSimulator.status(settings.simulator);
    },
  };
}
