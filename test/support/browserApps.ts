/**
 * Browser apps of other teams, as the simulator must serve them: static pages on an origin of
 * their own (127.0.0.1 on another port than the simulator), so everything they send to the
 * simulator crosses origins and Chromium enforces CORS and its frame rules on it. Plain HTML and
 * script, no RefDesk code: what the simulator sees is what any such app would send. Both answer
 * at `/refdesk/callback`, a redirect URI the demo app registers (loopback, so any port matches).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** Which page files (beside this module) an app serves at which paths, and where a user starts. */
export interface BrowserAppPages {
  startPath: string;
  files: Record<string, string>;
}

/**
 * apiBrowserApp.html: signs in with the implicit flow or code + PKCE (the code exchanged by
 * fetch) and calls the API with fetch; its start page is its redirect URI.
 */
export const API_BROWSER_APP: BrowserAppPages = {
  startPath: '/refdesk/callback',
  files: { '/refdesk/callback': 'apiBrowserApp.html' },
};

/**
 * partnerApp.html: signs in with the implicit flow, renews its token through a hidden iframe with
 * `prompt=none` (the renewal page posts its fragment to the parent, as the platform's samples do)
 * and signs out at the authorization server.
 */
export const PARTNER_APP: BrowserAppPages = {
  startPath: '/app',
  files: { '/app': 'partnerApp.html', '/refdesk/callback': 'partnerAppCallback.html' },
};

/** What the pages find in their CONFIG: the simulator's URLs and the app they sign in as. */
export interface BrowserAppConfig {
  authUrl: string;
  appKey: string;
  /** The API's base URL, for an app that calls the API. */
  baseUrl?: string;
}

export interface BrowserApp {
  /** The app's start page, e.g. `http://127.0.0.1:43121/app`. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

/** Serves `app`'s pages with `config` filled in on 127.0.0.1 and a free port; everything else is 404. */
export async function startBrowserApp(app: BrowserAppPages, config: BrowserAppConfig): Promise<BrowserApp> {
  const filledIn = JSON.stringify(config).replace(/</g, '\\u003c');
  const pages = new Map(
    Object.entries(app.files).map(([pathname, file]) => {
      const template = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
      return [pathname, template.replace('/*CONFIG*/ {}', filledIn)];
    }),
  );
  const server: Server = createServer((request, response) => {
    const page = request.method === 'GET' ? pages.get(new URL(request.url ?? '/', 'http://127.0.0.1').pathname) : undefined;
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${app.startPath}`,
    origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
