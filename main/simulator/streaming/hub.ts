/**
 * The simulator's streaming: every user's contexts and their subscriptions, and the clock that
 * drives them. Each tick (every 50 ms) the subscriptions that are due (a subscription refreshing
 * every N ms is due on the multiples of N, so subscriptions of the same rate on all connections
 * fall due together) compute what changed from one quote per instrument, and each connection
 * gets one frame holding all its messages. A connection with too much unsent skips ticks until
 * it drains (its next delta then holds everything that changed meanwhile). Housekeeping (every
 * 500 ms) sends heartbeats, ends connections whose token expired or whose session was ended,
 * and drops the contexts nobody reconnected to.
 */
import type { WebSocket } from 'ws';
import { ServiceError } from '../http/errors';
import type { Market } from '../market/market';
import { StreamingContext } from './context';
import type { StreamingLimits } from './limits';
import type { Subscription, SubscriptionKind } from './subscription';
import { TickMemo } from './tickMemo';

const TICK_MS = 50;
const HOUSEKEEPING_MS = 500;
/** WebSocket close codes the platform's library tells apart. */
export const CLOSE_NORMAL = 1000;
export const CLOSE_TOKEN_EXPIRED = 1002;

/**
 * Checks a connection's authorization again: its sign-in session not revoked (a sign-out, a
 * revoked token), its token still good; false ends the connection.
 */
export type TokenStillValid = (authorization: { token: string; sessionId: string }) => boolean;

export interface StreamingHubOptions {
  market: Market;
  limits: StreamingLimits;
  tokenStillValid: TokenStillValid;
  /** The simulator's clock, which token expiries are measured on. */
  clock: () => Date;
}

export class StreamingHub {
  private readonly contexts = new Map<string, Map<string, StreamingContext>>();
  private readonly connected = new Set<StreamingContext>();
  private tickTimer: NodeJS.Timeout | undefined;
  private readonly housekeepingTimer: NodeJS.Timeout;
  /** Quote updates sent since the hub started (instrument deltas: list entries and chain sides count one each). */
  quotesSent = 0;

  constructor(private readonly options: StreamingHubOptions) {
    this.housekeepingTimer = setInterval(() => this.housekeep(), HOUSEKEEPING_MS);
    this.housekeepingTimer.unref();
  }

  get limits(): StreamingLimits {
    return this.options.limits;
  }

  private contextsOf(owner: string): Map<string, StreamingContext> {
    let owned = this.contexts.get(owner);
    if (!owned) this.contexts.set(owner, (owned = new Map()));
    return owned;
  }

  /** The owner's context `contextId`, if it exists. */
  find(owner: string, contextId: string): StreamingContext | undefined {
    return this.contexts.get(owner)?.get(contextId.toLowerCase());
  }

  /** The owner's context `contextId`, created when missing (within the owner's limit of contexts). */
  contextFor(owner: string, contextId: string): StreamingContext {
    const owned = this.contextsOf(owner);
    let context = owned.get(contextId.toLowerCase());
    if (!context) {
      if (owned.size >= this.limits.contextsPerUser) {
        throw new ServiceError(
          429,
          'TooManyStreamingContexts',
          `A user may hold at most ${this.limits.contextsPerUser} streaming contexts.`,
        );
      }
      context = new StreamingContext(owner, contextId, this.limits.replayMessages, Date.now());
      owned.set(contextId.toLowerCase(), context);
    }
    return context;
  }

  private subscriptionCount(owner: string): number {
    let count = 0;
    for (const context of this.contexts.get(owner)?.values() ?? []) count += context.subscriptions.size;
    return count;
  }

