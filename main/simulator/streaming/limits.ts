/**
 * The limits of the simulator's streaming, per user (the owner of the bearer token): how many
 * streaming contexts, connections and subscriptions one user may hold, how large a
 * subscription may be, how fast it refreshes, and the timings of heartbeats and resumption.
 * The defaults sit far above what a trading desk needs; tests set small ones.
 */

export interface StreamingLimits {
  /** Open streaming connections (WebSockets) per user. */
  connectionsPerUser: number;
  /** Streaming contexts per user (a context exists from its first authorize, subscription or connection). */
  contextsPerUser: number;
  /** Subscriptions per user, over all contexts. */
  subscriptionsPerUser: number;
  /** Instruments in one list subscription or list snapshot (`Uics`). */
  instrumentsPerList: number;
  /** Strikes in one expiry's window of an option chain subscription (MaxStrikesPerExpiry). */
  strikesPerExpiry: number;
  /** Expiries one option chain subscription may ask for. */
  expiriesPerChain: number;
  /** Shortest refresh rate granted (ms); a lower one asked for is raised to it. */
  minimumRefreshRateMs: number;
  /** Messages kept per context to resume a connection from `messageid`. */
  replayMessages: number;
  /** How long a context's subscriptions outlive its connection, waiting for a reconnection (ms). */
  disconnectedContextMs: number;
  /** A subscription silent this long gets a `_heartbeat` (ms). */
  subscriptionHeartbeatMs: number;
  /** A connection silent this long gets a `_connectionheartbeat`, when it asked for them (ms). */
  connectionHeartbeatMs: number;
  /** A connection with more than this waiting to be sent is skipped until it drains (bytes). */
  maxBufferedBytes: number;
}

export const DEFAULT_STREAMING_LIMITS: StreamingLimits = {
  connectionsPerUser: 100,
  contextsPerUser: 200,
  subscriptionsPerUser: 2_000,
  instrumentsPerList: 1_000,
  strikesPerExpiry: 500,
  expiriesPerChain: 20,
  minimumRefreshRateMs: 100,
  replayMessages: 10_000,
  disconnectedContextMs: 60_000,
  subscriptionHeartbeatMs: 20_000,
  connectionHeartbeatMs: 2_000,
  maxBufferedBytes: 4 * 1024 * 1024,
};

/** The subscriptions' InactivityTimeout (seconds): a subscription hears something at least this often. */
export const INACTIVITY_TIMEOUT_SECONDS = 120;

/** The defaults with `limits` applied; each must be a positive whole number. */
export function streamingLimitsOf(limits: Partial<StreamingLimits> = {}): StreamingLimits {
  const merged = { ...DEFAULT_STREAMING_LIMITS, ...limits };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isInteger(value) || value < 0 || (value === 0 && name !== 'replayMessages'))
      throw new RangeError(`Streaming limit ${name} must be a positive whole number (got ${value}).`);
  }
  return merged;
}
