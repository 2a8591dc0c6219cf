/**
 * The composition root: starts the embedded simulator (the default connection), builds the
 * core's services around it and hands a dispatcher to either shell. This is the one place that
 * knows both the core and the simulator; the core sees the simulator only as a connection
 * profile (URLs, AppKey) and a SimulatorControl.
 */
import type { SystemClipboard } from '../core/apps/secretClipboard';
import { SecretClipboard } from '../core/apps/secretClipboard';
import type { DesktopNotifier } from '../core/corporateActions/desktopNotices';
import type { ReportPdfPrinter } from '../core/corporateActions/report/reportPdfPrinter';
import { EventVersions } from '../core/corporateActions/eventVersions';
import { LocalReviewStore } from '../core/corporateActions/review/localReviewStore';
import { ReviewStores } from '../core/corporateActions/review/reviewStores';
import { PushEventBus } from '../core/events';
import { createIpcDispatcher, type IpcDispatch } from '../core/ipc/dispatcher';
import { createIpcHandlers } from '../core/ipc/handlers';
import { PriceService, sessionOwner } from '../core/prices/priceService';
import { openTokenStore } from '../core/secrets/keychainStore';
import { createServiceClient, type DeskServices } from '../core/services';
import { ProfileService } from '../core/session/profileService';
import { SessionService } from '../core/session/sessionService';
import { LastPlaces } from '../core/settings/lastPlaces';
import { SettingsService } from '../core/settings/settingsService';
import { WatchlistsService } from '../core/watchlists/watchlistsService';
import type { SimulatorProgress } from '../../contract/settings';
import { userDataDir } from '../node/paths';
import { parseAsOf } from '../simulator/data/universe';
import { startSimulator, type RunningSimulator } from '../simulator/server';
import type { EarlyUniverseRoll } from './earlyUniverseRoll';
import { EmbeddedSimulator, type StartEmbeddedSimulator } from './embeddedSimulator';

export interface Desk {
  services: DeskServices;
  /** The embedded simulator serving now (after a reset in Settings, the restarted one: same port, same URLs). */
  readonly simulator: RunningSimulator;
  /** Push events for the renderer (session changes, expiry warnings, connection state). */
  events: PushEventBus;
  /** Builds the dispatcher for a shell, given how that shell recognises its own renderer. */
  createDispatcher(isTrustedSender: (url: string) => boolean): IpcDispatch;
  close(): Promise<void>;
}

export interface DeskOptions {
  /** Port of the embedded simulator; 0 picks a free one. */
  simulatorPort?: number;
  /** Lifetime of the embedded simulator's access tokens in seconds (default: the simulator's). */
  tokenTtlSeconds?: number;
  /** Lifetime of the embedded simulator's refresh tokens in seconds (default: the simulator's). */
  refreshTokenTtlSeconds?: number;
  /** The shell's system clipboard for copying secrets from main (Electron); absent in the web shell. */
  systemClipboard?: SystemClipboard;
  /** The shell's desktop notifications (Electron's Notification); absent in the web shell. */
  desktopNotifier?: DesktopNotifier;
  /** The shell's PDF printer of the review report (Electron's printToPDF); absent in the web shell. */
  reportPrinter?: ReportPdfPrinter;
  /** Also told how the embedded simulator's universe generation or roll advances (a terminal's progress bar). */
  onSimulatorProgress?: (progress: SimulatorProgress) => void;
  /** The roll of the cached universe the entry started while the app loaded (earlyUniverseRoll.ts). */
  earlyUniverseRoll?: EarlyUniverseRoll;
  /**
   * The bus to emit push events on, when the caller forwards them before the desk has started
   * (the web shell serves its page meanwhile, and the page hears the simulator's progress); a
   * bus of the desk's own otherwise.
   */
  events?: PushEventBus;
}

/** Starts the embedded simulator and every service behind the window. */
/** The desk's parts kept on this computer (and the keychain), each telling its start's problem. */
async function openLocalParts(dataDir: string) {
  // Never rejects (a keychain that cannot be used means a session kept in memory, said once).
  const keychain = openTokenStore();
  const local = LocalReviewStore.open(dataDir);
  if (local.problem) console.warn(`[review] ${local.problem}`);
  const eventVersions = EventVersions.open(dataDir);
  if (eventVersions.problem) console.warn(`[review] ${eventVersions.problem}`);
  try {
    const watchlists = await WatchlistsService.open(dataDir);
    if (watchlists.startProblem) console.warn(`[watchlists] ${watchlists.startProblem}`);
    const lastPlaces = await LastPlaces.open(dataDir);
    if (lastPlaces.problem) console.warn(`[settings] ${lastPlaces.problem}`);
    const store = await keychain;
    if (store.notice) console.warn(`[session] ${store.notice}`);
    return {
      store,
      local,
      eventVersions,
      watchlists,
      lastPlaces,
      close: () => {
        local.close();
        eventVersions.close();
      },
    };
  } catch (error) {
    local.close();
    eventVersions.close();
    throw error;
  }
}

