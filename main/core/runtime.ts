/**
 * Starts what both shells need behind the window: the embedded simulator (the default
 * connection), the services and the IPC dispatcher.
 */
import { startSimulator, type RunningSimulator } from '../simulator/server';
import { openBackOfficeServices } from './backOfficeServices';
import type { SystemClipboard } from './clipboard/secretClipboard';
import { SessionService } from './auth/sessionService';
import { PushEventBus } from './events';
import { createIpcDispatcher, type IpcDispatch } from './ipc/dispatcher';
import { createIpcHandlers } from './ipc/handlers';
import { userDataDir } from './paths';
import { ProfileService } from './profiles/profileService';
import { openTokenStore } from './secrets/keychainStore';
import { SettingsService } from './settings/settingsService';
import { createDeskServices, type DeskServices } from './services';

export interface DeskRuntime {
  services: DeskServices;
  simulator: RunningSimulator;
  /** The session of the active connection profile (the HTTP client's SessionAuth). */
  session: SessionService;
  /** Connection profiles: the embedded simulator and the user's remote ones. */
  profiles: ProfileService;
  /** Push events for the renderer (session changes, expiry warnings, connection state). */
  events: PushEventBus;
  /** Builds the dispatcher for a shell, given how that shell recognises its own renderer. */
  createDispatcher(isTrustedSender: (url: string) => boolean): IpcDispatch;
  close(): Promise<void>;
}

export interface DeskRuntimeOptions {
  /** Port of the embedded simulator; 0 picks a free one. */
  simulatorPort?: number;
  /** Lifetime of the embedded simulator's access tokens in seconds (default: the simulator's). */
  tokenTtlSeconds?: number;
  /** The shell's system clipboard for copying secrets from main (Electron); absent in the web shell. */
  systemClipboard?: SystemClipboard;
}

export async function startDeskRuntime(options: DeskRuntimeOptions = {}): Promise<DeskRuntime> {
  // The simulator starts with the scale and seed chosen in Settings (settings.json).
  const settings = await SettingsService.open(userDataDir());
  if (settings.view().problem) console.warn(`[settings] ${settings.view().problem}`);
  const startEmbedded = (start: { port: number; scale: RunningSimulator['info']['universe']['scale']; seed: number; regenerate: boolean }) =>
    startSimulator({
      ...start,
      // The app's own cache folder: yesterday's universe will not be opened again.
      pruneStaleUniverses: true,
      ...(options.tokenTtlSeconds !== undefined ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}),
    });
  const simulator = await startEmbedded({ port: options.simulatorPort ?? 0, ...settings.simulator, regenerate: false });
  const events = new PushEventBus();
  const { info } = simulator;
  const store = await openTokenStore();
  if (store.notice) console.warn(`[session] ${store.notice}`);
  const profiles = await ProfileService.open({
    dataDir: userDataDir(),
    secrets: store,
    embedded: { baseUrl: info.baseUrl, authUrl: info.authUrl, appKey: info.appKey, appSecret: info.appSecret, redirectUri: info.redirectUri },
  });
  const session = new SessionService({ profiles, store, events });
  await session.restore();
  const services = createDeskServices({
    // Requests go to the active profile's service, with that profile's session.
    baseUrl: () => profiles.active().baseUrl,
    auth: session,
    events,
    profileId: () => profiles.active().id,
  });
  const backOffice = openBackOfficeServices({
    dataDir: userDataDir(),
    settings,
    simulator,
    startSimulator: startEmbedded,
    ...(options.systemClipboard ? { systemClipboard: options.systemClipboard } : {}),
  });
  const handlers = createIpcHandlers({ ...services, session, profiles, ...backOffice });
  return {
    services,
    // After a reset in Settings this is the restarted simulator (same port, same URLs).
    get simulator() {
      return backOffice.embeddedSimulator.current;
    },
    session,
    profiles,
    events,
    createDispatcher: (isTrustedSender) => createIpcDispatcher({ handlers, isTrustedSender, events }),
    close: async () => {
      session.close();
      await backOffice.close();
    },
  };
}
