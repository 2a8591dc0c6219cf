/**
 * Prices on the desk, in main: the views' watches (priceWatches.ts), the subscriptions that
 * serve them (priceSubscriptions.ts), the one streaming connection they stream on
 * (streamingConnection.ts) and the quotes merged from it, pushed to the renderers coalesced per
 * instrument (quoteBook.ts) as `prices:quotes`, with the stream's state as `prices:status`.
 *
 * It follows the session: nothing streams while signed out; a renewed token is sent to the open
 * connection; signing out or changing profile or user ends the connection and forgets every
 * watch, subscription and quote (the renderer watches again for the next user). The connection
 * closes once nothing has been watched for a while.
 */
import { randomBytes } from 'node:crypto';
import type { PushEvents } from '../../../contract/events';
import type { PriceStreamStatus, WatchPricesArg, WatchPricesResult } from '../../../contract/prices';
import type { SessionView } from '../../../contract/session';
import type { SessionAuth } from '../api/bearer';
import type { PushEventBus } from '../events';
import { PriceSubscriptions } from './priceSubscriptions';
import { PriceWatches } from './priceWatches';
import { QuoteBook } from './quoteBook';
import { StreamingConnection, type StreamingConnectionOptions } from './streamingConnection';
import { createTradeRequests, type TradeRequests } from './tradeRequests';

/** Who is signed in on the active profile (`profileId|userId`): how the price service tells users apart. */
export function sessionOwner(session: { view(): SessionView }): string | undefined {
  const view = session.view();
  return view.signedIn && view.user ? `${view.profile.id}|${view.user.userId}` : undefined;
}

export interface PriceServiceOptions {
  auth: SessionAuth;
  /** Who is signed in now (`profileId|userId`), undefined when nobody is: a change ends everything. */
  owner: () => string | undefined;
  /** The active profile's service base (ending in `/openapi`). */
  baseUrl: () => string;
  events: PushEventBus;
  /** The service's subscription requests (undici with the session's token unless given). */
  requests?: TradeRequests;
  /** Least time between two pushes of quotes (default 250 ms). */
  pushIntervalMs?: number;
  /** A subscription heard of neither by an update nor a heartbeat for this long shows as silent (default 45 s). */
  silentMs?: number;
  /** How long a watch lasts without being renewed (default the contract's WATCH_LEASE_MS). */
  leaseMs?: number;
  /** How long the connection stays open with nothing watched (default 30 s). */
  idleMs?: number;
  /** How often leases, silence and idleness are checked (default 5 s). */
  housekeepingMs?: number;
  connection?: Partial<Pick<StreamingConnectionOptions, 'silenceMs' | 'firstRetryMs' | 'lastRetryMs'>>;
}

export class PriceService {
  private readonly watches: PriceWatches;
  private readonly book: QuoteBook;
  private readonly subscriptions: PriceSubscriptions;
  private readonly requests: TradeRequests;
  private connection: StreamingConnection | undefined;
  private contextId = '';
  private status: PriceStreamStatus = { state: 'idle' };
  private owner: string | undefined;
  private idleSince: number | undefined;
  private readonly housekeeping: NodeJS.Timeout;
  private readonly unsubscribeEvents: () => void;

  constructor(private readonly options: PriceServiceOptions) {
    this.watches = new PriceWatches(options.leaseMs);
    this.book = new QuoteBook(
      (quotes, dropped) => options.events.emit('prices:quotes', { quotes, dropped }),
      options.pushIntervalMs,
    );
    this.requests = options.requests ?? createTradeRequests({ baseUrl: options.baseUrl, auth: options.auth });
    this.subscriptions = new PriceSubscriptions({
      requests: this.requests,
      contextId: () => this.contextId,
      book: this.book,
    });
    this.owner = options.owner();
    this.housekeeping = setInterval(() => this.housekeep(), options.housekeepingMs ?? 5000);
    this.housekeeping.unref();
    this.unsubscribeEvents = options.events.subscribe((event, payload) => {
      if (event === 'session:changed') this.onSession(payload as PushEvents['session:changed']);
    });
  }

  /** Quotes what a view shows now; answers the quotes already held and the stream's state. */
  async watch(arg: WatchPricesArg): Promise<WatchPricesResult> {
    if (!this.options.auth.accessToken())
      return { quotes: [], status: { state: 'unavailable', message: 'Sign in to see prices.' } };
    const changed = this.watches.set(arg);
    this.idleSince = undefined;
    this.ensureConnection();
    if (changed) await this.subscriptions.want(this.watches.wanted());
    const quotes = this.watches.keysOf(arg.WatchId).flatMap((key) => this.book.view(key) ?? []);
    return { quotes, status: this.status };
  }

  /** A view no longer shows prices. */
  async unwatch(watchId: string): Promise<void> {
    if (!this.watches.remove(watchId)) return;
    if (this.watches.size === 0) this.idleSince = Date.now();
    await this.subscriptions.want(this.watches.wanted());
  }

  /** How many subscriptions the service holds for the desk (for tests and diagnostics). */
  get subscriptionCount(): number {
    return this.subscriptions.count;
  }

  private ensureConnection(): void {
    if (this.connection) return this.connection.start();
    // A context of its own per connection: a new user or profile never meets the last one's.
    this.contextId = `refdesk-${randomBytes(9).toString('base64url')}`;
    this.connection = new StreamingConnection({
      contextId: this.contextId,
      baseUrl: this.options.baseUrl,
      auth: this.options.auth,
      requests: this.requests,
      ...this.options.connection,
      handlers: {
        onMessage: (referenceId, payload) => this.subscriptions.onMessage(referenceId, payload),
        onHeartbeat: (referenceIds) => this.subscriptions.onHeartbeat(referenceIds),
        onReset: (referenceIds) => void this.subscriptions.reset(referenceIds),
        onState: (status) => this.setStatus(status),
      },
    });
    this.connection.start();
  }

  private setStatus(status: PriceStreamStatus): void {
    if (status.state === this.status.state && status.message === this.status.message) return;
    this.status = status;
    this.options.events.emit('prices:status', status);
  }

  /** Ends the connection and forgets every watch, subscription and quote. */
  private async stopAll(): Promise<void> {
    this.watches.clear();
    this.subscriptions.forgetAll();
    this.book.clear();
    const connection = this.connection;
    this.connection = undefined;
    this.idleSince = undefined;
    await connection?.stop();
    this.setStatus({ state: 'idle' });
  }

  private onSession(session: PushEvents['session:changed']): void {
    const owner =
      session.signedIn && session.user ? `${session.profileId}|${session.user.userId}` : undefined;
    if (owner !== this.owner) {
      this.owner = owner;
      void this.stopAll();
      return;
    }
    // The same user's renewed token: the open connection keeps streaming with it.
    this.connection?.reauthorize().catch(() => undefined);
  }

  private housekeep(): void {
    if (this.watches.expire()) {
      if (this.watches.size === 0) this.idleSince ??= Date.now();
      void this.subscriptions.want(this.watches.wanted());
    }
    this.subscriptions.checkSilence(this.options.silentMs ?? 45_000);
    if (
      this.connection &&
      this.idleSince !== undefined &&
      Date.now() - this.idleSince >= (this.options.idleMs ?? 30_000)
    ) {
      void this.stopAll();
    }
  }

  /** Stops streaming for good (the app is closing). */
  async close(): Promise<void> {
    clearInterval(this.housekeeping);
    this.unsubscribeEvents();
    // Told, the service lets go of the subscriptions now rather than when the context times out.
    if (this.options.auth.accessToken()) await this.subscriptions.endAll();
    await this.stopAll();
  }
}
