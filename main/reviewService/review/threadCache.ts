/**
 * The notes threads a replica knows, to put them back in the change feed's states. The feed
 * (review_change.reviews) stores each state without its thread: the thread's last note's Id
 * (`NotesThrough`) and the notes the change itself added (`NotesAdded`). Storing every state
 * with its whole thread made each change's row, its WAL and every replica's read of it grow with
 * the thread (bench, 60 s, two replicas: desks 1.3 -> 0.75 ms of CPU an action and the database's
 * CPU an action lower at a third more actions a second without threads on the wire).
 *
 * A replica hears every change of its team in order, so it extends the threads it knows with
 * each change's added notes; a thread it does not know (an event not seen since the replica
 * started, or forgotten) is read once from event_note. Threads only grow and their Ids run 1, 2,
 * 3…, so the notes up to `NotesThrough` of any later copy are the thread as the change left it.
 */
import type pg from 'pg';
import type { ReviewChangeMessage, SharedEventReview, TeamNote } from '../../../contract/wire/review';
import { threadsOf, withoutThread, type StoredReview } from './noteThreads';
import type { StoredChange } from './queries';

/** A state as the change feed stores it (states stored before carry their `Notes`). */
export type FeedReview = StoredReview<SharedEventReview> & { NotesAdded?: TeamNote[]; Notes?: TeamNote[] };

/** A committed change as stored: its states without their threads. */
export interface FeedChange {
  actorKey: string;
  message: Omit<ReviewChangeMessage, 'Reviews'> & { Reviews: FeedReview[] };
}

/** The state to store in the feed: without its thread, with the notes this change added to it. */
export function feedReview(review: SharedEventReview, added: readonly TeamNote[]): FeedReview {
  return { ...withoutThread(review), ...(added.length > 0 ? { NotesAdded: [...added] } : {}) };
}

/** Events whose threads are kept (a few notes each: a few megabytes). */
const KEPT_EVENTS = 10_000;

/** Whether `thread` is a whole thread: Ids 1, 2, 3… */
const isWhole = (thread: readonly TeamNote[]) => thread.every((note, index) => note.Id === index + 1);

export class ThreadCache {
  /** By event, in the order last used (the first is forgotten first). */
  private readonly threads = new Map<string, readonly TeamNote[]>();

  constructor(
    private readonly team: string,
    private readonly keptEvents = KEPT_EVENTS,
  ) {}

  /** Learns an event's thread as it was at some moment (a shorter copy than the one known is older). */
  learn(eventId: string, thread: readonly TeamNote[]): void {
    const known = this.threads.get(eventId);
    if ((known && known.length >= thread.length) || !isWhole(thread)) return;
    this.threads.delete(eventId);
    this.threads.set(eventId, thread);
    if (this.threads.size > this.keptEvents) this.threads.delete(this.threads.keys().next().value!);
  }

  /** The changes with their threads back, or undefined when a thread they need is not known. */
  restoreKnown(changes: FeedChange[]): StoredChange[] | undefined {
    const restored: StoredChange[] = [];
    for (const change of changes) {
      const reviews: SharedEventReview[] = [];
      for (const review of change.message.Reviews) {
        const state = this.restoreOne(review);
        if (!state) return undefined;
        reviews.push(state);
      }
      restored.push({ actorKey: change.actorKey, message: { ...change.message, Reviews: reviews } });
    }
    return restored;
  }

  /** As restoreKnown, reading first the threads it does not know (`db`: the pool or a transaction's client). */
  async restore(db: pg.Pool | pg.PoolClient, changes: FeedChange[]): Promise<StoredChange[]> {
    const known = this.restoreKnown(changes);
    if (known) return known;
    // Only the threads still shorter than a change names (the known ones were extended above).
    const missing = changes.flatMap((change) =>
      change.message.Reviews.filter(
        (review) => (this.threads.get(review.EventId)?.length ?? 0) < (review.NotesThrough ?? 0),
      ).map((review) => review.EventId),
    );
    for (const [eventId, thread] of await threadsOf(db, this.team, [...new Set(missing)]))
      this.learn(eventId, thread);
    const restored = this.restoreKnown(changes);
    // Notes are committed with the change that names them: only a database that lost rows gets here.
    if (!restored) throw new Error('a change of the feed names notes that event_note does not hold');
    return restored;
  }

  private restoreOne(review: FeedReview): SharedEventReview | undefined {
    const { NotesThrough: through, NotesAdded: added, ...state } = review;
    if (through === undefined) {
      // No notes, or stored with its whole thread (before the feed stored threads this way).
      if (state.Notes) this.learn(state.EventId, state.Notes);
      return state;
    }
    const known = this.threads.get(state.EventId) ?? [];
    if (known.length < through && added?.[0]?.Id === known.length + 1)
      this.learn(state.EventId, [...known, ...added]);
    const thread = this.threads.get(state.EventId) ?? [];
    if (thread.length < through) return undefined;
    return { ...state, Notes: thread.slice(0, through) };
  }
}
