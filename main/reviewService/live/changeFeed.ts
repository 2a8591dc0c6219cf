/**
 * Each replica's view of the team's committed changes, in commit order: one LISTEN connection
 * hears that change N was committed (by any replica), the replica reads every change after the
 * last it delivered and hands them to its live streams. When the connection is lost (database
 * restarted, network cut, its backend terminated) the feed says so, reconnects by itself with
 * backoff and catches up on whatever was committed meanwhile, so no stream misses a change.
 *
 * A notification is only a hint: any role that may log in can NOTIFY on the channel, so its
 * payload is never trusted. What does not parse is ignored (and said in the log, at most every
 * LOG_IGNORED_EVERY_MS); what does only makes the feed read the tables, unless every change up to
 * the one it names was delivered already (a forged hint can thus only cause a read, never skip
 * one: the real change's own notification still comes); it also tells the writer's turns
 * (writerQueue.ts) that a commit was heard, which can only move a group's start within its
 * bounded wait.
 *
 * The replica's writer hands over the committed changes its transactions learn of (`ownWrite`):
 * its own, once the COMMIT is acknowledged, and the other replicas' committed just before it
 * took the team's lock, which review_begin answers. They are not read again. They are delivered
 * in turn, only right after the change before them: when a change comes between that nobody
 * handed over, they wait, and the next read (which returns them too) delivers everything in
 * order. Every stream thus sees every change once, in order, with no gap, its replica's own
 * included. A notification heard while a transaction of the writer is on its way (it often comes
 * first) is held until it is over, at most HOLD_HINT_MS, so that the change it announces is not
 * read needlessly.
 */
import pg from 'pg';
import { z } from 'zod';
import type { TeamNote } from '../../../contract/wire/review';
import { serviceClientConfig } from '../database/pool';
import { threadsByEvent } from '../review/noteThreads';
import { changesAfter, latestSequence, type StoredChange } from '../review/queries';
import { ThreadCache, type FeedChange } from '../review/threadCache';
import { CHANGE_CHANNEL, type OwnWrite } from '../review/store';

export type ChangeListener = (change: StoredChange) => void;
export type FeedStatus = 'available' | 'unavailable';
export type StatusListener = (status: FeedStatus, message: string) => void;

const FETCH_BATCH = 500;
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5000;
/** How often the LISTEN connection is checked (a silently dead connection would hear nothing). */
const PING_MS = 10_000;
/** How long a notification waits for a transaction of this replica's writer to be over. */
const HOLD_HINT_MS = 20;
/** Ignored notifications are logged at most this often (a flood of them must not fill the log). */
const LOG_IGNORED_EVERY_MS = 60_000;

/** What the service's own NOTIFY says (store.ts): which team, and the change's number. */
const hintSchema = z.object({ team: z.string(), sequence: z.number().int().nonnegative() });
type Hint = z.infer<typeof hintSchema>;

