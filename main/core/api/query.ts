/**
 * URLs the service's way: query values serialized as the platform expects (one comma-separated
 * parameter per array, dates `yyyy-mm-dd`, booleans `true`/`false`, nothing for unset values)
 * and paths or `__next` links resolved against the base URL.
 */
import { ServiceCallError } from './errors';

/** A query value as the service accepts it; arrays become one comma-separated parameter. */
export type QueryValue =
  string | number | boolean | Date | readonly (string | number | Date)[] | undefined | null;
export type Query = Record<string, QueryValue>;

/** `yyyy-mm-dd` in UTC, the service's date format. */
export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Appends a query to a URL: unset values and empty arrays are left out, arrays are comma-separated. */
export function appendQuery(url: URL, query: Query = {}): URL {
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const items = (value as readonly (string | number | Date)[]).map((item) =>
        item instanceof Date ? formatDate(item) : String(item),
      );
      if (items.length > 0) url.searchParams.set(name, items.join(','));
    } else if (value instanceof Date) {
      url.searchParams.set(name, formatDate(value));
    } else {
      url.searchParams.set(name, String(value));
    }
  }
  return url;
}

/** Resolves a path (or an absolute `__next` link) against the base URL. */
export function resolveUrl(baseUrl: string, path: string): URL {
  if (/^https?:\/\//i.test(path)) return new URL(path);
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  // Base-relative (`ref/v1/...`) or origin-relative (`/openapi/ref/v1/...`) links both occur.
  if (path.startsWith('/')) {
    const basePath = new URL(base).pathname;
    return path.startsWith(basePath) ? new URL(path, base) : new URL(path.slice(1), base);
  }
  return new URL(path, base);
}

/**
 * True when `url` lies under the base URL (same origin, path below the base path): the bearer
 * token is only ever sent there, whatever a `__next` link says.
 */
export function isUnderBase(baseUrl: string, url: URL): boolean {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  return url.origin === base.origin && `${url.pathname}/`.startsWith(base.pathname);
}

/** `$top` (entries from the start) and `$skip` (entries to skip), spec section 1. */
export interface PageParams {
  $top?: number;
  $skip?: number;
}

/** A date parameter: a `Date`, or a string already written `yyyy-mm-dd`. */
export type DateParam = string | Date;

/**
 * Path segment for a route parameter: always encoded, never trusted as a path. Empty and dot
 * segments are refused, since URL resolution would turn `..` (even encoded) into "up one level".
 */
export function segment(value: string | number): string {
  const text = String(value);
  if (text === '' || /^(\.|%2e)+$/i.test(text)) {
    throw new ServiceCallError('invalid', `"${text}" cannot be used as a path segment.`, {
      code: 'InvalidArgument',
    });
  }
  return encodeURIComponent(text);
}

/** The parameters minus the route ones, as a query. */
export function queryOf<P extends object>(params: P, ...routeKeys: (keyof P)[]): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(params)) {
    if (!routeKeys.includes(name as keyof P)) query[name] = value as Query[string];
  }
  return query;
}
