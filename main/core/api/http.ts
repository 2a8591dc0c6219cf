/**
 * The transport under every endpoint function: builds URLs on the base, serializes queries the
 * service's way, attaches the bearer token, enforces a timeout and turns failures into
 * ServiceCallError. Retries, re-authentication and caches are layered on top of this.
 */
import { errorFromResponse, ServiceCallError } from './errors';

/** A query value as the service accepts it; arrays become one comma-separated parameter. */
export type QueryValue = string | number | boolean | Date | readonly (string | number)[] | undefined | null;
export type Query = Record<string, QueryValue>;

export interface HttpClientOptions {
  /** The service base, ending in `/openapi`. */
  baseUrl: string;
  /** The bearer token to send, or undefined for none. Never logged. */
  getAccessToken?: () => string | undefined;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface HttpClient {
  readonly baseUrl: string;
  getJson<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** `yyyy-mm-dd` in UTC, the service's date format. */
function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Appends a query to a URL: unset values are left out, arrays are comma-separated. */
export function appendQuery(url: URL, query: Query = {}): URL {
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) url.searchParams.set(name, value.join(','));
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

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function getJson<T>(path: string, query?: Query, requestOptions: RequestOptions = {}): Promise<T> {
    const url = appendQuery(resolveUrl(options.baseUrl, path), query);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = requestOptions.signal ? AbortSignal.any([requestOptions.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = options.getAccessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { headers, signal });
      text = await response.text();
    } catch (error) {
      if (requestOptions.signal?.aborted) throw new ServiceCallError('cancelled', 'The request was cancelled.', { cause: error });
      if (timeout.aborted) throw new ServiceCallError('timeout', `No answer within ${timeoutMs} ms.`, { cause: error });
      throw new ServiceCallError('network', `The service at ${url.origin} could not be reached.`, { cause: error });
    }
    if (!response.ok) throw errorFromResponse(response.status, text);
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new ServiceCallError('protocol', 'The service answered with a body that is not JSON.', {
        status: response.status,
        cause: error,
      });
    }
  }

  return { baseUrl: options.baseUrl, getJson };
}
