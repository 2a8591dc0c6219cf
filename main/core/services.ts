/**
 * The main-process services behind the IPC handlers, shared by the Electron and web shells.
 */
import { createHttpClient, type HttpClient, type SessionAuth } from './api/http';

export interface DeskServices {
  http: HttpClient;
}

export interface DeskServicesOptions {
  baseUrl: string;
  /** The signed-in session: supplies the bearer token and renews it after a 401. */
  auth?: SessionAuth;
}

export function createDeskServices(options: DeskServicesOptions): DeskServices {
  return {
    http: createHttpClient({ baseUrl: options.baseUrl, ...(options.auth ? { auth: options.auth } : {}) }),
  };
}