  /**
   * Adds a subscription to the owner's context, replacing `replaces` (a reference id) when given.
   * Refused when the reference id is taken or the owner holds the most subscriptions allowed.
   */
  subscribe(owner: string, contextId: string, subscription: Subscription, replaces?: string): void {
    const context = this.contextFor(owner, contextId);
    if (replaces !== undefined) context.subscriptions.delete(replaces.toLowerCase());
    const key = subscription.referenceId.toLowerCase();
    if (context.subscriptions.has(key))
      throw new ServiceError(
        409,
        'SubscriptionAlreadyExists',
        'Subscription Key (Streaming Session, Reference Id) already in use',
      );
    if (this.subscriptionCount(owner) >= this.limits.subscriptionsPerUser) {
      throw new ServiceError(
        409,
        'SubscriptionLimitExceeded',
        `A user may hold at most ${this.limits.subscriptionsPerUser} subscriptions.`,
      );
    }
    // Due at its rate's next multiple, like every subscription of that rate.
    subscription.nextDue = (Math.floor(Date.now() / subscription.refreshRate) + 1) * subscription.refreshRate;
    context.subscriptions.set(key, subscription);
  }

  /** Removes one subscription of `kind`; false when the owner has none of that reference id there. */
  unsubscribe(owner: string, contextId: string, referenceId: string, kind: SubscriptionKind): boolean {
    const context = this.find(owner, contextId);
    const key = referenceId.toLowerCase();
    const subscription = context?.subscriptions.get(key);
    if (!context || !subscription || subscription.kind !== kind) return false;
    context.subscriptions.delete(key);
    return true;
  }

  /** Removes the subscriptions of `kind` in a context, those with `tag` only when given; how many went. */
  unsubscribeAll(owner: string, contextId: string, kind: SubscriptionKind, tag: string | undefined): number {
    const context = this.find(owner, contextId);
    if (!context) return 0;
    let removed = 0;
    for (const [key, subscription] of context.subscriptions) {
      if (subscription.kind !== kind || (tag !== undefined && subscription.tag !== tag)) continue;
      context.subscriptions.delete(key);
      removed++;
    }
    return removed;
  }

  /** A subscription of the owner (for PATCH). */
  subscription(owner: string, contextId: string, referenceId: string): Subscription | undefined {
    return this.find(owner, contextId)?.subscriptions.get(referenceId.toLowerCase());
  }

  /**
   * Renews the token of the context's open connection (the authorize PUT), creating the context
   * when new. `sessionId`: the sign-in session of the token, whose revocation ends the connection.
   */
  authorize(owner: string, contextId: string, token: string, tokenExpiresAt: number, sessionId: string): void {
    const context = this.contextFor(owner, contextId);
    if (context.connection) {
      context.connection.token = token;
      context.connection.tokenExpiresAt = tokenExpiresAt;
      context.connection.sessionId = sessionId;
    }
  }

  /** Open connections of an owner. */
  connectionCount(owner: string): number {
    let count = 0;
    for (const context of this.connected) if (context.owner === owner) count++;
    return count;
  }

  /**
   * Takes an accepted WebSocket as the context's connection (closing any earlier one) and, when
   * the client resumes after `lastSeen`, sends what it missed or tells it to reset.
   */
  connect(
    context: StreamingContext,
    socket: WebSocket,
    token: { token: string; expiresAt: number; sessionId: string },
    sendHeartbeats: boolean,
    lastSeen: number | undefined,
  ): void {
    const now = Date.now();
    // The upgrade took a moment: housekeeping may have let go of the context meanwhile.
    const owned = this.contextsOf(context.owner);
    if (!owned.has(context.contextId.toLowerCase())) owned.set(context.contextId.toLowerCase(), context);
    context.connection?.socket.close(CLOSE_NORMAL, 'Replaced by a newer connection of the context');
    context.connection = {
      socket,
      token: token.token,
      tokenExpiresAt: token.expiresAt,
      sessionId: token.sessionId,
      sendHeartbeats,
      lastSentAt: now,
    };
    context.disconnectedAt = undefined;
    this.connected.add(context);
    socket.on('close', () => {
      if (context.connection?.socket !== socket) return;
      context.connection = undefined;
      context.disconnectedAt = Date.now();
      this.connected.delete(context);
    });
    // Clients send nothing on this connection; whatever they do send is ignored.
    socket.on('message', () => undefined);
    socket.on('error', () => socket.terminate());
    if (lastSeen !== undefined) {
      const missed = context.resumeAfter(lastSeen);
      if (missed === 'reset') {
        context.restartSequence();
        context.send(
          [
            {
              referenceId: '_resetsubscriptions',
              payload: '[{"ReferenceId":"_resetsubscriptions","TargetReferenceIds":[]}]',
            },
          ],
          now,
        );
      } else {
        for (const buffer of missed) socket.send(buffer);
      }
    }
    this.startTicking();
  }

