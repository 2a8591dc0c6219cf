/**
 * `GET /v1/events/stream`: the team's changes as server-sent events, for every desk of the
 * team, whichever replica it is connected to. Each `change` carries its Sequence as the SSE id;
 * a desk that reconnects (to this or another replica) with `Last-Event-ID` first gets every
 * change it missed, read from the database, then the live ones, without gaps or repeats. A
 * heartbeat comment lets clients and proxies notice a dead connection; the stream ends when the
 * bearer token expires (the desk reconnects with a fresh one), and with `refused` when its caller
 * may no longer read (openStreams.ts: a revoked token, a member removed from the team).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { ReviewChangeMessage, TeamReviewStreamEvent } from '../../../contract/wire/review';
import type { Caller } from '../auth/identity';
import { ReviewServiceError } from '../errors';
import type { ChangeFeed } from '../live/changeFeed';
import { changesAfter, latestSequence, type StoredChange } from '../review/queries';
import type { OpenStreams, StreamEnding } from './openStreams';

/** Most changes replayed to a reconnecting desk; beyond that it is told to reload (`reset`). */
export const REPLAY_LIMIT = 1000;
/** A desk that stops reading is cut off once this much waits for it (it resumes with Last-Event-ID). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface StreamDependencies {
  feed: ChangeFeed;
  pool: pg.Pool;
  team: string;
  authenticate: (request: FastifyRequest) => Promise<Caller>;
  heartbeatMs: number;
  /** Every open stream of this replica, by caller (limits and refusals). */
  streams: OpenStreams;
}

/** Registers the stream route; answers a function ending every open stream (for shutdown). */
export function registerStream(app: FastifyInstance, deps: StreamDependencies): () => void {
  app.get('/v1/events/stream', async (request, reply) => {
    const caller = await deps.authenticate(request);
    const resumeFrom = parseLastEventId(request.headers['last-event-id']);
    deps.streams.admit(caller);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // A stream ends only when its connection does, so the connection is never offered for
      // reuse: after a client (Node's fetch) cancelled a stream, its next review action waited
      // behind it and was cut off with 408 (reviewServiceInputAndLoad's 5xx test caught it).
      connection: 'close',
    });
    let corked = false;
    const writeEncoded = (event: TeamReviewStreamEvent, data: string, id?: number) => {
      if (raw.writableEnded) return;
      // Messages written in one tick (a batch of changes read together) leave in one write.
      if (!corked) {
        corked = true;
        raw.cork();
        process.nextTick(() => {
          corked = false;
          raw.uncork();
        });
      }
      raw.write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${data}\n\n`);
      if (raw.writableLength > MAX_BUFFERED_BYTES) end();
    };
    const write = (event: TeamReviewStreamEvent, data: unknown, id?: number) =>
      writeEncoded(event, JSON.stringify(data), id);

    let lastSent = resumeFrom ?? deps.feed.lastDelivered;
    let replaying = true;
    const waiting: StoredChange[] = [];
    const send = (change: StoredChange) => {
      if (change.message.Sequence <= lastSent) return;
      lastSent = change.message.Sequence;
      const data = dataFor(change, caller);
      if (data !== undefined) writeEncoded('change', data, lastSent);
    };
    const unsubscribe = deps.feed.subscribe((change) => (replaying ? waiting.push(change) : send(change)));
    const unwatch = deps.feed.onStatus((status, message) => write(status, { Message: message }));
    const heartbeat = setInterval(() => !raw.writableEnded && raw.write(': heartbeat\n\n'), deps.heartbeatMs);
    const expiry = setTimeout(
      () => {
        write('expired', {
          Message: 'The bearer token expired: reconnect with a fresh token and Last-Event-ID to resume.',
        });
        end();
      },
      Math.min(Math.max(caller.tokenExpiresAt.getTime() - Date.now(), 0), MAX_TIMER_MS),
    );
    const end = (ending?: StreamEnding) => {
      if (ending) write(ending.event, ending.body);
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      unwatch();
      forget();
      if (!raw.writableEnded) raw.end();
    };
    const forget = deps.streams.add(caller, end);
    raw.on('close', () => end());

    if (resumeFrom === undefined) {
      write('ready', { Sequence: lastSent }, lastSent);
    } else {
      try {
        const [newest, missed] = await Promise.all([
          latestSequence(deps.pool, deps.team),
          changesAfter(deps.pool, deps.team, resumeFrom, REPLAY_LIMIT + 1),
        ]);
        write('ready', { Sequence: newest });
        if (missed.length > REPLAY_LIMIT || resumeFrom > newest) {
          // Too much missed, or an id from before a restore: the desk reloads what it shows.
          lastSent = Math.max(newest, deps.feed.lastDelivered);
          write('reset', { Sequence: lastSent }, lastSent);
        } else {
          for (const change of await deps.feed.withThreads(missed)) send(change);
        }
      } catch (error) {
        end({
          event: 'unavailable',
          body: { Message: `Team review unavailable: ${(error as Error).message}` },
        });
        return;
      }
    }
    if (!deps.feed.available)
      write('unavailable', { Message: 'Team review unavailable: the review database cannot be reached.' });
    replaying = false;
    for (const change of waiting.splice(0)) send(change);
  });

  return () => deps.streams.endAll();
}

/** Each change's message for everybody but its author, encoded once however many streams it goes to. */
const sharedData = new WeakMap<StoredChange, string | null>();

/** What `caller` gets of a change (encoded): the shared states, and the read marks only when they made it. */
function dataFor(change: StoredChange, caller: Caller): string | undefined {
  const { Read, ...shared } = change.message;
  if (change.actorKey === caller.userKey && Read) return JSON.stringify(change.message);
  let data = sharedData.get(change);
  if (data === undefined) {
    data = shared.Reviews.length > 0 ? JSON.stringify(shared satisfies ReviewChangeMessage) : null;
    sharedData.set(change, data);
  }
  return data ?? undefined;
}

function parseLastEventId(header: string | string[] | undefined): number | undefined {
  if (header === undefined || header === '') return undefined;
  const text = Array.isArray(header) ? header[0] : header;
  if (!text || !/^\d{1,15}$/.test(text.trim())) {
    throw new ReviewServiceError(
      400,
      'InvalidRequest',
      `Last-Event-ID must be the Sequence of the last change received (got "${String(text)}").`,
    );
  }
  return Number(text.trim());
}
