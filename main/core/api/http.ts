/**
 * The transport under every endpoint function: builds URLs on the base, serializes queries the
 * service's way, attaches the bearer token, enforces a timeout per attempt and turns failures
 * into ServiceCallError. On top of one attempt it applies the service's recovery rules:
 *
 * - 401: ask the session to re-authenticate once, then replay the request once (no loops);
 * - 429: wait as `Retry-After` / `X-RateLimit-*-Reset` say, within a bound;
 * - 503 and network failures: bounded retries with exponential backoff and full jitter.
 *
 * Every request is a GET (the whole service is read-only), so retrying is always safe.
 */
import { errorFromResponse, ServiceCallError } from './errors';
import { appendQuery, isUnderBase, resolveUrl, type Query } from './query';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, rateLimitAdvice, sleep, type RetryPolicy } from './retry';
import { fetchTransport, nodeTransport, type Transport, type TransportAnswer } from './transport';

export { appendQuery, resolveUrl, type Query, type QueryValue } from './query';

/**
 * What the HTTP client needs from the signed-in session (implemented by main/core/auth). The
 * token stays in main: the client reads it per attempt and never logs it.
 */
export interface SessionAuth {
  /** The current access token, or undefined when signed out. */
  accessToken(): string | undefined;
  /**
   * Called once after a 401 with the token that was refused: renew the session (refresh token,
   * new assertion or sign-in). Resolves true when a new token is ready and the request should be
   * replayed once. Knowing the refused token lets the session ignore a 401 of a token it has
   * already replaced, instead of ending a fresh session.
   */
  reauthenticate(rejectedToken?: string): Promise<boolean>;
}

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
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Told when the service becomes unreachable, degraded or reachable again (changes only). */
  onConnectionStatus?: (status: ConnectionStatus) => void;
  /** How requests go on the wire; Node's HTTP stack with keep-alive unless given. */
  transport?: Transport;
  /** Shorthand for a transport over this fetch. */
  fetch?: typeof fetch;
  /** Source of jitter (tests may pin it). */
  random?: () => number;
}

export interface RequestOptions {
  /** Cancels the call, including any wait between attempts. */
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

type Answer = TransportAnswer;

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const transport = options.transport ?? (options.fetch ? fetchTransport(options.fetch) : nodeTransport);
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const random = options.random ?? Math.random;
  let requestCounter = 0;
  let lastState: ConnectionStatus['state'] | undefined;
  const currentBaseUrl = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl);

  function report(state: ConnectionStatus['state'], detail?: string): void {
    if (state === lastState) return;
    lastState = state;
    options.onConnectionStatus?.(detail === undefined ? { state } : { state, detail });
  }

  /** One HTTP exchange; throws only for no answer (network, timeout, cancelled). */
  async function attempt(
    url: URL,
    requestOptions: RequestOptions,
    token: string | undefined,
  ): Promise<Answer> {
    const timeoutMs = requestOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = requestOptions.signal ? AbortSignal.any([requestOptions.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-request-id': String(++requestCounter),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      // The body is read under the same signal: a server that stalls mid-body times out too.
      return await transport(url, { headers, signal });
    } catch (error) {
      if (requestOptions.signal?.aborted) throw cancelled(error);
      if (timeout.aborted) {
        report('degraded', `No answer within ${timeoutMs} ms.`);
        throw new ServiceCallError('timeout', `The service did not answer within ${timeoutMs} ms.`, {
          cause: error,
        });
      }
      throw new ServiceCallError('network', `The service at ${url.origin} could not be reached.`, {
        cause: error,
      });
    }
  }

  async function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch (error) {
      throw cancelled(error);
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
    const { signal } = requestOptions;
    let reauthenticated = false;
    let retries = 0;
    let rateLimitRetries = 0;
    for (;;) {
      if (signal?.aborted) throw cancelled(signal.reason);
      let answer: Answer;
      const sentToken = options.auth?.accessToken();
      try {
        answer = await attempt(url, requestOptions, sentToken);
      } catch (error) {
        if (error instanceof ServiceCallError && error.kind === 'network') {
          if (retries < policy.maxRetries) {
            await wait(backoffDelayMs(retries++, policy, random), signal);
            continue;
          }
          report('offline', error.message);
        }
        throw error;
      }

      const { status } = answer;
      if (status >= 200 && status < 300) {
        report('online');
        return parseJson<T>(answer);
      }
      if (status === 503 && retries < policy.maxRetries) {
        await wait(backoffDelayMs(retries++, policy, random), signal);
        continue;
      }
      report(
        status === 503 ? 'degraded' : 'online',
        status === 503 ? 'The service answered 503.' : undefined,
      );
      if (status === 401 && options.auth && !reauthenticated) {
        reauthenticated = true;
        if (await renewed(options.auth, sentToken)) continue;
      }
      if (status === 429) {
        const advice = rateLimitAdvice(answer.headers, policy);
        const retryable =
          !advice.fatal &&
          rateLimitRetries < policy.maxRateLimitRetries &&
          advice.waitMs <= policy.maxRateLimitWaitMs;
        if (retryable) {
          rateLimitRetries += 1;
          await wait(advice.waitMs, signal);
          continue;
        }
        throw errorFromResponse(status, answer.text, advice.waitMs);
      }
      throw errorFromResponse(status, answer.text);
    }
  }

  return {
    get baseUrl() {
      return currentBaseUrl();
    },
    getJson,
  };
}

/** Asks the session for a new token; a failing re-authentication counts as "no". */
async function renewed(auth: SessionAuth, rejectedToken: string | undefined): Promise<boolean> {
  try {
    return (await auth.reauthenticate(rejectedToken)) === true;
  } catch {
    return false;
  }
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
