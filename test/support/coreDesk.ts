/**
 * The core's services composed as main/app/desk.ts composes them, on a data folder of the test's
 * choosing and a memory token store, with the dispatcher a shell would use. Tests drive it the
 * way the renderer does (`call(channel, arg)`), and can reopen the same folder to check what
 * survived a restart.
 */
import type { ChannelName, ResultOf } from '../../contract/channels';
import type { DeskResponse } from '../../contract/bridge';
import { SecretClipboard } from '../../main/core/apps/secretClipboard';
import { EventVersions } from '../../main/core/corporateActions/eventVersions';
import { LocalReviewStore } from '../../main/core/corporateActions/review/localReviewStore';
import { ReviewStores, type ReviewStoresOptions } from '../../main/core/corporateActions/review/reviewStores';
import { PushEventBus } from '../../main/core/events';
import { createIpcDispatcher, type IpcDispatch } from '../../main/core/ipc/dispatcher';
import { createIpcHandlers } from '../../main/core/ipc/handlers';
import { MemoryTokenStore } from '../../main/core/secrets/tokenStore';
import { PriceService, sessionOwner, type PriceServiceOptions } from '../../main/core/prices/priceService';
import { createServiceClient, type DeskServices } from '../../main/core/services';
import { popupSignIn } from '../../main/core/session/interactiveSignIn';
import { ProfileService, type EmbeddedConnection } from '../../main/core/session/profileService';
import { SessionService } from '../../main/core/session/sessionService';
import { LastPlaces } from '../../main/core/settings/lastPlaces';
import { SettingsService } from '../../main/core/settings/settingsService';
import type { SimulatorControl } from '../../main/core/settings/simulatorControl';
import { WatchlistsService } from '../../main/core/watchlists/watchlistsService';

/** The renderer's own frame, as a shell reports it. */
export const OWN_FRAME = { url: 'app://refdesk/index.html', isMainFrame: true };

export interface CoreDesk {
  services: DeskServices;
  events: PushEventBus;
  dispatch: IpcDispatch;
  /** Calls a channel as the renderer does, through the dispatcher. */
  call<C extends ChannelName>(channel: C, arg?: unknown): Promise<DeskResponse<ResultOf<C>>>;
  close(): Promise<void>;
}

export interface CoreDeskOptions {
  dataDir: string;
  /** The embedded simulator's connection (URLs need not answer when no call reaches the service). */
  embedded: EmbeddedConnection;
  /** The simulator control behind `settings:simulatorStatus` and `settings:resetSimulator`. */
  simulator: SimulatorControl;
  /** Kept across a reopening to carry stored sessions and AppSecrets. */
  store?: MemoryTokenStore;
  /** Tuning of the price service (short leases and silences in tests). */
  prices?: Partial<Omit<PriceServiceOptions, 'auth' | 'owner' | 'baseUrl' | 'events'>>;
  /** Tuning of the team review client and stream (short timeouts in tests). */
  team?: ReviewStoresOptions['team'];
}

/** Opens the core's services on `dataDir` in the order the composition root does. */
export async function openCoreDesk(options: CoreDeskOptions): Promise<CoreDesk> {
  const settings = await SettingsService.open(options.dataDir);
  const events = new PushEventBus();
  const store = options.store ?? new MemoryTokenStore();
  const profiles = await ProfileService.open({
    dataDir: options.dataDir,
    secrets: store,
    embedded: options.embedded,
  });
  // The web shell's way of signing in: the page opens the login popup and hands the callback back.
  const session = new SessionService({
    profiles,
    store,
    events,
    interactive: popupSignIn('http://127.0.0.1:45678'),
  });
  await session.restore();
  const local = LocalReviewStore.open(options.dataDir);
  const client = createServiceClient({
    baseUrl: () => profiles.active().baseUrl,
    auth: session,
    events,
    profileId: () => profiles.active().id,
  });
  const reviews = new ReviewStores({
    local,
    initial: settings.review,
    session,
    events,
    ...(options.team ? { team: options.team } : {}),
  });
  const eventVersions = EventVersions.open(options.dataDir);
  const services: DeskServices = {
    ...client,
    session,
    profiles,
    reviews,
    eventVersions,
    settings,
    lastPlaces: await LastPlaces.open(options.dataDir),
    simulator: options.simulator,
    secretClipboard: new SecretClipboard(undefined),
    watchlists: await WatchlistsService.open(options.dataDir),
    prices: new PriceService({
      auth: session,
      owner: () => sessionOwner(session),
      baseUrl: () => profiles.active().baseUrl,
      events,
      ...options.prices,
    }),
  };
  const dispatch = createIpcDispatcher({
    handlers: createIpcHandlers(services),
    isTrustedSender: (url) => url.startsWith('app://refdesk/'),
    events,
  });
  return {
    services,
    events,
    dispatch,
    call: (channel, arg) =>
      dispatch(channel, arg, OWN_FRAME) as Promise<DeskResponse<ResultOf<typeof channel>>>,
    close: async () => {
      await services.prices.close();
      session.close();
      await reviews.close();
      local.close();
      eventVersions.close();
    },
  };
}

/** A simulator control for tests that never reach the simulator's settings. */
export const unusedSimulatorControl: SimulatorControl = {
  status: () => {
    throw new Error('this test does not use the simulator control');
  },
  reset: () => Promise.reject(new Error('this test does not use the simulator control')),
};

/** An embedded connection whose URLs are never called (profile and settings tests). */
export const OFFLINE_EMBEDDED: EmbeddedConnection = {
  baseUrl: 'http://127.0.0.1:9/openapi',
  authUrl: 'http://127.0.0.1:9/auth',
  appKey: 'embedded-app',
  appSecret: 'embedded-app-secret',
  redirectUri: 'http://127.0.0.1/refdesk/callback',
};
