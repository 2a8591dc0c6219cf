/**
 * The web shell: serves the renderer to a browser on 127.0.0.1 and carries the IPC bridge over
 * HTTP to the same main-process services as the Electron shell.
 *
 * Only the browser that opened a launch link may use it: the link carries a single-use key
 * (LaunchKeys) which the first opening exchanges for an HttpOnly, SameSite=Strict session
 * cookie; every other request needs that cookie, the shell's own Host (against DNS rebinding)
 * and, for bridge calls, the shell's own Origin plus a custom header (so a foreign page cannot
 * even send one without a preflight).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { BRIDGE_HEADER, WEB_EVENTS_PATH, WEB_HEARTBEAT_PATH } from '../../contract/bridge';
import type { IpcDispatch } from '../core/ipc/dispatcher';
import { PAGE_CACHE } from '../core/rendererAssets';
import { RENDERER_SECURITY_HEADERS } from '../core/securityHeaders';
import { isAuthCallbackPath, registerAuthCallback } from './authCallback';
import { LaunchKeys } from './launchKeys';
import { LINK_UNKNOWN_PAGE, LINK_USED_PAGE } from './launchPages';
import { servePushEvents } from './pushEvents';
import { serveRendererFiles } from './rendererFiles';

export const SESSION_COOKIE = 'refdesk_session';

export interface WebShellOptions {
  dispatch: (isTrustedSender: (url: string) => boolean) => IpcDispatch;
  rendererDir: string;
  webPreloadFile: string;
  port?: number;
}

/** A launch link and when it was used (it opens RefDesk once). */
export interface LaunchLink {
  url: string;
  redeemed: Promise<void>;
}

export interface RunningWebShell {
  /** The first launch link (the one printed): opening it signs that browser into this run. */
  launchUrl: string;
  /** Another single-use launch link (e.g. for the window the shell opens itself). */
  newLaunchLink(): LaunchLink;
  origin: string;
  /** Resolves once a page has opened its push-event stream: it has loaded, and hears main from then on. */
  pageConnected: Promise<void>;
  app: FastifyInstance;
  close(): Promise<void>;
}

const randomSecret = () => randomBytes(32).toString('base64url');

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Inserts the bridge script before the renderer's first script so `window.desk` exists first:
 * deferred, it still runs before the renderer's module scripts (deferred too, run in document
 * order) but no longer holds the parser, so the renderer's files are fetched alongside it.
 */
function withBridgeScript(indexHtml: string): string {
  const at = indexHtml.indexOf('<script');
  const tag = '<script defer src="./__desk/bridge.js"></script>\n    ';
  return at < 0 ? indexHtml.replace('</head>', `${tag}</head>`) : indexHtml.slice(0, at) + tag + indexHtml.slice(at);
}

