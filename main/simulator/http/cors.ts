/**
 * Cross-origin calls, answered as the platform's gateway answers browser apps on other origins
 * (@fastify/cors does the protocol). A preflight is answered before the bearer check, so it needs
 * no token; every real answer, errors, 401 and 429 included, names the allowed origin and exposes
 * the headers clients read. Any origin may call by default: bearer tokens are not ambient
 * credentials (a page can only send a token it holds), so there is no Allow-Credentials and
 * nothing a foreign page could ride on; `corsOrigins` narrows the list where that is wanted.
 */
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';

/** Request headers a preflight always allows, besides the ones the client asks for. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Pragma', 'Cache-Control', 'X-Request-Id'] as const;

const RATE_LIMIT_HEADERS = ['AppDay', 'Session', 'RefDataInstrumentsMinute'].flatMap((dimension) =>
  ['Limit', 'Remaining', 'Reset'].map((part) => `X-RateLimit-${dimension}-${part}`),
);

/** Response headers a browser app may read (the safelisted ones, such as Content-Type, need no listing). */
export const CORS_EXPOSED_HEADERS = [...RATE_LIMIT_HEADERS, 'Retry-After', 'Location', 'X-Correlation', 'WWW-Authenticate'] as const;

/** Methods of the platform's API: a preflight for any of them passes, and an unknown route then answers a readable 404. */
export const API_CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Methods of the authorization server's cross-origin endpoints. */
export const AUTH_CORS_METHODS = ['GET', 'POST'] as const;

/** How long a browser may keep a preflight's answer (Chromium keeps at most 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 7_200;
/** A header name as HTTP defines it (a token); anything else a client "asks for" is left out. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Who may call across origins: any origin, or only the listed ones (`scheme://host[:port]`). */
export type CorsOrigins = '*' | readonly string[];

/**
 * Validates a list of origins (the `corsOrigins` start option, `--cors-origins`): each must be an
 * http(s) origin without path, query or credentials, e.g. `http://localhost:5173` (a trailing `/` is
 * dropped). An empty list,
 * or one holding `*`, means any origin. Throws a RangeError naming the first bad entry.
 */
export function corsOriginsOption(values: readonly string[] | undefined): CorsOrigins {
  if (values === undefined || values.length === 0 || values.includes('*')) return '*';
  return values.map((value) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    const plain =
      url !== undefined &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      url.password === '';
    if (!plain || url === undefined) {
      throw new RangeError(`"${value.slice(0, 100)}" is not an origin such as http://localhost:5173 (scheme, host and port only).`);
    }
    // Browsers send the serialized origin (lower-case host, default port left out): compare that.
    return url.origin;
  });
}

/** The header names a preflight allows: ours, plus the well-formed ones the client asked for. */
function allowedHeadersFor(request: FastifyRequest): string[] {
  const asked = request.headers['access-control-request-headers'];
  const names = (typeof asked === 'string' ? asked.split(',') : []).map((name) => name.trim()).filter((name) => HEADER_NAME.test(name));
  const known = new Set(CORS_ALLOWED_HEADERS.map((name) => name.toLowerCase()));
  return [...CORS_ALLOWED_HEADERS, ...names.filter((name) => !known.has(name.toLowerCase()))];
}

/**
 * The request's path under the scope `prefix`, as the router matched it: the route's own path,
 * or for the preflight route (`<prefix>*`) the decoded rest of the path it matched.
 */
function matchedPath(request: FastifyRequest, prefix: string): string {
  const route = request.routeOptions.url ?? '';
  if (!route.endsWith('*')) return route.slice(prefix.length);
  const rest = `${route.slice(prefix.length, -1)}${(request.params as Record<string, string>)['*'] ?? ''}`;
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * Registers @fastify/cors on `scope`, before any hook that may refuse a request. `appliesTo`
 * receives the matched path under the scope's prefix and says whether cross-origin calls are
 * served there (absent: everywhere in the scope).
 */
export async function registerCors(
  scope: FastifyInstance,
  origins: CorsOrigins,
  methods: readonly string[],
  appliesTo?: (path: string) => boolean,
): Promise<void> {
  const prefix = scope.prefix;
  // Strings rather than arrays: the plugin would join an array again on every answer.
  const options: FastifyCorsOptions = {
    origin: origins === '*' ? '*' : [...origins],
    methods: methods.join(', '),
    exposedHeaders: CORS_EXPOSED_HEADERS.join(', '),
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    credentials: false,
    strictPreflight: true,
  };
  // A preflight's allowed headers: the plugin echoes what was asked for; ours are added by an
  // onSend hook of the preflight route alone (the plugin declares it), so other answers pay nothing.
  const addAllowedHeaders: onSendHookHandler = (request, reply, payload, done) => {
    if (reply.hasHeader('access-control-allow-methods')) reply.header('access-control-allow-headers', allowedHeadersFor(request).join(', '));
    done(null, payload);
  };
  scope.addHook('onRoute', (route) => {
    if (route.method !== 'OPTIONS') return;
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), addAllowedHeaders];
  });
  if (appliesTo === undefined) {
    // Static options: per-request options (the delegator) cost the API half its throughput.
    await scope.register(cors, options);
    return;
  }
  const off: FastifyCorsOptions = { origin: false };
  await scope.register(cors, {
    delegator: (request, callback) => callback(null, appliesTo(matchedPath(request, prefix)) ? options : off),
  });
}

/**
 * CORS headers for an answer Fastify gives before routing (a malformed URL), which no scope's
 * hook sees: the same origin rule, for requests under the API's `apiPrefix`.
 */
export function corsHeadersBeforeRouting(request: FastifyRequest, origins: CorsOrigins, apiPrefix: string): Record<string, string> {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || !request.url.startsWith(`${apiPrefix}/`)) return {};
  const allowed = origins === '*' ? '*' : origins.includes(origin) ? origin : undefined;
  if (allowed === undefined) return {};
  return { 'access-control-allow-origin': allowed, 'access-control-expose-headers': CORS_EXPOSED_HEADERS.join(', '), vary: 'Origin' };
}
