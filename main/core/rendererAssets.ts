/**
 * How both shells serve the built renderer (out/renderer): its hashed assets with long-lived
 * caching and precompressed twins (`.br`, `.gz`, made at build time by
 * scripts/precompressRenderer.ts) chosen by the request's Accept-Encoding; the page itself
 * (index.html) revalidated every time, since its name never changes while the assets it names do.
 */
import path from 'node:path';

/** Vite's output folder of content-hashed files: a changed file gets a new name. */
export const HASHED_ASSETS_FOLDER = 'assets';
/** A hashed asset never changes under its name. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** The page (and anything not hashed) is checked again at every load. */
export const PAGE_CACHE = 'no-cache';

/** The precompressed twins the build makes, in the order the shells prefer them. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type ContentEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** The Cache-Control of a file of the renderer, by its path relative to the renderer folder. */
export function cacheControlOf(relativePath: string): string {
  const [folder] = relativePath.split(/[\\/]/).filter(Boolean);
  return folder === HASHED_ASSETS_FOLDER ? HASHED_ASSET_CACHE : PAGE_CACHE;
}

/**
 * The encodings an Accept-Encoding header accepts (RFC 9110 12.5.3): listed with a q-value
 * above 0, or covered by `*`; none when the header is absent.
 */
function acceptedEncodings(acceptEncoding: string | null | undefined): (encoding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  return (encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
}

/**
 * The precompressed twin to send for a request with `acceptEncoding`, among those `exists`
 * finds (brotli before gzip); undefined: send the file as it is.
 */
export function chooseEncoding(
  acceptEncoding: string | null | undefined,
  exists: (suffix: string) => boolean,
): (typeof PRECOMPRESSED)[number] | undefined {
  const accepts = acceptedEncodings(acceptEncoding);
  return PRECOMPRESSED.find(({ encoding, suffix }) => accepts(encoding) && exists(suffix));
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The Content-Type of a renderer file by its extension (of the file itself, not its `.br` twin). */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
