/**
 * The main-process services behind the IPC handlers, shared by the Electron and web shells.
 * The composition root (main/app) builds them; the handlers only use them.
 */
import type { DesktopNotifier } from './corporateActions/desktopNotices';
import type { ReportPdfPrinter } from './corporateActions/report/reportPdfPrinter';
import { createHttpClient, type HttpClient, type SessionAuth } from './api/http';
import { createReadCaches, type ReadCaches } from './api/readCache';
import type { SecretClipboard } from './apps/secretClipboard';
import type { ReviewStores } from './corporateActions/review/reviewStores';
import type { EventVersions } from './corporateActions/eventVersions';
import type { PushEventBus } from './events';
import type { PriceService } from './prices/priceService';
import type { ProfileService } from './session/profileService';
import type { SessionService } from './session/sessionService';
import type { LastPlaces } from './settings/lastPlaces';
import type { SettingsService } from './settings/settingsService';
import type { SimulatorControl } from './settings/simulatorControl';
import type { WatchlistsService } from './watchlists/watchlistsService';
import type { PushEvents } from '../../contract/events';

/** The service client: the HTTP client the endpoint functions (api/endpoints.ts) use, and the caches in front of some. */
export interface ServiceClient {
  http: HttpClient;
  /** Instrument details and reference lists, kept per profile, user and base URL. */
  caches: ReadCaches;
}

/** Everything the IPC handlers use. */
export interface DeskServices extends ServiceClient {
  /** The signed-in session of the active connection profile. */
  session: SessionService;
  /** Connection profiles: the embedded simulator and the user's remote ones. */
  profiles: ProfileService;
  /** Back-office review state: this computer's store or the team service, as Settings say. */
  reviews: ReviewStores;
  /** The versions of events as read, to say what changed since one was reviewed. */
  eventVersions: EventVersions;
  settings: SettingsService;
  /** Where each user was when RefDesk last ran, to open there again. */
  lastPlaces: LastPlaces;
  /** The embedded simulator's status and reset. */
  simulator: SimulatorControl;
  secretClipboard: SecretClipboard;
  /** The users' watchlists (watchlists.json). */
  watchlists: WatchlistsService;
  /** Quotes of what the views show, streamed in main and pushed to the renderers. */
  prices: PriceService;
  /** The shell's desktop notifications (Electron); absent in the web shell. */
  desktopNotifier?: DesktopNotifier | undefined;
  /** The shell's PDF printer of the review report (Electron); absent in the web shell. */
  reportPrinter?: ReportPdfPrinter | undefined;
}

export interface ServiceClientOptions {
  /** The service base; a function when it follows the active connection profile. */
  baseUrl: string | (() => string);
  /** The signed-in session: supplies the bearer token and renews it after a 401. */
  auth?: SessionAuth;
  /** Where `connection:status` is announced when the service becomes (un)reachable. */
  events?: PushEventBus;
  /** The active connection profile's id: caches are kept per profile. */
  profileId?: () => string;
  /** Sizes and lifetimes of the caches (defaults in api/readCache.ts). */
  caches?: Parameters<typeof createReadCaches>[1];
}

/** Builds the service client: the HTTP client and the caches. */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { events } = options;
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(events ? { onConnectionStatus: (status) => events.emit('connection:status', status) } : {}),
  });
  // Cached answers are kept per profile and per signed-in user: tradability and entitlements differ by user.
  let userId = 'signed-out';
  events?.subscribe((event, payload) => {
    if (event === 'session:changed')
      userId = (payload as PushEvents['session:changed']).user?.userId ?? 'signed-out';
  });
  const profileId = options.profileId ?? (() => 'default');
  return { http, caches: createReadCaches(() => `${profileId()}|${userId}|${http.baseUrl}`, options.caches) };
}
