import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_HEADER } from '../../contract/bridge';
import { startDesk, type Desk } from '../../main/app/desk';
import { SESSION_COOKIE, startWebShell, type RunningWebShell } from '../../main/web/server';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { TEST_CACHE_DIR } from '../support/testSimulator';

const ASSET = 'export const workspace = "Option chains";\n'.repeat(100);

/** GET over node:http (fetch would decode the body and hide how it was sent). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status?: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(parts) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('web shell bridge', () => {
  let desk: Desk;
  let shell: RunningWebShell;
  let cookie: string;
  let rendererDir: string;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'refdesk-shell-'));
    rendererDir = dir;
    // An isolated data folder whose settings start the embedded simulator at test scale.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-shell-data-'));
    await writeFile(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ ...DEFAULT_SETTINGS, simulator: { ...DEFAULT_SETTINGS.simulator, scale: 'small' } }),
    );
    process.env.REFDESK_DATA_DIR = dataDir;
    process.env.REFDESK_CACHE_DIR = TEST_CACHE_DIR;
    await writeFile(path.join(dir, 'index.html'), '<html><head><script type="module" src="./a.js"></script></head></html>');
    // A hashed asset with the twins the build makes.
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), ASSET);
    await writeFile(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET));
    await writeFile(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(ASSET));
    await writeFile(path.join(dir, 'preload.js'), 'window.desk = {};');
    desk = await startDesk();
    shell = await startWebShell({
      dispatch: desk.createDispatcher,
      rendererDir: dir,
      webPreloadFile: path.join(dir, 'preload.js'),
    });
    const launch = await fetch(shell.launchUrl, { redirect: 'manual' });
    expect(launch.status).toBe(200);
    cookie = launch.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(launch.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(launch.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
  });
  afterAll(async () => {
    await shell.close();
    await desk.close();
  });

  const invoke = (body: unknown, headers: Record<string, string>, channel = 'reference:countries') =>
    fetch(`${shell.origin}/__desk/invoke/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const trusted = () => ({ cookie, origin: shell.origin, [BRIDGE_HEADER]: '1' });

  it('answers a bridge call from its own page, with no token in the session state', async () => {
    const response = await invoke({}, trusted(), 'session:state');
    const text = await response.text();
    const body = JSON.parse(text) as { ok: boolean; result: { signedIn: boolean } };
    expect(body.ok).toBe(true);
    expect(body.result.signedIn).toBe(false);
    expect(text).not.toMatch(/access_token|eyJ[\w-]{10,}\./);
  });

  it('serves the page with the bridge script first and a strict CSP', async () => {
    const response = await fetch(`${shell.origin}/`, { headers: { cookie } });
    const html = await response.text();
    expect(html.indexOf('__desk/bridge.js')).toBeLessThan(html.indexOf('./a.js'));
    // Deferred: it runs before the page's module scripts without holding their download.
    expect(html).toContain('<script defer src="./__desk/bridge.js"></script>');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('sends a hashed asset precompressed as the browser takes it, cached for good; the page revalidated', async () => {
    const url = `${shell.origin}/assets/index-abc123.js`;
    const brotli = await rawGet(url, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toEqual(brotliCompressSync(ASSET));
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers['content-type'])).toMatch(/^(text|application)\/javascript/);
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    const gzipped = await rawGet(url, { cookie, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(url, { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
    const page = await rawGet(`${shell.origin}/`, { cookie });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves only the renderer files it found at its start, by their own names', async () => {
    const status = async (urlPath: string) => (await rawGet(`${shell.origin}${urlPath}`, { cookie })).status;
    expect(await status('/assets/index-abc123.js')).toBe(200);
    // A twin is chosen by Accept-Encoding, never asked for by name; nothing outside the folder.
    expect(await status('/assets/index-abc123.js.br')).toBe(404);
    expect(await status('/%2e%2e/%2e%2e/etc/passwd')).toBe(404);
    expect(await status('/assets/../../etc/passwd')).toBe(404);
    expect(await status('/assets/missing-000000.js')).toBe(404);
    // The page names the assets of the build it came from: a file written later is not served.
    await writeFile(path.join(rendererDir, 'assets', 'later-def456.js'), ASSET);
    expect(await status('/assets/later-def456.js')).toBe(404);
  });

  it('refuses callers without the session cookie, from another origin, or without the bridge header', async () => {
    const { cookie: _omit, ...noCookie } = trusted();
    expect((await invoke({}, noCookie)).status).toBe(403);
    expect((await invoke({}, { ...trusted(), origin: 'http://127.0.0.1:1' })).status).toBe(403);
    const { [BRIDGE_HEADER]: _header, ...noHeader } = trusted();
    expect((await invoke({}, noHeader)).status).toBe(403);
    expect((await fetch(`${shell.origin}/`)).status).toBe(403);
    expect((await fetch(`${shell.origin.replace('127.0.0.1', 'localhost')}/launch?key=x`)).status).toBe(421);
  });

  it("answers the page's heartbeat at once, and only from its own page", async () => {
    const beat = (headers: Record<string, string>) => fetch(`${shell.origin}/__desk/heartbeat`, { method: 'POST', headers });
    const answered = await beat(trusted());
    expect(answered.status).toBe(204);
    expect(answered.headers.get('cache-control')).toBe('no-store');
    const { [BRIDGE_HEADER]: _header, ...noHeader } = trusted();
    expect((await beat(noHeader)).status).toBe(403);
    expect((await beat({ ...trusted(), origin: 'http://127.0.0.1:1' })).status).toBe(403);
  });

  it('refuses a wrong launch key', async () => {
    const response = await fetch(`${shell.origin}/launch?key=guess`, { redirect: 'manual' });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.text()).toContain('This link is not valid');
  });

  it('opens RefDesk once per launch link: a second opening by another browser is refused with a page that says so (15.5)', async () => {
    const link = shell.newLaunchLink();
    expect(link.url).not.toBe(shell.launchUrl);
    let redeemed = false;
    void link.redeemed.then(() => (redeemed = true));

    const first = await fetch(link.url, { redirect: 'manual' });
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]+;.*HttpOnly`, 'i'));
    // The app itself, with no second navigation: its requests are same-origin and carry the cookie.
    const page = await first.text();
    const app = await (await fetch(`${shell.origin}/`, { headers: { cookie } })).text();
    expect(page).toBe(app);
    expect(page).toContain('__desk/bridge.js');
    expect(first.headers.get('cache-control')).toBe('no-store');
    await Promise.resolve();
    expect(redeemed).toBe(true);

    for (const url of [link.url, shell.launchUrl]) {
      const again = await fetch(url, { redirect: 'manual' });
      expect(again.status).toBe(403);
      expect(again.headers.get('set-cookie')).toBeNull();
      const page = await again.text();
      expect(page).toContain('This link was already used');
      expect(page).toContain('restart RefDesk');
    }
    // The browser that opened it may open it again (a reload): it goes on to the app.
    const reload = await fetch(link.url, { redirect: 'manual', headers: { cookie } });
    expect(reload.status).toBe(303);
    expect(reload.headers.get('location')).toBe('/');
  });

  it('rejects an invalid argument before any work, naming the field', async () => {
    const body = (await (await invoke({ arg: { refresh: 'yes' } }, trusted())).json()) as {
      ok: boolean;
      error: { code: string; fields: Record<string, string[]> };
    };
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('InvalidArgument');
    expect(Object.keys(body.error.fields)).toEqual(['refresh']);
  });

  it('answers an unknown channel with a typed error', async () => {
    const response = await fetch(`${shell.origin}/__desk/invoke/fs:read`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...trusted() },
      body: '{}',
    });
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'UnknownChannel' } });
  });
});
