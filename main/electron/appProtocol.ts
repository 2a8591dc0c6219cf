/**
 * Serves the built renderer on `app://refdesk/` instead of file://, so the renderer has a real
 * origin that IPC sender checks can compare, and every response carries the strict CSP.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { RENDERER_SECURITY_HEADERS } from '../core/securityHeaders';

/** Must run before app 'ready'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Maps app:// URLs to files of the renderer folder, refusing anything outside it. */
export function serveRenderer(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle('app', async (request) => {
    const { pathname } = new URL(request.url);
    const relative = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
    const file = path.resolve(root, `.${relative}`);
    if (file !== root && !file.startsWith(`${root}${path.sep}`)) return new Response('Forbidden', { status: 403 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(RENDERER_SECURITY_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  });
}
