/**
 * Rate limits like the platform's (platform-facts section 2): per session per service group per
 * minute (`Session`), per app per UTC day (`AppDay`), and a separate per-session minute budget
 * for instrument search (`RefDataInstrumentsMinute`). Every API response carries
 * `X-RateLimit-<Dimension>-Limit|Remaining|Reset` (Reset in seconds); a request over a limit is
 * refused with 429 and `Retry-After`. Windows run on real time, not the simulator's clock,
 * because they pace requests, which happen in real time even when a test pins "now".
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { errorBody, ServiceError } from './errors';

export interface RateLimits {
  /** Requests per minute per session per service group (platform: 120). */
  sessionPerMinute: number;
  /** Instrument searches per minute per session. */
  instrumentSearchPerMinute: number;
  /** Requests per UTC day per application (platform: 10,000,000). */
  appPerDay: number;
}

/** Generous by default, so a person at the desktop never meets them; tests configure tiny ones. */
export const DEFAULT_RATE_LIMITS: RateLimits = { sessionPerMinute: 1200, instrumentSearchPerMinute: 600, appPerDay: 10_000_000 };

/** Who is calling, as far as rate limits care (from the verified token). */
export interface RateLimitSubject {
  sessionId: string;
  appKey: string;
}

interface Counter {
  windowEndsAt: number;
  count: number;
}

interface Dimension {
  name: string;
  key: string;
  limit: number;
  windowEndsAt: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Counters are swept once there are this many, dropping the ones whose window has ended. */
const SWEEP_THRESHOLD = 10_000;

export class RateLimiter {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one request of `subject` to `serviceGroup` (`isInstrumentSearch` adds the search
   * budget) and returns the headers to send and, when a limit is exhausted, the seconds to wait.
   */
  take(subject: RateLimitSubject, serviceGroup: string, isInstrumentSearch: boolean): { headers: Record<string, string>; retryAfter?: number } {
    const time = this.now();
    const dimensions: Dimension[] = [
      { name: 'AppDay', key: `app:${subject.appKey}`, limit: this.limits.appPerDay, windowEndsAt: (Math.floor(time / DAY_MS) + 1) * DAY_MS },
      { name: 'Session', key: `session:${subject.sessionId}:${serviceGroup}`, limit: this.limits.sessionPerMinute, windowEndsAt: time + MINUTE_MS },
    ];
    if (isInstrumentSearch) {
      dimensions.push({ name: 'RefDataInstrumentsMinute', key: `search:${subject.sessionId}`, limit: this.limits.instrumentSearchPerMinute, windowEndsAt: time + MINUTE_MS });
    }
    if (this.counters.size > SWEEP_THRESHOLD) this.sweep(time);

    const counters = dimensions.map((dimension) => {
      let counter = this.counters.get(dimension.key);
      if (counter === undefined || counter.windowEndsAt <= time) {
        counter = { windowEndsAt: dimension.windowEndsAt, count: 0 };
        this.counters.set(dimension.key, counter);
      }
      return counter;
    });
    const exhausted = dimensions.map((dimension, index) => (counters[index]?.count ?? 0) >= dimension.limit);
    const refused = exhausted.some(Boolean);
    if (!refused) for (const counter of counters) counter.count += 1;

    const headers: Record<string, string> = {};
    let retryAfter = 0;
    dimensions.forEach((dimension, index) => {
      const counter = counters[index] as Counter;
      const reset = Math.max(1, Math.ceil((counter.windowEndsAt - time) / 1000));
      headers[`x-ratelimit-${dimension.name.toLowerCase()}-limit`] = String(dimension.limit);
      headers[`x-ratelimit-${dimension.name.toLowerCase()}-remaining`] = String(Math.max(0, dimension.limit - counter.count));
      headers[`x-ratelimit-${dimension.name.toLowerCase()}-reset`] = String(reset);
      if (exhausted[index]) retryAfter = Math.max(retryAfter, reset);
    });
    return refused ? { headers, retryAfter } : { headers };
  }

  private sweep(time: number): void {
    for (const [key, counter] of this.counters) if (counter.windowEndsAt <= time) this.counters.delete(key);
  }
}

/**
 * The onRequest hook of the API scope (after the bearer check): `apiPrefix` is the scope's
 * path, whose next segment is the service group (`ref`, `ca`, `developer`).
 */
export function rateLimitHook(
  limiter: RateLimiter,
  apiPrefix: string,
  subjectOf: (request: FastifyRequest) => RateLimitSubject | undefined,
): onRequestHookHandler {
  // A callback hook: counting is synchronous, so the request need not wait a promise round.
  return function limitRate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const subject = subjectOf(request);
    if (subject === undefined) return done();
    const path = (request.url.split('?')[0] ?? '').slice(apiPrefix.length);
    const serviceGroup = path.split('/')[1] ?? '';
    const isInstrumentSearch = request.method === 'GET' && /^\/ref\/v1\/instruments\/?$/i.test(path);
    const { headers, retryAfter } = limiter.take(subject, serviceGroup.toLowerCase(), isInstrumentSearch);
    void reply.headers(headers);
    if (retryAfter === undefined) return done();
    const error = new ServiceError(429, 'TooManyRequests', `Rate limit exceeded; retry after ${retryAfter} s.`);
    void reply.status(429).header('retry-after', String(retryAfter)).send(errorBody(error));
  };
}