  private startTicking(): void {
    if (this.tickTimer) return;
    this.tickTimer = setInterval(() => this.tick(), TICK_MS);
    this.tickTimer.unref();
  }

  /** One refresh: every due subscription of every connected context sends what changed. */
  tick(now = Date.now()): void {
    if (this.connected.size === 0) {
      clearInterval(this.tickTimer);
      this.tickTimer = undefined;
      return;
    }
    let memo: TickMemo | undefined;
    for (const context of this.connected) {
      const connection = context.connection!;
      const backedUp = connection.socket.bufferedAmount > this.limits.maxBufferedBytes;
      const messages: { referenceId: string; payload: string }[] = [];
      for (const subscription of context.subscriptions.values()) {
        if (now < subscription.nextDue || backedUp) continue;
        subscription.nextDue = (Math.floor(now / subscription.refreshRate) + 1) * subscription.refreshRate;
        memo ??= new TickMemo(this.options.market, this.options.market.now());
        const payload = subscription.delta(memo);
        if (payload === undefined) continue;
        messages.push({ referenceId: subscription.referenceId, payload });
        subscription.lastHeard = now;
        this.quotesSent += subscription.lastDeltaQuotes;
      }
      if (messages.length > 0) context.send(messages, now);
    }
  }

  private housekeep(): void {
    const now = Date.now();
    const clockNow = this.options.clock().getTime();
    for (const context of this.connected) {
      const connection = context.connection!;
      if (connection.tokenExpiresAt <= clockNow || !this.options.tokenStillValid(connection)) {
        // The platform's way: tell the client, then close with the code its library reads as "token expired".
        context.send([{ referenceId: '_disconnect', payload: '[{"ReferenceId":"_disconnect"}]' }], now);
        connection.socket.close(CLOSE_TOKEN_EXPIRED, 'The access token expired or its session ended');
        continue;
      }
      const silent = [...context.subscriptions.values()].filter(
        (subscription) => now - subscription.lastHeard >= this.limits.subscriptionHeartbeatMs,
      );
      if (silent.length > 0) {
        for (const subscription of silent) subscription.lastHeard = now;
        const heartbeats = silent.map((subscription) => ({
          OriginatingReferenceId: subscription.referenceId,
          Reason: 'NoNewData',
        }));
        context.send(
          [
            {
              referenceId: '_heartbeat',
              payload: JSON.stringify([{ ReferenceId: '_heartbeat', Heartbeats: heartbeats }]),
            },
          ],
          now,
        );
      } else if (
        connection.sendHeartbeats &&
        now - connection.lastSentAt >= this.limits.connectionHeartbeatMs
      ) {
        context.sendConnectionHeartbeat(now);
      }
    }
    for (const [owner, owned] of this.contexts) {
      for (const [key, context] of owned) {
        if (
          context.disconnectedAt !== undefined &&
          now - context.disconnectedAt >= this.limits.disconnectedContextMs
        )
          owned.delete(key);
      }
      if (owned.size === 0) this.contexts.delete(owner);
    }
  }

  /** Closes every connection and stops the clocks (the simulator is closing). */
  close(): void {
    clearInterval(this.housekeepingTimer);
    clearInterval(this.tickTimer);
    this.tickTimer = undefined;
    for (const context of this.connected) {
      const socket = context.connection?.socket;
      socket?.close(CLOSE_NORMAL, 'The simulator is stopping');
      // A client that does not answer the close is not waited for.
      if (socket) setTimeout(() => socket.terminate(), 1000).unref();
    }
    this.connected.clear();
    this.contexts.clear();
  }
}

