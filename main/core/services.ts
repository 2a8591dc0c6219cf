/**
 * The main-process services behind the IPC handlers, shared by the Electron and web shells.
 */
import { createDeskApi, type DeskApi } from './api/client';
import { createHttpClient, type HttpClient, type SessionAuth } from './api/http';
import type { PushEvents } from '../../preload/contract';
import type { PushEventBus } from './events';

export interface DeskServices {
  http: HttpClient;
  /** Every endpoint of the service, with the client-side caches. */
  api: DeskApi;
}

export interface DeskServicesOptions {
  /** The service base; a function when it follows the active connection profile. */
  baseUrl: string | (() => string);
  /** The signed-in session: supplies the bearer token and renews it after a 401. */
  auth?: SessionAuth;
  /** Where `connection:status` is announced when the service becomes (un)reachable. */
  events?: PushEventBus;
  /** The active connection profile's id: caches are kept per profile. */
  profileId?: () => string;
}

export function createDeskServices(options: DeskServicesOptions): DeskServices {
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
  return { http, api: createDeskApi({ http, profileId: () => `${profileId()}|${userId}` }) };
}
