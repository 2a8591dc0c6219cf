/**
 * How long the simulator waits for a client and how much it reads. Fastify's defaults wait
 * forever (`requestTimeout` and `connectionTimeout` are 0), so a client that opens requests and
 * never finishes them (headers trickled, a body that never ends) held its sockets without
 * limit. Every limit here closes such a connection; the defaults are far above what any honest
 * client of a loopback service needs, and tests shorten them.
 */
import type { ServerOptions } from 'node:http';

export interface ConnectionLimits {
  /** The request line and headers must have arrived this long after the connection started (ms). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this (ms); at least `headersTimeoutMs`. */
  requestTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed (ms); longer than any answer takes. */
  idleTimeoutMs: number;
  /** A kept-alive connection with no new request is closed after this (ms). */
  keepAliveTimeoutMs: number;
  /** Largest request body (bytes); the API takes none and the auth server's forms are small. */
  bodyLimitBytes: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 10_000,
  bodyLimitBytes: 64 * 1024,
};

/** The part of Fastify's options these limits set. */
export interface FastifyConnectionOptions {
  connectionTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  bodyLimit: number;
  http: ServerOptions;
}

/** Longest and shortest period of Node's sweep for expired requests (its default is 30 s). */
const MAX_CHECK_INTERVAL_MS = 1_000;
const MIN_CHECK_INTERVAL_MS = 25;

/**
 * Fastify options for `limits` (defaults for what is not given). Node enforces the header and
 * request timeouts with a periodic sweep, every 30 s by default; the sweep here runs often enough
 * that a connection is closed within a quarter of its timeout (at most a second) after it.
 */
export function fastifyConnectionOptions(limits: Partial<ConnectionLimits> = {}): FastifyConnectionOptions {
  const merged = { ...DEFAULT_CONNECTION_LIMITS, ...limits };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isInteger(value) || value <= 0) throw new RangeError(`Connection limit ${name} must be a positive whole number (got ${value}).`);
  }
  // Node refuses a header timeout longer than the request timeout.
  const headersTimeout = Math.min(merged.headersTimeoutMs, merged.requestTimeoutMs);
  const checkInterval = Math.max(MIN_CHECK_INTERVAL_MS, Math.min(MAX_CHECK_INTERVAL_MS, Math.floor(headersTimeout / 4)));
  return {
    connectionTimeout: merged.idleTimeoutMs,
    requestTimeout: merged.requestTimeoutMs,
    keepAliveTimeout: merged.keepAliveTimeoutMs,
    bodyLimit: merged.bodyLimitBytes,
    http: { headersTimeout, requestTimeout: merged.requestTimeoutMs, connectionsCheckingInterval: checkInterval },
  };
}
