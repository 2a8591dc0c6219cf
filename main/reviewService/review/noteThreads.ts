/**
 * Notes threads kept as rows (migration 0005): a note is one append-only row of event_note,
 * written once by the change that adds it. What a key's kept answer (review_request.response)
 * and the change feed (review_change.reviews, threadCache.ts) store of a state names its thread
 * by the last note's Id (`NotesThrough`) instead of copying it on every change: the thread is
 * append-only and its Ids run 1, 2, 3…, so the notes up to that Id are the thread as the change
 * left it. Readers put the thread back before anything reaches the wire, which is unchanged.
 * States stored with their thread (before 0005) are answered as they are.
 */
import type pg from 'pg';
import type { ReviewActionsResult, SharedEventReview, TeamNote } from '../../../contract/wire/review';

type Queryable = pg.Pool | pg.PoolClient;

/** A state as stored: its thread named by its last note's Id (absent when there are no notes). */
export type StoredReview<T extends SharedEventReview> = Omit<T, 'Notes'> & { NotesThrough?: number };

/** One note as the wire writes it, from its row (the SQL function of migration 0005). */
export const NOTE_WIRE = 'review_note_wire(n)';

/** The state to store: without its thread, naming the thread's last note. */
export function withoutThread<T extends SharedEventReview>(review: T): StoredReview<T> {
  const { Notes, ...rest } = review;
  const last = Notes?.at(-1);
  return last ? { ...rest, NotesThrough: last.Id } : rest;
}

/** Notes read beside states (review_begin), oldest first per event, as each event's thread. */
export function threadsByEvent(
  notes: readonly { eventId: string; note: TeamNote }[],
): Map<string, TeamNote[]> {
  const threads = new Map<string, TeamNote[]>();
  for (const { eventId, note } of notes) {
    const thread = threads.get(eventId);
    if (thread) thread.push(note);
    else threads.set(eventId, [note]);
  }
  return threads;
}

/** The stored state with its thread back (`thread`: the event's notes now, oldest first, or more). */
export function withThread<T extends SharedEventReview>(
  stored: StoredReview<T> | T,
  thread: readonly TeamNote[] | null | undefined,
): T {
  if (!('NotesThrough' in stored) || typeof stored.NotesThrough !== 'number') return stored as T;
  const { NotesThrough: through, ...rest } = stored;
  const notes = (thread ?? []).filter((note) => note.Id <= through);
  return { ...rest, ...(notes.length > 0 ? { Notes: notes } : {}) } as unknown as T;
}

/** A kept answer with the threads of its states back; `threadOf` answers an event's notes now. */
export function resultWithThreads(
  result: ReviewActionsResult,
  threadOf: (eventId: string) => readonly TeamNote[] | undefined,
): ReviewActionsResult {
  return { ...result, Data: result.Data.map((review) => withThread(review, threadOf(review.EventId))) };
}

/** The threads of `eventIds` now (events without notes are absent). */
export async function threadsOf(
  db: Queryable,
  team: string,
  eventIds: string[],
): Promise<Map<string, TeamNote[]>> {
  const threads = new Map<string, TeamNote[]>();
  if (eventIds.length === 0) return threads;
  const { rows } = await db.query<{ event_id: string; note: TeamNote }>(
    `SELECT n.event_id, ${NOTE_WIRE} AS note FROM event_note n WHERE n.team = $1 AND n.event_id = ANY($2)
     ORDER BY n.event_id, n.id`,
    [team, eventIds],
  );
  for (const row of rows) {
    const thread = threads.get(row.event_id) ?? [];
    thread.push(row.note);
    threads.set(row.event_id, thread);
  }
  return threads;
}

/** A kept answer read outside the team's lock, with its threads back (one read, only when it names any). */
export async function storedResultWithThreads(
  db: Queryable,
  team: string,
  result: ReviewActionsResult,
): Promise<ReviewActionsResult> {
  const named = result.Data.filter((review) => 'NotesThrough' in review).map((review) => review.EventId);
  if (named.length === 0) return result;
  const threads = await threadsOf(db, team, [...new Set(named)]);
  return resultWithThreads(result, (eventId) => threads.get(eventId));
}
