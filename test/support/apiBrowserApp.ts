/**
 * A tiny static server for apiBrowserApp.html: a browser app that calls the API, on an origin of its own (127.0.0.1 on
 * another port than the simulator), so every call it makes to the simulator is cross-origin and
 * Chromium enforces CORS on it. It serves the page at `/refdesk/callback`, a redirect URI the
 * demo app registers (loopback, so any port matches).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface ApiBrowserAppConfig {
  authUrl: string;
  baseUrl: string;
  appKey: string;
}

export interface ApiBrowserApp {
  /** The page's URL: the app's start page and its redirect URI at once. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

export const API_BROWSER_APP_PATH = '/refdesk/callback';

/** Serves the page with `config` filled in on 127.0.0.1 and a free port; everything else is 404. */
export async function startApiBrowserApp(config: ApiBrowserAppConfig): Promise<ApiBrowserApp> {
  const template = readFileSync(fileURLToPath(new URL('apiBrowserApp.html', import.meta.url)), 'utf8');
  const page = template.replace('/*CONFIG*/ {}', JSON.stringify(config).replace(/</g, '\\u003c'));
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (request.method !== 'GET' || pathname !== API_BROWSER_APP_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${API_BROWSER_APP_PATH}`,
    origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
