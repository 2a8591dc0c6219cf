/**
 * Rate limits like the platform's (platform-facts section 2): per session per service group per
 * minute (`Session`), per app per UTC day (`AppDay`), and a separate per-session minute budget
 * for instrument search (`RefDataInstrumentsMinute`). Every API response carries
 * `X-RateLimit-<Dimension>-Limit|Remaining|Reset` (Reset in seconds); a request over a limit is
 * refused with 429 and `Retry-After`.
 *
 * Counting is @fastify/rate-limit's (one limiter per dimension, its LRU store); what is ours is
 * which counters a request meets. A request is classified by the route Fastify MATCHED, never by
 * the raw URL, so `/%72ef/v1/…` or `/ref/v1/instruments/` count against the same group as the
 * plain path. Keys come from the verified token (session and app), never the IP. Windows run on
 * real time, not the simulator's clock: they pace requests, which happen in real time even when
 * a test pins "now".
 */
import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type LimiterAnswer = Awaited<ReturnType<Limiter>>;

interface Dimension {
  /** The header's name part: `X-RateLimit-<name>-…`. */
  name: 'AppDay' | 'Session' | 'RefDataInstrumentsMinute';
  limit: number;
  limiter: Limiter;
  /** Seconds until this dimension's window ends, from the limiter's answer. */
  resetSeconds(answer: Counted, now: number): number;
}

/** A limiter's answer for one request: how many requests remain and when its window ends. */
interface Counted {
  remaining: number;
  ttlMs: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The one group of API paths that match no route (they are answered 404, but still counted). */
const UNROUTED = '(no route)';

/** The service group (`ref`, `ca`, `developer`) of the route the request matched under `apiPrefix`. */
export function serviceGroupOf(request: FastifyRequest, apiPrefix: string): string {
  const route = request.routeOptions.url;
  if (route === undefined || !route.startsWith(`${apiPrefix}/`)) return UNROUTED;
  return route.slice(apiPrefix.length + 1).split('/', 1)[0] ?? UNROUTED;
}

/** Seconds of a minute window left, from the limiter's ttl (0 when the counter is new). */
function minuteReset(answer: Counted): number {
  return answer.ttlMs > 0 ? Math.max(1, Math.ceil(answer.ttlMs / 1000)) : MINUTE_MS / 1000;
}

/** Seconds until the next UTC midnight: AppDay counts per calendar day. */
function dayReset(_answer: Counted, now: number): number {
  return Math.max(1, Math.ceil(((Math.floor(now / DAY_MS) + 1) * DAY_MS - now) / 1000));
}

function countedOf(answer: LimiterAnswer, limit: number): Counted {
  // `isAllowed` is true only for an allow list, which these limiters have none of.
  return answer.isAllowed ? { remaining: limit, ttlMs: 0 } : { remaining: answer.remaining, ttlMs: answer.ttl };
}

/**
 * Registers @fastify/rate-limit on the API scope `api` (whose prefix is the API's path) and an
 * onRequest hook that counts each request with a verified token against its dimensions. Add it
 * after the bearer check; `limits` false adds nothing.
 */
export async function registerRateLimits(
  api: FastifyInstance,
  limits: Partial<RateLimits> | false,
  subjectOf: (request: FastifyRequest) => RateLimitSubject | undefined,
): Promise<void> {
  if (limits === false) return;
  const { sessionPerMinute, instrumentSearchPerMinute, appPerDay } = { ...DEFAULT_RATE_LIMITS, ...limits };
  // Not global: no route gets the plugin's own hook and headers; the dimensions below are ours.
  // Each limiter keeps the plugin's default 5,000 counters, least recently used dropped first.
  await api.register(rateLimitPlugin, { global: false });
  const apiPrefix = api.prefix;
  const searchRoute = `${apiPrefix}/ref/v1/instruments`;
  // Key generators run only for requests the hook below found a subject for.
  const subject = (request: FastifyRequest): RateLimitSubject => subjectOf(request) ?? { sessionId: '', appKey: '' };

  const appDay: Dimension = {
    name: 'AppDay',
    limit: appPerDay,
    // The UTC day is part of the key, so each day starts a counter of its own.
    limiter: api.createRateLimit({ max: appPerDay, timeWindow: DAY_MS, keyGenerator: (request) => `${subject(request).appKey}:${Math.floor(Date.now() / DAY_MS)}` }),
    resetSeconds: dayReset,
  };
  const session: Dimension = {
    name: 'Session',
    limit: sessionPerMinute,
    limiter: api.createRateLimit({ max: sessionPerMinute, timeWindow: MINUTE_MS, keyGenerator: (request) => `${subject(request).sessionId}:${serviceGroupOf(request, apiPrefix)}` }),
    resetSeconds: minuteReset,
  };
  const search: Dimension = {
    name: 'RefDataInstrumentsMinute',
    limit: instrumentSearchPerMinute,
    limiter: api.createRateLimit({ max: instrumentSearchPerMinute, timeWindow: MINUTE_MS, keyGenerator: (request) => subject(request).sessionId }),
    resetSeconds: minuteReset,
  };

  api.addHook('onRequest', async function limitRate(request: FastifyRequest, reply: FastifyReply) {
    if (subjectOf(request) === undefined) return;
    const dimensions = request.routeOptions.url === searchRoute ? [appDay, session, search] : [appDay, session];
    // Peek first: a request refused by one dimension uses up none of the others.
    const peeked = await Promise.all(dimensions.map(async (dimension) => countedOf(await dimension.limiter(request, { increment: false }), dimension.limit)));
    let exhausted = peeked.map((answer) => answer.remaining <= 0);
    let counted = peeked;
    if (!exhausted.some(Boolean)) {
      const answers = await Promise.all(dimensions.map((dimension) => dimension.limiter(request)));
      counted = answers.map((answer, index) => countedOf(answer, dimensions[index]!.limit));
      // Concurrent requests may have taken the last ones between the peek and the count.
      exhausted = answers.map((answer) => !answer.isAllowed && answer.isExceeded);
    }
    const now = Date.now();
    let retryAfter = 0;
    dimensions.forEach((dimension, index) => {
      const answer = counted[index]!;
      const reset = dimension.resetSeconds(answer, now);
      const prefix = `x-ratelimit-${dimension.name.toLowerCase()}`;
      reply.header(`${prefix}-limit`, String(dimension.limit));
      reply.header(`${prefix}-remaining`, String(Math.max(0, answer.remaining)));
      reply.header(`${prefix}-reset`, String(reset));
      if (exhausted[index]) retryAfter = Math.max(retryAfter, reset);
    });
    if (retryAfter === 0) return;
    const error = new ServiceError(429, 'TooManyRequests', `Rate limit exceeded; retry after ${retryAfter} s.`);
    return reply.status(429).header('retry-after', String(retryAfter)).send(errorBody(error));
  });
}