/** The team and change a notification names, or undefined when it is not one the service sent. */
function hintOf(payload: string | undefined): Hint | undefined {
  if (!payload || payload.length > 1000) return undefined;
  try {
    const parsed = hintSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly statusListeners = new Set<StatusListener>();
  private delivered = 0;
  /** Committed changes the writer handed over, not delivered yet, by sequence. */
  private readonly own = new Map<number, StoredChange>();
  /** The writer's transactions under way. */
  private ownWrites = 0;
  /** The newest change a notification held meanwhile announced (0: none held). */
  private heldHint = 0;
  private holdTimer: NodeJS.Timeout | undefined;
  private client: pg.Client | undefined;
  private fetching: Promise<void> | undefined;
  private fetchAgain = false;
  private retryMs = FIRST_RETRY_MS;
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;
  private ignored = 0;
  private ignoredLoggedAt = -Infinity;
  /** Whether the feed hears the database right now. */
  available = false;
  /** The team's last commit heard of (performance.now()), and whether it was this replica's. */
  lastCommit = { at: -Infinity, own: false };
  /** performance.now() when another replica's commit was last heard of. */
  otherCommitAt = -Infinity;
  /** The last change this replica's writer committed. */
  private lastOwnSequence = 0;
  private readonly commitWaiters = new Set<() => void>();
  /** The threads this replica knows, to put back in the changes it delivers. */
  private readonly threads: ThreadCache;

  constructor(
    private readonly databaseUrl: string,
    private readonly pool: pg.Pool,
    private readonly team: string,
    private readonly log: (line: string) => void,
  ) {
    this.threads = new ThreadCache(team);
  }

  /** Connects and starts after the newest committed change; throws when the database cannot be reached. */
  async start(): Promise<void> {
    await this.connect();
    this.delivered = await latestSequence(this.pool, this.team);
    const ping = setInterval(() => void this.ping(), PING_MS);
    ping.unref();
    this.timers.add(ping);
  }

  /** The newest change handed to the streams. */
  get lastDelivered(): number {
    return this.delivered;
  }

  /** Calls `listener` with every change committed from now on, in order; answers the unsubscribe. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called by this replica's writer before a transaction: answers the last delivered change
   * (review_begin answers the changes committed after it) and `settle`, called once the
   * transaction is over with the committed changes it learnt of (the others' read under the
   * team's lock, its own acknowledged by the COMMIT): delivered without reading them, each right
   * after the change before it.
   */
  ownWrite(): OwnWrite {
    this.ownWrites++;
    let settled = false;
    return {
      since: this.delivered,
      settle: (stored, own, notes = []) => {
        if (settled) return;
        settled = true;
        this.ownWrites--;
        this.learnThreads(notes);
        // review_begin answered the changes after the feed's position: those after this replica's
        // last own one (which the feed may not have delivered yet) were the other replicas'.
        const others = stored.some(
          (change) =>
            change.message.Sequence > this.lastOwnSequence &&
            change.message.Sequence < (own?.first ?? Infinity),
        );
        if (others) this.heardCommit(false);
        if (own) {
          this.lastOwnSequence = Math.max(this.lastOwnSequence, own.last);
          this.heardCommit(true);
        }
        // The group's own changes' threads are known (it read its events' threads); another
        // replica's change of an event this replica has not seen is not: then the changes are
        // read back like another replica's, and the read fills the thread in.
        const handed = this.threads.restoreKnown(stored) ?? [];
        for (const change of handed)
          if (change.message.Sequence > this.delivered) this.own.set(change.message.Sequence, change);
        if (!this.fetching) this.deliverOwnInTurn();
        if (this.ownWrites === 0) this.releaseHint();
      },
    };
  }

  /** Stored changes (queries.ts changesAfter) with their threads back, as the streams send them. */
  withThreads(changes: FeedChange[]): Promise<StoredChange[]> {
    return this.threads.restore(this.pool, changes);
  }

  /** Learns the threads of the notes a group read under the team's lock (oldest first per event). */
  private learnThreads(notes: { eventId: string; note: TeamNote }[]): void {
    for (const [eventId, thread] of threadsByEvent(notes)) this.threads.learn(eventId, thread);
  }

  /**
   * Resolves when the next commit of the team is heard of (any replica's, or a hint that claims
   * one: it can only make a writer try a moment early), or after `timeoutMs`.
   */
  nextCommit(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.commitWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.commitWaiters.add(done);
    });
  }

  /** Notes a commit of the team for the writers' turns, and wakes those waiting for one. */
  private heardCommit(own: boolean): void {
    const now = performance.now();
    this.lastCommit = { at: now, own };
    if (!own) this.otherCommitAt = now;
    for (const waiter of [...this.commitWaiters]) waiter();
  }

  /** Calls `listener` when the database is lost or back. */
  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.holdTimer);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
    await this.fetching;
  }

  private async connect(): Promise<void> {
    const config = serviceClientConfig(this.databaseUrl);
    const client = new pg.Client({
      ...config,
      connectionString: listenerConnectionString(config.connectionString!),
      keepAlive: true,
    });
    client.on('error', (error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'the connection was closed'));
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      const hint = hintOf(message.payload);
      if (hint === undefined) this.ignore(message.processId);
      else if (hint.team === this.team) this.hinted(hint.sequence);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    this.client = client;
    this.available = true;
    this.retryMs = FIRST_RETRY_MS;
  }

  /** Counts a notification that is not the service's, and says so now and then. */
  private ignore(processId: number): void {
    this.ignored++;
    const now = performance.now();
    if (now - this.ignoredLoggedAt < LOG_IGNORED_EVERY_MS) return;
    this.ignoredLoggedAt = now;
    this.log(
      `change feed ignored ${this.ignored} notification${this.ignored === 1 ? '' : 's'} on ${CHANGE_CHANNEL} that the service did not send (last from backend ${processId}); changes are read from the tables all the same`,
    );
    this.ignored = 0;
  }

  private lost(client: pg.Client, reason: string): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.available = false;
    void client.end().catch(() => {});
    this.log(`change feed lost the database (${reason}); reconnecting`);
    this.emitStatus(
      'unavailable',
      `Team review unavailable: the review database cannot be reached (${reason}).`,
    );
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.connect().then(
        () => {
          this.log('change feed reconnected');
          this.catchUp();
          this.emitStatus('available', 'Team review is available again.');
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
          this.reconnectLater();
        },
      );
    }, this.retryMs);
    this.timers.add(timer);
  }

  private async ping(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query({ text: 'SELECT 1', query_timeout: 5000 } as pg.QueryConfig);
    } catch (error) {
      this.lost(client, (error as Error).message);
    }
  }

  /** A committed change was announced: read, unless it and every change before it were delivered. */
  private hinted(sequence: number): void {
    if (this.ownWrites > 0) {
      this.heldHint = Math.max(this.heldHint, sequence);
      this.holdTimer ??= setTimeout(() => this.releaseHint(), HOLD_HINT_MS);
      return;
    }
    this.heardOf(sequence);
    if (!this.fetching) this.deliverOwnInTurn();
    if (sequence > this.delivered) this.catchUp();
  }

  /** A hinted change after this replica's last own one is another replica's commit (its own hint says nothing new). */
  private heardOf(sequence: number): void {
    if (sequence > this.lastOwnSequence) this.heardCommit(false);
  }

  private releaseHint(): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    const sequence = this.heldHint;
    this.heldHint = 0;
    if (sequence === 0 || this.closed) return;
    // Released by its timer while a transaction of the writer is still on its way, it may announce
    // that very transaction's commit: not another replica's (whose commits before the team's lock
    // was taken review_begin answers).
    if (this.ownWrites === 0) this.heardOf(sequence);
    if (!this.fetching) this.deliverOwnInTurn();
    if (sequence > this.delivered) this.catchUp();
  }

  /** Delivers the own changes that follow the last delivered one. */
  private deliverOwnInTurn(): void {
    for (let next = this.own.get(this.delivered + 1); next; next = this.own.get(this.delivered + 1)) {
      this.own.delete(next.message.Sequence);
      this.deliver(next);
    }
  }

  private deliver(change: StoredChange): void {
    this.delivered = change.message.Sequence;
    for (const listener of this.listeners) listener(change);
  }

  /** Reads and delivers everything after the last delivered change; one reader at a time keeps the order. */
  private catchUp(): void {
    if (this.fetching) {
      this.fetchAgain = true;
      return;
    }
    this.fetching = (async () => {
      do {
        this.fetchAgain = false;
        let batch: StoredChange[];
        do {
          const stored = await changesAfter(this.pool, this.team, this.delivered, FETCH_BATCH);
          batch = await this.threads.restore(this.pool, stored);
          for (const change of batch) {
            // Read back with the others' (another replica's change came between): delivered now.
            this.own.delete(change.message.Sequence);
            this.deliver(change);
          }
        } while (batch.length === FETCH_BATCH && !this.closed);
      } while (this.fetchAgain && !this.closed);
    })()
      .catch((error: unknown) => {
        // Reading failed (the database is going away); the next notification or reconnect retries.
        this.log(`change feed could not read changes: ${(error as Error).message}`);
        this.fetchAgain = false;
        if (this.available && !this.closed) {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            this.catchUp();
          }, 1000);
          this.timers.add(timer);
        }
      })
      .finally(() => {
        this.fetching = undefined;
        this.deliverOwnInTurn();
        // A notification heard after the last read but before this point.
        if (this.fetchAgain && !this.closed) this.catchUp();
      });
  }

  private emitStatus(status: FeedStatus, message: string): void {
    for (const listener of this.statusListeners) listener(status, message);
  }
}

/**
 * The LISTEN connection's URL: the service's, its application_name ending in `-listener`, so an
 * operator can tell it from the pool's connections in pg_stat_activity.
 */
function listenerConnectionString(connectionString: string): string {
  const url = new URL(connectionString);
  url.searchParams.set(
    'application_name',
    `${url.searchParams.get('application_name') ?? 'refdesk-review-service'}-listener`,
  );
  return url.toString();
}
