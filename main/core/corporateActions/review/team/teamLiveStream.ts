/**
 * The team's live changes, heard in main: `GET /v1/events/stream` on the replica requests go
 * to, with the signed-in user's token, kept open for as long as the team store is in use.
 *
 * - A connection that ends, breaks or stays silent past three heartbeats moves to the next
 *   replica of the list at once, resuming with Last-Event-ID (the service replays what was
 *   missed, or says `reset` when it was too much).
 * - When every replica failed in a row, or the service says the database is gone, the store is
 *   "unavailable" (with the reason) and the stream tries again with backoff (250 ms doubling to
 *   5 s, jittered), until one answers.
 * - `expired` (the token ran out) reconnects at once with the renewed token.
 * - `refused` (the sign-in was revoked, or the user left the team) is said in words, like a
 *   refused connection, and tried again with backoff (a new sign-in or membership ends it).
 */
import type { ReviewChangeMessage } from '../../../../../contract/wire/review';
import { notTeamMemberRefusal, notTeamMemberText } from './notTeamMember';
import { serverSentEvents } from './serverSentEvents';
import type { TeamServiceClient } from './teamServiceClient';
import { TEAM_REVIEW_UNAVAILABLE_TEXT as UNAVAILABLE } from '../../../../../contract/review';

export interface LiveStreamHandlers {
  /** A change committed by any desk of the team (including this one). */
  onChange(message: ReviewChangeMessage): void;
  /** Too much was missed to replay: read the states on screen again. */
  onReset(): void;
  /** Whether the team service can be used now, with the reason when it cannot. */
  onState(state: 'available' | 'unavailable', message?: string, replica?: string): void;
}

export interface TeamLiveStreamOptions {
  client: TeamServiceClient;
  handlers: LiveStreamHandlers;
  /** Longest silence before a connection is taken as dead (default 45 s: three of the service's heartbeats). */
  silenceMs?: number;
  firstRetryMs?: number;
  lastRetryMs?: number;
  random?: () => number;
}

/** How long a stream must have been live for its end to count as a drop rather than a failure. */
const LIVE_BEFORE_DROP_MS = 1000;

/** How one connection ended; `dropped`: it had been live (the service said ready) a while before it ended. */
type Ended =
  | { kind: 'ended'; dropped: boolean }
  | { kind: 'expired' }
  | { kind: 'failed'; reason: string; dropped: boolean }
  | { kind: 'refused'; reason: string };

