/**
 * When and how long to wait before trying a request again: exponential backoff with full
 * jitter for 503s and network failures, and the rate-limit headers of a 429 (spec section 8,
 * platform facts section 2). Every wait is bounded, so a call can never hang here.
 *
 * undici's retry interceptor does the retrying (transport.ts); `retryRule` is the decision it
 * asks for before each retry. It is written here rather than configured because undici's own
 * rule cannot express three of the service's: the wait a 429 names in its exhausted
 * `X-RateLimit-<Dimension>-Reset` header (undici reads only Retry-After), a separate and smaller
 * budget for 429s than for 503s and dropped connections, and full jitter (undici's backoff is
 * deterministic, so clients that failed together would retry together).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { RetryHandler } from 'undici';

export interface RetryPolicy {
  /** Further attempts after a 503 or a network failure (GET only). */
  maxRetries: number;
  /** First backoff ceiling; doubled per attempt. */
  baseDelayMs: number;
  /** Largest backoff ceiling. */
  maxDelayMs: number;
  /** Further attempts after a 429. */
  maxRateLimitRetries: number;
  /** Shortest wait after a 429 (the platform's clients never wait less than a second). */
  minRateLimitWaitMs: number;
  /** Longest wait the client accepts after a 429; a longer one fails at once with the 429. */
  maxRateLimitWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRateLimitRetries: 2,
  minRateLimitWaitMs: 1_000,
  maxRateLimitWaitMs: 30_000,
};

/** Full-jitter backoff before retry number `retry` (0-based): uniform in [0, min(max, base·2^retry)]. */
export function backoffDelayMs(
  retry: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(random() * ceiling);
}

/** What a 429 says about waiting. */
export interface RateLimitAdvice {
  /** Milliseconds to wait before the next attempt. */
  waitMs: number;
  /** A dimension that cannot recover soon (the app's daily quota) is exhausted: do not retry. */
  fatal: boolean;
  /** The exhausted dimensions, lower-cased as headers arrive, e.g. `session`, `appday`. */
  dimensions: string[];
}

const RATE_LIMIT_HEADER = /^x-ratelimit-(.+)-(remaining|reset)$/i;
/** Daily quotas: waiting for them would take hours. */
const DAILY_DIMENSION = /day$/i;

/** Seconds of a `Retry-After` header (delta-seconds or an HTTP date), as milliseconds. */
function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Reads a 429's headers: `Retry-After` when present, else the `X-RateLimit-<Dimension>-Reset`
 * of every dimension whose `-Remaining` is 0 (all dimensions' resets when none says 0).
 */
export function rateLimitAdvice(headers: Headers, policy: RetryPolicy, now = Date.now()): RateLimitAdvice {
  const dimensions = new Map<string, { remaining?: number; resetMs?: number }>();
  headers.forEach((value, name) => {
    const match = RATE_LIMIT_HEADER.exec(name);
    if (!match) return;
    const number = Number(value);
    if (!Number.isFinite(number)) return;
    const dimension = match[1]!.toLowerCase();
    const entry = dimensions.get(dimension) ?? {};
    if (match[2]!.toLowerCase() === 'remaining') entry.remaining = number;
    else entry.resetMs = Math.max(0, number * 1000);
    dimensions.set(dimension, entry);
  });
  const exhausted = [...dimensions].filter(([, entry]) => entry.remaining === 0);
  const considered = exhausted.length > 0 ? exhausted : [...dimensions];
  const resetMs = Math.max(0, ...considered.map(([, entry]) => entry.resetMs ?? 0));
  const waitMs = Math.max(
    policy.minRateLimitWaitMs,
    retryAfterMs(headers.get('retry-after'), now) ?? resetMs,
  );
  const names = exhausted.map(([dimension]) => dimension);
  return {
    waitMs,
    fatal: exhausted.some(([dimension]) => DAILY_DIMENSION.test(dimension)),
    dimensions: names,
  };
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Errors of undici that are not a connection failure worth another attempt: the per-attempt
 * timeouts (the service is slow, not gone: retrying would only multiply the wait), an abort,
 * an answer over the size limit, and a request undici refused to send.
 */
const FINAL_ERROR_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_ABORTED',
  'UND_ERR_ABORT',
  'ABORT_ERR',
  'UND_ERR_RES_EXCEEDED_MAX_SIZE',
  'UND_ERR_INVALID_ARG',
]);

/** A response's headers as a WHATWG Headers (what rateLimitAdvice reads). */
export function headersOf(raw: IncomingHttpHeaders | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/**
 * The retry decision of one call, for undici's retry interceptor: 503s and failed connections
 * get up to `maxRetries` further attempts after a full-jitter backoff; 429s up to
 * `maxRateLimitRetries` after the wait their headers name, unless that wait is over the bound or
 * a daily quota is gone; nothing else is retried. Waits end at once when `signal` aborts.
 */
export function retryRule(
  policy: RetryPolicy,
  random: () => number,
  signal: AbortSignal | undefined,
): NonNullable<RetryHandler.RetryOptions['retry']> {
  let retries = 0;
  let rateLimitRetries = 0;
  return (error, _context, done) => {
    const { statusCode, headers, code } = error as Error & {
      statusCode?: number;
      headers?: IncomingHttpHeaders;
      code?: string;
    };
    let waitMs: number;
    if (statusCode === 429) {
      const advice = rateLimitAdvice(headersOf(headers), policy);
      if (
        advice.fatal ||
        rateLimitRetries >= policy.maxRateLimitRetries ||
        advice.waitMs > policy.maxRateLimitWaitMs
      ) {
        return done(error);
      }
      rateLimitRetries += 1;
      waitMs = advice.waitMs;
    } else if (statusCode === 503 || (statusCode === undefined && !FINAL_ERROR_CODES.has(code ?? ''))) {
      if (retries >= policy.maxRetries) return done(error);
      waitMs = backoffDelayMs(retries++, policy, random);
    } else {
      return done(error);
    }
    if (signal?.aborted) return done(error);
    sleep(waitMs, signal).then(
      () => done(null),
      () => done(error),
    );
  };
}