/** Starts the web shell on 127.0.0.1 (port 0: any free port). */
export async function startWebShell(options: WebShellOptions): Promise<RunningWebShell> {
  const launchKeys = new LaunchKeys();
  const sessionToken = randomSecret();
  const indexHtml = withBridgeScript(await readFile(`${options.rendererDir}/index.html`, 'utf8'));
  const bridgeScript = await readFile(options.webPreloadFile, 'utf8');

  const app = Fastify({ logger: false });
  await app.register(fastifyCookie);
  let origin = '';
  let expectedHost = '';

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.status(status).type('text/plain; charset=utf-8').send(message);

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.host !== expectedHost) return refuse(reply, 421, 'Wrong host for the RefDesk web shell.');
    void reply.headers(RENDERER_SECURITY_HEADERS);
    if (request.url.startsWith('/launch') || isAuthCallbackPath(request.url)) return;
    if (!sameSecret(request.cookies[SESSION_COOKIE], sessionToken)) {
      return refuse(reply, 403, 'Open RefDesk through the link printed when it started.');
    }
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  app.get('/launch', async (request: FastifyRequest<{ Querystring: { key?: string } }>, reply) => {
    const redemption = launchKeys.redeem(request.query.key);
    if (redemption === 'granted') {
      void reply.setCookie(SESSION_COOKIE, sessionToken, { httpOnly: true, sameSite: 'strict', path: '/' });
      // The app itself, not a page that moves on to it: a second navigation cost 0.1–0.15 s of
      // every launch. Its requests (scripts, bridge calls) are same-origin subresources, which
      // carry the SameSite=Strict cookie whatever started the navigation; the bridge script
      // takes the used key out of the address (preload/web.ts).
      return html(reply, 200, indexHtml);
    }
    // The browser that used the link opening it again (a bookmark, a reload) just goes on.
    if (redemption === 'used' && sameSecret(request.cookies[SESSION_COOKIE], sessionToken)) return reply.redirect('/', 303);
    return html(reply, 403, redemption === 'used' ? LINK_USED_PAGE : LINK_UNKNOWN_PAGE);
  });

  // Revalidated at every load: it names the hashed assets of the current build.
  const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', PAGE_CACHE).send(indexHtml);
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.get('/__desk/bridge.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', PAGE_CACHE).send(bridgeScript),
  );

  const dispatch = options.dispatch((url) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  });
  /** Bridge calls come only from the shell's own page: its Origin, same-origin fetch, and the bridge header. */
  const isBridgeRequest = (request: FastifyRequest) => {
    const fetchSite = request.headers['sec-fetch-site'];
    return request.headers[BRIDGE_HEADER] === '1' && request.headers.origin === origin && (!fetchSite || fetchSite === 'same-origin');
  };
  app.post(
    '/__desk/invoke/:channel',
    async (request: FastifyRequest<{ Params: { channel: string }; Body: { arg?: unknown } | null }>, reply) => {
      if (!isBridgeRequest(request)) return refuse(reply, 403, 'Bridge calls are accepted only from the RefDesk page.');
      const controller = new AbortController();
      // The browser dropped the call (page closed, request superseded): stop the work in main.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const body = request.body ?? {};
      // The browser page is always the top-level frame: frame-ancestors 'none' forbids framing it.
      const response = await dispatch(request.params.channel, body.arg, { url: origin, isMainFrame: true }, controller.signal);
      return reply.header('cache-control', 'no-store').send(response);
    },
  );

  // The page's heartbeat: answered as soon as this process's event loop runs, so a silence means main hangs.
  app.post(WEB_HEARTBEAT_PATH, async (request, reply) => {
    if (!isBridgeRequest(request)) return refuse(reply, 403, 'Bridge calls are accepted only from the RefDesk page.');
    return reply.status(204).header('cache-control', 'no-store').send();
  });

  // Push events as server-sent events, on a POST so the browser sends its Origin like bridge calls.
  const { events } = dispatch;
  let pageOpened: () => void = () => undefined;
  const pageConnected = new Promise<void>((resolve) => (pageOpened = resolve));
  if (events) servePushEvents(app, WEB_EVENTS_PATH, events, isBridgeRequest, () => pageOpened());

  registerAuthCallback(app);

  // The built renderer: a precompressed twin (.br, .gz) when the browser takes it, hashed assets cached for good.
  serveRendererFiles(app, options.rendererDir);

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('Web shell did not bind a TCP port');
  expectedHost = `127.0.0.1:${address.port}`;
  origin = `http://${expectedHost}`;
  const newLaunchLink = (): LaunchLink => {
    const { key, redeemed } = launchKeys.issue();
    return { url: `${origin}/launch?key=${key}`, redeemed };
  };
  return {
    app,
    origin,
    launchUrl: newLaunchLink().url,
    newLaunchLink,
    pageConnected,
    close: () => closeWithin(app, CLOSE_GRACE_MS),
  };
}

/** How long a closing shell lets calls in flight finish before it drops their connections. */
const CLOSE_GRACE_MS = 2_000;

/**
 * Closes the server: new requests are refused at once, calls in flight get `graceMs` to answer,
 * then every connection still open is dropped. A page keeps connections of its own open (a call
 * waiting on a sign-in, a keep-alive socket reused for a retry), and a shell asked to stop must
 * stop: the page then says Offline.
 */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
