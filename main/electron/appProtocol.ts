/**
 * Serves the built renderer on `app://refdesk/` instead of file://, so the renderer has a real
 * origin that IPC sender checks can compare, and every response carries the strict CSP. Hashed
 * assets go with long-lived caching, the page with `no-cache`, and a file's precompressed twin
 * (`.br`, `.gz`) when the request's Accept-Encoding takes it (rendererAssets.ts, as the web shell).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { protocol } from 'electron';
import { cacheControlOf, chooseEncoding, contentTypeOf } from '../core/rendererAssets';
import { RENDERER_SECURITY_HEADERS } from '../core/securityHeaders';

/** Must run before app 'ready'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** The answer to one request for `url` of the renderer folder `root` (exported for the tests). */
export async function rendererResponse(root: string, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  let relative: string;
  try {
    relative = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
  } catch {
    return new Response('Bad request', { status: 400, headers: RENDERER_SECURITY_HEADERS });
  }
  const file = path.resolve(root, `.${relative}`);
  if (!file.startsWith(`${root}${path.sep}`)) return new Response('Forbidden', { status: 403, headers: RENDERER_SECURITY_HEADERS });
  const twin = chooseEncoding(request.headers.get('accept-encoding'), (suffix) => existsSync(file + suffix));
  let body: Buffer;
  try {
    body = await readFile(twin ? file + twin.suffix : file);
  } catch {
    return new Response('Not found', { status: 404, headers: RENDERER_SECURITY_HEADERS });
  }
  const headers = new Headers(RENDERER_SECURITY_HEADERS);
  headers.set('content-type', contentTypeOf(file));
  headers.set('cache-control', cacheControlOf(path.relative(root, file)));
  headers.set('vary', 'accept-encoding');
  if (twin) headers.set('content-encoding', twin.encoding);
  return new Response(new Uint8Array(body), { status: 200, headers });
}

/** Maps app:// URLs to files of the renderer folder, refusing anything outside it. */
export function serveRenderer(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle('app', (request) => rendererResponse(root, request));
}
