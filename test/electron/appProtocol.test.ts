/**
 * The app:// protocol (Electron faked): the renderer's files with the strict CSP, a hashed
 * asset's precompressed twin when the request's Accept-Encoding takes it, long-lived caching for
 * hashed assets and `no-cache` for the page, and nothing outside the renderer folder.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ protocol: { handle: vi.fn(), registerSchemesAsPrivileged: vi.fn() } }));
const { rendererResponse } = await import('../../main/electron/appProtocol');

const SCRIPT = 'export const chain = "SPX";\n'.repeat(200);
let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'refdesk-app-protocol-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>RefDesk</title>');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'plain-def456.css'), 'body{}');
  writeFileSync(path.join(path.dirname(root), 'outside.txt'), 'secret');
});

const get = (url: string, acceptEncoding?: string) =>
  rendererResponse(root, new Request(url, acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {}));

describe('the app:// protocol', () => {
  it('sends the brotli twin of a hashed asset to a request that takes br, cached for good', async () => {
    const response = await get('app://refdesk/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(brotliCompressSync(SCRIPT));
  });

  it('sends gzip where brotli is not taken, and the file itself where nothing is', async () => {
    const gzipped = await get('app://refdesk/assets/index-abc123.js', 'gzip, br;q=0');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('app://refdesk/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    // A file without twins is sent as it is, whatever the request takes.
    const css = await get('app://refdesk/assets/plain-def456.css', 'br');
    expect(css.headers.get('content-encoding')).toBeNull();
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('sends the page revalidated at every load, with the strict CSP', async () => {
    const page = await get('app://refdesk/');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<title>RefDesk</title>');
  });

  it('refuses paths outside the renderer folder and answers 404 for a missing file', async () => {
    expect((await get('app://refdesk/assets/..%2f..%2foutside.txt')).status).toBe(403);
    expect((await get('app://refdesk/assets/missing.js')).status).toBe(404);
    expect((await get('app://refdesk/%E0%A4%A')).status).toBe(400);
  });
});