export class TeamLiveStream {
  private readonly abort = new AbortController();
  private lastEventId: string | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: TeamLiveStreamOptions) {}

  /** Starts listening (once). */
  start(): void {
    this.running ??= this.run();
  }

  /** Stops listening and waits for the connection to close. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    const { client } = this.options;
    // A replica that stopped answering requests is left at once, not after three silent heartbeats.
    const stopListening = client.onSilence((replica) => {
      if (replica === this.connectedTo) this.connection?.abort();
    });
    try {
      await this.loop();
    } finally {
      stopListening();
    }
  }

  /** The replica the stream is connected to now, and how to cut that connection. */
  private connectedTo: string | undefined;
  private connection: AbortController | undefined;

  private async loop(): Promise<void> {
    const { client } = this.options;
    const first = this.options.firstRetryMs ?? 250;
    const last = this.options.lastRetryMs ?? 5000;
    const random = this.options.random ?? Math.random;
    let retryMs = first;
    let failuresInRow = 0;
    const reasons: string[] = [];
    while (!this.stopped) {
      const replica = client.replica;
      const ended = await this.connectOnce(replica, () => {
        failuresInRow = 0;
        reasons.length = 0;
        retryMs = first;
      });
      if (this.stopped) return;
      if (ended.kind === 'expired') continue;
      if (ended.kind === 'refused') {
        // The replica answered, so the others would answer the same: wait, then ask again.
        this.options.handlers.onState('unavailable', ended.reason, replica);
      } else {
        // The replica is gone (or going): the next one, at once, until all failed in a row (a
        // live stream that drops is not a failure yet: the next attempt tells). Requests may have
        // moved on already (a replica that did not answer one): then the stream follows them.
        if (client.replica === replica) client.failOver();
        if (ended.dropped) continue;
        reasons.push(`${replica}: ${ended.kind === 'failed' ? ended.reason : 'the stream ended'}`);
        failuresInRow++;
        if (failuresInRow < client.urls.length) continue;
        this.options.handlers.onState(
          'unavailable',
          `Team review unavailable: no replica of the team review service answers (${reasons.slice(-client.urls.length).join('; ')}).`,
        );
      }
      await this.sleep(retryMs / 2 + (random() * retryMs) / 2);
      retryMs = Math.min(retryMs * 2, last);
    }
  }

  /** One connection to `replica`, read until it ends; `connected` runs once the service said ready. */
  private async connectOnce(replica: string, connected: () => void): Promise<Ended> {
    const { client, handlers } = this.options;
    // No waiting for a sign-in here (requests do): the stream is opened again when the session changes.
    const token = client.auth.accessToken();
    if (!token) return { kind: 'refused', reason: `${UNAVAILABLE}: sign in again to use team review.` };
    let ready = false;
    let readyAt = 0;
    const connection = new AbortController();
    this.connection = connection;
    this.connectedTo = replica;
    /** Live for a while before it ended: worth an immediate retry (a stream that ends at once is a failure, or it would be retried in a tight loop). */
    const dropped = () => ready && performance.now() - readyAt > LIVE_BEFORE_DROP_MS;
    try {
      const url = new URL(replica);
      const response = await client.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname.replace(/\/+$/, '')}/v1/events/stream`,
        method: 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          ...(this.lastEventId !== undefined ? { 'last-event-id': this.lastEventId } : {}),
        },
        headersTimeout: 10_000,
        bodyTimeout: this.options.silenceMs ?? 45_000,
        signal: AbortSignal.any([this.abort.signal, connection.signal]),
      });
      if (response.statusCode !== 200)
        return await this.refused(response.statusCode, await response.body.text(), token);
      /** What the replica said of the database before it was ready, if it ended the stream instead. */
      let refusal: string | undefined;
      for await (const message of serverSentEvents(response.body)) {
        if (this.stopped) break;
        if (message.id !== undefined) this.lastEventId = message.id;
        switch (message.event) {
          case 'ready':
            ready = true;
            readyAt = performance.now();
            connected();
            handlers.onState('available', undefined, replica);
            break;
          case 'change':
            handlers.onChange(JSON.parse(message.data) as ReviewChangeMessage);
            break;
          case 'reset':
            handlers.onReset();
            break;
          case 'unavailable':
            refusal = messageOf(message.data);
            handlers.onState('unavailable', refusal, replica);
            break;
          case 'available':
            handlers.onState('available', undefined, replica);
            break;
          case 'expired':
            return { kind: 'expired' };
          case 'refused': {
            const why = messageOf(message.data) ?? 'it ended the stream';
            const notMember = notTeamMemberRefusal(jsonOf(message.data));
            return {
              kind: 'refused',
              reason: notMember
                ? notTeamMemberText(notMember, client.userName())
                : `${UNAVAILABLE}: the team review service no longer accepts your sign-in: ${why}`,
            };
          }
        }
      }
      // A replica that could not read what was missed (its database is gone) says so and ends: every replica would.
      if (!ready && refusal) return { kind: 'refused', reason: refusal };
      return { kind: 'ended', dropped: dropped() };
    } catch (error) {
      const reason = connection.signal.aborted ? 'it stopped responding' : (error as Error).message;
      return { kind: 'failed', reason, dropped: dropped() };
    } finally {
      this.connectedTo = undefined;
    }
  }

  /**
   * A connection the replica refused: an expired token is renewed and tried again at once; a
   * replica that is not the service, or a proxy without its replica (404, 5xx other than the
   * service's own "unavailable"), counts as a failed replica; anything else (a database that is
   * down, not a member of the team) is the answer every replica would give, said in words.
   */
  private async refused(status: number, text: string, token: string): Promise<Ended> {
    const message = messageOf(text) ?? `the service answered ${status}`;
    if (status === 401) {
      if (/expired/i.test(message) && (await this.options.client.renewed(token))) return { kind: 'expired' };
      return {
        kind: 'refused',
        reason: `${UNAVAILABLE}: the team review service did not accept your sign-in: ${message}`,
      };
    }
    if (message.startsWith(UNAVAILABLE)) return { kind: 'refused', reason: message };
    const notMember = status === 403 ? notTeamMemberRefusal(jsonOf(text)) : undefined;
    if (notMember)
      return { kind: 'refused', reason: notTeamMemberText(notMember, this.options.client.userName()) };
    if (status === 404) return { kind: 'failed', reason: 'not a team review service (404)', dropped: false };
    if (status >= 500) return { kind: 'failed', reason: message, dropped: false };
    return { kind: 'refused', reason: `${UNAVAILABLE}: ${message}` };
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.abort.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.abort.signal.addEventListener('abort', done, { once: true });
    });
  }
}

/** The parsed JSON of a body, or undefined when it is not JSON. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The `Message` of a JSON body, or undefined. */
function messageOf(text: string): string | undefined {
  const parsed = jsonOf(text) as { Message?: unknown } | undefined;
  return typeof parsed?.Message === 'string' ? parsed.Message : undefined;
}
