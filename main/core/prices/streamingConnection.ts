/**
 * The platform's streaming connection, held in main (the token never leaves it):
 *
 * - `PUT {base}/streamingws/authorize?contextId=` with the token, then the WebSocket
 *   `{base}/streamingws/connect?contextId=&Authorization=Bearer…&sendHeartbeats=true`, with
 *   `&messageid=<last seen>` on a reconnection so the service sends what was missed;
 * - a renewed token is sent with the authorize PUT again, on the open connection;
 * - control messages: `_connectionheartbeat` (keeps the silence watchdog quiet), `_heartbeat`
 *   (subscriptions with nothing new), `_resetsubscriptions` (recreate the named subscriptions, or
 *   all), `_disconnect` (the service ends the connection: renew the token and come back),
 *   `_reconnect`; a gap in the message ids is a reset of everything;
 * - a connection that drops or stays silent past the watchdog (the service beats every 2 s of
 *   silence) is opened again at once, then with backoff (250 ms doubling to 5 s, jittered);
 *   close code 1002 or a 401 at the upgrade means the token expired: renew and come back.
 */
import { WebSocket } from 'ws';
import type { PriceStreamStatus } from '../../../contract/prices';
import { renewSession, type SessionAuth } from '../api/bearer';
import { ServiceCallError } from '../api/errors';
import { resolveUrl } from '../api/query';
import { parseStreamingFrame, type StreamingMessage } from './streamingFrames';
import type { TradeRequests } from './tradeRequests';

/** What the connection tells its owner. */
export interface StreamingHandlers {
  /** A data message of subscription `referenceId`. */
  onMessage(referenceId: string, payload: unknown): void;
  /** Subscriptions the service says have nothing new (they are alive). */
  onHeartbeat(referenceIds: string[]): void;
  /** Subscriptions to create again (`'all'`: every one): their deltas can no longer be trusted. */
  onReset(referenceIds: string[] | 'all'): void;
  onState(status: PriceStreamStatus): void;
}

export interface StreamingConnectionOptions {
  contextId: string;
  /** The service base (ending in `/openapi`) of the moment. */
  baseUrl: () => string;
  auth: SessionAuth;
  requests: TradeRequests;
  handlers: StreamingHandlers;
  /** Longest silence before the connection counts as dead (default 10 s: five missed heartbeats). */
  silenceMs?: number;
  firstRetryMs?: number;
  lastRetryMs?: number;
  random?: () => number;
}

/** Close code the platform uses when the token expired or its session ended. */
const CLOSE_TOKEN_EXPIRED = 1002;

/** How one connection ended. */
type Ended =
  { kind: 'dropped'; reason: string; wasLive: boolean } | { kind: 'expired' } | { kind: 'stopped' };

export class StreamingConnection {
  private lastMessageId: number | undefined;
  private socket: WebSocket | undefined;
  private authorizedToken: string | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;

  constructor(private readonly options: StreamingConnectionOptions) {}

  /** The id of the last message received (what a reconnection resumes after). */
  get lastId(): number | undefined {
    return this.lastMessageId;
  }

