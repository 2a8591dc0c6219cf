/**
 * Handlers of the `settings:*` channels: RefDesk's own settings and the embedded simulator's
 * status and reset.
 */
import type { ReviewStores } from '../corporateActions/review/reviewStores';
import type { SettingsService } from '../settings/settingsService';
import type { SimulatorControl } from '../settings/simulatorControl';
import { DeskError, type IpcHandlers } from './dispatcher';

type SettingsChannels = Pick<
  IpcHandlers,
  | 'settings:get'
  | 'settings:save'
  | 'settings:saveReviewStore'
  | 'settings:saveWorkQueue'
  | 'settings:simulatorStatus'
  | 'settings:resetSimulator'
>;

/** What a reset needs besides the simulator: the session to end. */
export interface EmbeddedSessionControl {
  view(): { profile: { kind: 'embedded' | 'remote' } };
  signOut(): Promise<unknown>;
}

/** The `settings:*` handlers. */
export function registerSettingsIpc({
  settings,
  simulator,
  session,
  reviews,
}: {
  settings: SettingsService;
  simulator: SimulatorControl;
  session: EmbeddedSessionControl;
  /** The review stores: a new choice is used at once. */
  reviews: Pick<ReviewStores, 'apply'>;
}): SettingsChannels {
  return {
    'settings:get': async () => settings.view(),
    'settings:save': ({ secrets }) => settings.saveSecrets(secrets),
    'settings:saveReviewStore': async (review) => {
      const saved = await settings.saveReviewStore(review);
      reviews.apply(saved.settings.review);
      return saved;
    },
    'settings:saveWorkQueue': (workQueue) => settings.saveWorkQueue(workQueue),
    'settings:simulatorStatus': async () => simulator.status(settings.simulator),
    'settings:resetSimulator': async ({ scale, seed, regenerate, asOf, corsOrigins }) => {
      const previous = settings.simulator;
      // No day given keeps the configured one; null goes back to today.
      const day = asOf === undefined ? previous.asOf : (asOf ?? undefined);
      // No origins given keep the configured ones; null or none allow any origin.
      const origins =
        corsOrigins === undefined ? previous.corsOrigins : corsOrigins?.length ? corsOrigins : undefined;
      const next = {
        scale,
        seed,
        ...(day !== undefined ? { asOf: day } : {}),
        ...(origins !== undefined ? { corsOrigins: origins } : {}),
        // Set in settings.json only: a reset keeps them.
        ...(previous.strictOAuth !== undefined ? { strictOAuth: previous.strictOAuth } : {}),
        ...(previous.marketTime !== undefined ? { marketTime: previous.marketTime } : {}),
      };
      let status;
      try {
        status = await simulator.reset({ ...next, regenerate: regenerate ?? false }, previous);
      } catch (error) {
        throw new DeskError({ code: 'SimulatorStopped', message: (error as Error).message });
      }
      if (!status.problem) await settings.saveSimulator(next);
      // A reset starts the simulator over with other data: the session signed in before it ends
      // (the Settings workspace says so), though the kept identity would honour its tokens.
      if (session.view().profile.kind === 'embedded') await session.signOut();
      return simulator.status(settings.simulator);
    },
  };
}