export async function startDesk(options: DeskOptions = {}): Promise<Desk> {
  const dataDir = userDataDir();
  // The simulator starts with the scale, seed and day chosen in Settings (settings.json).
  const settings = await SettingsService.open(dataDir);
  if (settings.view().problem) console.warn(`[settings] ${settings.view().problem}`);
  const events = options.events ?? new PushEventBus();
  const startEmbedded: StartEmbeddedSimulator = ({ asOf, ...start }) =>
    startSimulator({
      ...start,
      // The day chosen in Settings, else today.
      ...(asOf !== undefined ? { asOf: parseAsOf(asOf) } : {}),
      // The app's own cache folder: universes of older generator versions will not be opened again.
      pruneStaleUniverses: true,
      // A new day's first start finds its universe rolled (universeAhead.ts).
      prepareNextDay: true,
      // Its signing key, sessions and port outlive a restart: the session kept in the keychain stays good.
      keepIdentity: true,
      ...(options.tokenTtlSeconds !== undefined ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}),
      // Generating a large universe takes a while: Settings (and a terminal) can show how far it has got.
      onProgress: (progress) => {
        events.emit('settings:simulatorProgress', progress);
        options.onSimulatorProgress?.(progress);
      },
      ...(options.refreshTokenTtlSeconds !== undefined
        ? { refreshTokenTtlSeconds: options.refreshTokenTtlSeconds }
        : {}),
    });
  const early = options.earlyUniverseRoll;
  const starting = startEmbedded({
    port: options.simulatorPort ?? 0,
    ...settings.simulator,
    regenerate: false,
    ...(early ? { rolledBefore: early.result } : {}),
  }).finally(() => early?.release());
  // What needs no simulator is opened while it starts: the keychain's first answer comes from
  // another process (D-Bus), and a new day's first start waits for its universe's roll in a
  // worker thread (0.3-1 s) with this thread idle. Opened after it, they added 0.1-0.15 s.
  const opening = openLocalParts(dataDir);
  const [started, local] = await Promise.allSettled([starting, opening]);
  if (started.status === 'rejected' || local.status === 'rejected') {
    if (local.status === 'fulfilled') local.value.close();
    if (started.status === 'fulfilled') await started.value.close();
    throw started.status === 'rejected' ? started.reason : (local as PromiseRejectedResult).reason;
  }
  const { store, local: localReviews, eventVersions, watchlists, lastPlaces } = local.value;
  const embedded = new EmbeddedSimulator(started.value, startEmbedded);
  const { info } = embedded.current;
  const profiles = await ProfileService.open({
    dataDir,
    secrets: store,
    embedded: {
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      appKey: info.appKey,
      appSecret: info.appSecret,
      redirectUri: info.redirectUri,
    },
  });
  const session = new SessionService({ profiles, store, events });
  await session.restore();
  const secretClipboard = new SecretClipboard(options.systemClipboard);
  const client = createServiceClient({
    // Requests go to the active profile's service, with that profile's session.
    baseUrl: () => profiles.active().baseUrl,
    auth: session,
    events,
    profileId: () => profiles.active().id,
  });
  // Review state in the store chosen in Settings: this computer, or the team service.
  const reviews = new ReviewStores({
    local: localReviews,
    initial: settings.review,
    session,
    events,
  });
  // Quotes stream on the active profile's service, with that profile's session.
  const prices = new PriceService({
    auth: session,
    owner: () => sessionOwner(session),
    baseUrl: () => profiles.active().baseUrl,
    events,
  });
  const services: DeskServices = {
    ...client,
    session,
    profiles,
    reviews,
    eventVersions,
    settings,
    lastPlaces,
    simulator: embedded,
    secretClipboard,
    watchlists,
    prices,
    desktopNotifier: options.desktopNotifier,
    reportPrinter: options.reportPrinter,
  };
  const handlers = createIpcHandlers(services);
  return {
    services,
    get simulator() {
      return embedded.current;
    },
    events,
    createDispatcher: (isTrustedSender) => createIpcDispatcher({ handlers, isTrustedSender, events }),
    close: async () => {
      await prices.close();
      session.close();
      secretClipboard.dispose();
      await embedded.close();
      await reviews.close();
      localReviews.close();
      eventVersions.close();
    },
  };
}
