/**
 * The HTTP client under every endpoint function: builds URLs on the base, serializes queries the
 * service's way, attaches the bearer token and turns every outcome into JSON or one
 * ServiceCallError. The wire, timeouts, cancellation and retries are undici's (transport.ts,
 * retry.ts); on top of them this client applies the service's session rule:
 *
 * - 401: ask the session to re-authenticate once, then replay the request once (bearer.ts, the
 *   rule every HTTP client of the desk follows);
 *
 * and reports the connection's state (online, offline, degraded) as it changes. Every request is
 * a GET (the whole service is read-only), so retrying is always safe.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { errorFromResponse, ServiceCallError } from './errors';
import { appendQuery, isUnderBase, resolveUrl, type Query } from './query';
import { DEFAULT_RETRY_POLICY, headersOf, rateLimitAdvice, retryRule, type RetryPolicy } from './retry';
import { sendWithBearer, type SessionAuth } from './bearer';
import { serviceDispatcher } from './transport';

export { appendQuery, resolveUrl, type Query, type QueryValue } from './query';
export type { SessionAuth } from './bearer';

/** Reachability of the service as the client last observed it. */
export interface ConnectionStatus {
  state: 'online' | 'offline' | 'degraded';
  detail?: string;
}

export interface HttpClientOptions {
  /**
   * The service base, ending in `/openapi`; a function when it follows the active connection
   * profile (read per request).
   */
  baseUrl: string | (() => string);
  /** The session whose token is sent; without one, requests go unauthenticated. */
  auth?: SessionAuth;
  /** Per-attempt timeout in milliseconds: for the answer's headers, and for each silence in its body. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Told when the service becomes unreachable, degraded or reachable again (changes only). */
  onConnectionStatus?: (status: ConnectionStatus) => void;
  /** The undici dispatcher requests go through (a proxy agent, a MockAgent in tests); a keep-alive pool unless given. */
  dispatcher?: Dispatcher;
  /** Source of jitter (tests may pin it). */
  random?: () => number;
}

export interface RequestOptions {
  /** Cancels the call, including any wait between attempts; the request is dropped at the socket. */
  signal?: AbortSignal;
  /** Overrides the client's per-attempt timeout. */
  timeoutMs?: number;
}

export interface HttpClient {
  /** The base URL requests currently go to. */
  readonly baseUrl: string;
  /** GETs `path` (base-relative, origin-relative or an absolute link under the base) as JSON. */
  getJson<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** An answer as undici handed it on: whole (see transport.ts), after any retries. */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The request's number: later requests are newer news of the connection. */
  requestNumber: number;
}

/** Errors of undici meaning the per-attempt timeout ran out. */
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** The shared pool of the clients that bring no dispatcher of their own. */
let sharedDispatcher: Dispatcher | undefined;

/** Builds the client: every request goes to the base URL of the moment, with the session's token. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const dispatcher = options.dispatcher
    ? serviceDispatcher(options.dispatcher)
    : (sharedDispatcher ??= serviceDispatcher(undefined, DEFAULT_TIMEOUT_MS));
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const random = options.random ?? Math.random;
  let requestCounter = 0;
  let lastState: ConnectionStatus['state'] | undefined;
  /** The request whose outcome set `lastState`. */
  let lastReporter = 0;
  const currentBaseUrl = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl);

  /**
   * Announces the connection's state as request `requestNumber` found it. An older request's
   * outcome never overrides a newer one's: a request sent while the service was away can fail
   * (after its retries) only after a later one got through, and the service is online then.
   */
  function report(requestNumber: number, state: ConnectionStatus['state'], detail?: string): void {
    if (requestNumber < lastReporter) return;
    lastReporter = requestNumber;
    if (state === lastState) return;
    lastState = state;
    options.onConnectionStatus?.(detail === undefined ? { state } : { state, detail });
  }

  /** The connection as an answer shows it: there, or overloaded (503). */
  function noteAnswer({ requestNumber, status }: Answer): void {
    if (status === 503) report(requestNumber, 'degraded', 'The service answered 503.');
    else report(requestNumber, 'online');
  }

  /** One request with undici's retries; throws only when there is no answer (network, timeout, cancelled). */
  async function send(url: URL, requestOptions: RequestOptions, token: string | undefined): Promise<Answer> {
    const timeoutMs = requestOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const { signal } = requestOptions;
    const requestNumber = ++requestCounter;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
      'x-request-id': String(requestNumber),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const request: Dispatcher.RequestOptions & { retryOptions: object } = {
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      ...(signal ? { signal } : {}),
      retryOptions: { throwOnError: false, retry: retryRule(policy, random, signal) },
    };
    try {
      const response = await dispatcher.request(request);
      // The answer is whole by now (transport.ts): reading it cannot stall.
      const text = await response.body.text();
      if (signal?.aborted) throw signal.reason;
      return { status: response.statusCode, headers: response.headers, text, requestNumber };
    } catch (error) {
      if (signal?.aborted) throw cancelled(error);
      const code = (error as { code?: string }).code ?? '';
      if (TIMEOUT_CODES.has(code)) {
        report(requestNumber, 'degraded', `No answer within ${timeoutMs} ms.`);
        throw new ServiceCallError('timeout', `The service did not answer within ${timeoutMs} ms.`, {
          cause: error,
        });
      }
      if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
        throw new ServiceCallError('protocol', 'The service answered with more data than RefDesk accepts.', {
          code: 'AnswerTooLarge',
          cause: error,
        });
      }
      const failure = new ServiceCallError('network', `The service at ${url.origin} could not be reached.`, {
        cause: error,
      });
      report(requestNumber, 'offline', failure.message);
      throw failure;
    }
  }

  async function getJson<T>(path: string, query?: Query, requestOptions: RequestOptions = {}): Promise<T> {
    const baseUrl = currentBaseUrl();
    const url = appendQuery(resolveUrl(baseUrl, path), query);
    if (!isUnderBase(baseUrl, url)) {
      // A `__next` link pointing elsewhere must never receive the bearer token.
      throw new ServiceCallError('protocol', 'The service linked to an address outside its base URL.', {
        code: 'ForeignLink',
      });
    }
    if (requestOptions.signal?.aborted) throw cancelled(requestOptions.signal.reason);
    // Any answer says the service is there (noted before a 401 waits on a renewal, maybe the user's sign-in).
    const answer = await sendWithBearer(options.auth, (token) => send(url, requestOptions, token), {
      seen: noteAnswer,
    });
    const { status } = answer;
    if (status >= 200 && status < 300) return parseJson<T>(answer);
    if (status === 429) {
      throw errorFromResponse(status, answer.text, rateLimitAdvice(headersOf(answer.headers), policy).waitMs);
    }
    throw errorFromResponse(status, answer.text);
  }

  return {
    get baseUrl() {
      return currentBaseUrl();
    },
    getJson,
  };
}

function cancelled(cause: unknown): ServiceCallError {
  return new ServiceCallError('cancelled', 'The request was cancelled.', { cause });
}

function parseJson<T>(answer: Answer): T {
  try {
    return JSON.parse(answer.text) as T;
  } catch (error) {
    throw new ServiceCallError('protocol', 'The service answered with a body that is not JSON.', {
      status: answer.status,
      code: 'MalformedResponse',
      cause: error,
    });
  }
}