  /** Opens the connection and keeps it open until `stop()` (once; later calls do nothing). */
  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.running = this.run().finally(() => (this.running = undefined));
  }

  /** Closes the connection and waits until it is closed. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    this.socket?.close(1000, 'RefDesk no longer shows prices');
    await this.running;
    this.lastMessageId = undefined;
  }

  /** Sends the session's token to the open connection (after a renewal); no-op when unchanged. */
  async reauthorize(): Promise<void> {
    const token = this.options.auth.accessToken();
    if (!this.socket || !token || token === this.authorizedToken) return;
    await this.authorize(token);
  }

  private async authorize(token: string): Promise<void> {
    await this.options.requests.send(
      'PUT',
      `streamingws/authorize?contextId=${encodeURIComponent(this.options.contextId)}`,
    );
    this.authorizedToken = token;
  }

  private async run(): Promise<void> {
    const first = this.options.firstRetryMs ?? 250;
    const last = this.options.lastRetryMs ?? 5000;
    const random = this.options.random ?? Math.random;
    const { handlers } = this.options;
    let retryMs = first;
    let everLive = false;
    /** Renewals in a row that did not get a connection open: a token the service keeps refusing is not renewed forever. */
    let renewalsInRow = 0;
    handlers.onState({ state: 'connecting' });
    while (!this.stopping) {
      const token = this.options.auth.accessToken();
      if (!token) {
        handlers.onState({ state: 'unavailable', message: 'Sign in to see prices.' });
        return;
      }
      let ended: Ended;
      try {
        await this.authorize(this.options.auth.accessToken() ?? token);
        ended = await this.connectOnce(this.authorizedToken ?? token, () => {
          everLive = true;
          retryMs = first;
          renewalsInRow = 0;
          handlers.onState({ state: 'live' });
        });
      } catch (error) {
        if (
          error instanceof ServiceCallError &&
          error.status !== undefined &&
          error.status < 500 &&
          error.status !== 429
        ) {
          handlers.onState({
            state: 'unavailable',
            message: `The service refused the price stream: ${error.message}`,
          });
          return;
        }
        ended = { kind: 'dropped', reason: (error as Error).message, wasLive: false };
      }
      if (ended.kind === 'stopped' || this.stopping) break;
      if (ended.kind === 'expired') {
        // The token ran out on the open connection: a renewed one comes straight back.
        if (++renewalsInRow <= 2 && (await renewSession(this.options.auth, this.authorizedToken))) continue;
        handlers.onState({
          state: 'unavailable',
          message: 'The session ended: sign in again to see prices.',
        });
        return;
      }
      handlers.onState({
        state: everLive ? 'reconnecting' : 'connecting',
        message: `The price stream was interrupted (${ended.reason}); reconnecting.`,
      });
      if (ended.wasLive) continue;
      await this.sleep(retryMs / 2 + (random() * retryMs) / 2);
      retryMs = Math.min(retryMs * 2, last);
    }
    handlers.onState({ state: 'idle' });
  }

  /** The WebSocket address on the service base: ws(s)://…/streamingws/connect?… */
  private connectUrl(token: string): string {
    const url = resolveUrl(this.options.baseUrl(), 'streamingws/connect');
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('contextId', this.options.contextId);
    url.searchParams.set('Authorization', `Bearer ${token}`);
    url.searchParams.set('sendHeartbeats', 'true');
    if (this.lastMessageId !== undefined) url.searchParams.set('messageid', String(this.lastMessageId));
    return url.href;
  }

  /** One connection, until it ends; `live` runs once it is open. */
  private connectOnce(token: string, live: () => void): Promise<Ended> {
    return new Promise<Ended>((resolve) => {
      const socket = new WebSocket(this.connectUrl(token), {
        perMessageDeflate: false,
        handshakeTimeout: 10_000,
      });
      this.socket = socket;
      let opened = false;
      let settled: Ended | undefined;
      const silenceMs = this.options.silenceMs ?? 10_000;
      let watchdog: NodeJS.Timeout | undefined;
      const finish = (ended: Ended) => {
        settled ??= ended;
      };
      const heard = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => {
          finish({ kind: 'dropped', reason: `nothing heard for ${silenceMs / 1000} s`, wasLive: true });
          socket.terminate();
        }, silenceMs);
      };
      socket.on('unexpected-response', (_request, response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        finish(
          status === 401
            ? { kind: 'expired' }
            : { kind: 'dropped', reason: `the service answered ${status}`, wasLive: false },
        );
        socket.terminate();
      });
      socket.on('open', () => {
        opened = true;
        heard();
        live();
      });
      socket.on('message', (data, isBinary) => {
        heard();
        if (!isBinary) return;
        try {
          this.deliver(parseStreamingFrame(Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[])));
        } catch (error) {
          finish({ kind: 'dropped', reason: (error as Error).message, wasLive: true });
          socket.terminate();
        }
      });
      socket.on('error', (error) => finish({ kind: 'dropped', reason: error.message, wasLive: opened }));
      socket.on('close', (code) => {
        clearTimeout(watchdog);
        if (this.socket === socket) this.socket = undefined;
        if (this.stopping) return resolve({ kind: 'stopped' });
        if (code === CLOSE_TOKEN_EXPIRED) return resolve({ kind: 'expired' });
        resolve(settled ?? { kind: 'dropped', reason: `the connection closed (${code})`, wasLive: opened });
      });
    });
  }

  private deliver(messages: StreamingMessage[]): void {
    const { handlers } = this.options;
    for (const message of messages) {
      if (message.referenceId === '_connectionheartbeat') continue;
      if (message.id > 0) {
        // A message lost on the way leaves the quotes unmerged: start them afresh.
        const gap =
          this.lastMessageId !== undefined &&
          message.id !== this.lastMessageId + 1 &&
          message.referenceId !== '_resetsubscriptions';
        this.lastMessageId = message.id;
        if (gap) handlers.onReset('all');
      }
      const control = Array.isArray(message.payload)
        ? (message.payload[0] as Record<string, unknown>)
        : undefined;
      switch (message.referenceId) {
        case '_heartbeat': {
          const beats = Array.isArray(control?.Heartbeats)
            ? (control.Heartbeats as Record<string, unknown>[])
            : [];
          handlers.onHeartbeat(beats.map((beat) => String(beat.OriginatingReferenceId)));
          break;
        }
        case '_resetsubscriptions': {
          const targets = Array.isArray(control?.TargetReferenceIds)
            ? control.TargetReferenceIds.map(String)
            : [];
          handlers.onReset(targets.length > 0 ? targets : 'all');
          break;
        }
        case '_disconnect':
          // The service closes next (code 1002 when the token ran out).
          break;
        case '_reconnect':
          this.socket?.terminate();
          break;
        default:
          if (!message.referenceId.startsWith('_')) handlers.onMessage(message.referenceId, message.payload);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}
