/**
 * The main-process services behind the IPC handlers, shared by the Electron and web shells.
 */
import { createHttpClient, type HttpClient } from './api/http';

export interface DeskServices {
  http: HttpClient;
}

export interface DeskServicesOptions {
  baseUrl: string;
}

export function createDeskServices(options: DeskServicesOptions): DeskServices {
  return { http: createHttpClient({ baseUrl: options.baseUrl }) };
}
