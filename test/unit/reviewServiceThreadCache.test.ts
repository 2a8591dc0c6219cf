/**
 * The replica's thread cache (issue 27): the change feed stores states without their notes
 * threads, and each replica puts them back from the threads it knows, extended by each change's
 * added notes, within a bound.
 */
import { describe, expect, it } from 'vitest';
import type { TeamNote } from '../../contract/wire/review';
import { feedReview, ThreadCache, type FeedChange } from '../../main/reviewService/review/threadCache';

const note = (id: number): TeamNote => ({
  Id: id,
  By: { UserKey: 'clara', Name: 'Clara Lindqvist' },
  At: `2026-11-29T10:00:0${id}.000Z`,
  Text: `note ${id}`,
});
const thread = (length: number) => Array.from({ length }, (_, index) => note(index + 1));

/** A change of `eventId` leaving its thread at `length` notes, having added `added` of them. */
function change(sequence: number, eventId: string, length: number, added: number): FeedChange {
  const state = {
    EventId: eventId,
    Version: sequence,
    Flagged: false,
    FourEyes: false,
    ReviewStatus: 'NotReviewed' as const,
    ...(length > 0 ? { Notes: thread(length) } : {}),
  };
  return {
    actorKey: 'clara',
    message: {
      Sequence: sequence,
      At: '2026-11-29T10:00:00.000Z',
      By: { UserKey: 'clara', Name: 'Clara Lindqvist' },
      Reviews: [feedReview(state, thread(length).slice(length - added))],
    },
  };
}

const texts = (restored: ReturnType<ThreadCache['restoreKnown']>) =>
  restored?.map((stored) => (stored.message.Reviews[0]!.Notes ?? []).map((n) => n.Id));

describe('the thread cache', () => {
  it('extends what it knows with each change’s added notes, and cuts each state to its change', () => {
    const cache = new ThreadCache('team');
    cache.learn('E1', thread(2));
    const restored = cache.restoreKnown([
      change(1, 'E1', 1, 0),
      change(2, 'E1', 3, 1),
      change(3, 'E1', 4, 1),
    ]);
    expect(texts(restored)).toEqual([[1], [1, 2, 3], [1, 2, 3, 4]]);
    // An older copy (shorter) never shortens what is known.
    cache.learn('E1', thread(1));
    expect(texts(cache.restoreKnown([change(4, 'E1', 4, 0)]))).toEqual([[1, 2, 3, 4]]);
  });

  it('says when a thread is not known rather than answer a part of it', () => {
    const cache = new ThreadCache('team');
    expect(cache.restoreKnown([change(1, 'E2', 3, 1)])).toBeUndefined();
    // Not a whole thread (Ids 1, 2, 3…): not learnt.
    cache.learn('E2', [note(2), note(3)]);
    expect(cache.restoreKnown([change(1, 'E2', 3, 1)])).toBeUndefined();
    // A state without notes needs no thread.
    expect(texts(cache.restoreKnown([change(2, 'E3', 0, 0)]))).toEqual([[]]);
  });

  it('forgets the threads learnt longest ago past its bound', () => {
    const cache = new ThreadCache('team', 2);
    cache.learn('A', thread(1));
    cache.learn('B', thread(1));
    cache.learn('C', thread(1));
    expect(cache.restoreKnown([change(1, 'A', 1, 0)])).toBeUndefined();
    expect(texts(cache.restoreKnown([change(2, 'B', 1, 0), change(3, 'C', 1, 0)]))).toEqual([[1], [1]]);
  });
});
