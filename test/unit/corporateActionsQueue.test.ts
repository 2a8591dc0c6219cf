/**
 * The back office's queue: the work to do (an open decision, a deadline ahead or passed within
 * the overdue window) against the history, the overdue group above the upcoming one, the counts
 * and the status line that says which filter hides what, with either review store's states.
 */
import { describe, expect, it } from 'vitest';
import type { EventReviewState, WorkQueueFilters } from '../../contract/corporateActions';
import type { CorporateActionEvent } from '../../contract/wire/types';
import type { DeadlineClock } from '../../renderer/src/features/corporateActions/logic/deadlines';
import { marketCalendar } from '../../renderer/src/features/corporateActions/logic/marketCalendar';
import {
  countQueue,
  countsText,
  placeInQueue,
  type QueueContext,
  type QueuePlacing,
} from '../../renderer/src/features/corporateActions/logic/queue';
import { queueRows } from '../../renderer/src/features/corporateActions/logic/queueRows';
import { queueStatusText } from '../../renderer/src/features/corporateActions/logic/queueStatus';
import { hiddenBy } from '../../renderer/src/features/corporateActions/logic/workQueue';

/** Saturday 28 November 2026, 10:00 in Copenhagen; New York with Thanksgiving (Thursday 26th). */
const SATURDAY = Date.parse('2026-11-28T09:00:00Z');
const newYork = marketCalendar({ name: 'NYSE', zone: 'America/New_York', weekendDays: ['Saturday', 'Sunday'], holidays: ['2026-11-26'] });
const clock: DeadlineClock = { now: SATURDAY, calendarOf: () => newYork };
const local: QueueContext = { clock, worker: { team: false }, overdueBusinessDays: 5 };
const team: QueueContext = { ...local, worker: { team: true, memberId: 'key-jonas' } };

/** An event whose response deadline is 17:00 New York on `day`. */
function event(id: string, day: string | undefined, more: Partial<CorporateActionEvent> = {}): CorporateActionEvent {
  return {
    EventId: id,
    EventStatus: 'Active',
    EventState: 'Confirmed',
    UpdatedDateTime: '2026-11-01T00:00:00Z',
    Options: [{ OptionId: '1', ...(day ? { Deadline: { Date: `${day}T22:00:00Z` } } : {}) }],
    ...more,
  };
}
const reviewed = (eventId: string, change: Partial<EventReviewState> = {}): EventReviewState => ({
  eventId,
  read: true,
  flagged: false,
  notes: [],
  changedAt: '2026-11-20T00:00:00Z',
  version: 1,
  progress: 'Reviewed',
  fourEyes: false,
  reviewedAt: '2026-11-20T10:00:00Z',
  reviewedVersion: '2026-11-01T00:00:00Z',
  ...change,
});
const placeOf = (placing: QueuePlacing) => (placing.place === 'history' ? `history:${placing.reason}` : placing.place);

describe('the work to do and the history', () => {
  it('puts Friday’s deadline, read on Saturday, in the overdue group: passed 1 business day ago, not due soon', () => {
    const placing = placeInQueue(event('f', '2026-11-27'), undefined, local);
    expect(placing).toMatchObject({ place: 'overdue', dueSoon: false, deadline: { standing: { kind: 'passed', businessDaysAgo: 1 } } });
  });

  it('keeps upcoming deadlines, due soon within 2 business days (Monday and Tuesday, not Wednesday)', () => {
    expect(placeInQueue(event('m', '2026-11-30'), undefined, local)).toMatchObject({ place: 'upcoming', dueSoon: true });
    expect(placeInQueue(event('t', '2026-12-01'), undefined, local)).toMatchObject({ place: 'upcoming', dueSoon: true });
    expect(placeInQueue(event('w', '2026-12-02'), undefined, local)).toMatchObject({ place: 'upcoming', dueSoon: false });
  });

  it('keeps a passed deadline to do for the business days Settings give, then sends it to the history', () => {
    // Friday 20th: Fri, Mon, Tue, Wed, Fri (Thanksgiving skipped) = 5 business days ago.
    const fifth = event('5', '2026-11-20');
    const sixth = event('6', '2026-11-19');
    expect(placeOf(placeInQueue(fifth, undefined, local))).toBe('overdue');
    expect(placeOf(placeInQueue(sixth, undefined, local))).toBe('history:lapsed');
    expect(placeOf(placeInQueue(sixth, undefined, { ...local, overdueBusinessDays: 6 }))).toBe('overdue');
    expect(placeOf(placeInQueue(fifth, undefined, { ...local, overdueBusinessDays: 0 }))).toBe('history:lapsed');
  });

  it('sends past, cancelled, withdrawn and deadline-less events to the history', () => {
    expect(placeOf(placeInQueue(event('p', '2026-12-02', { EventStatus: 'Past' }), undefined, local))).toBe('history:past');
    expect(placeOf(placeInQueue(event('c', '2026-12-02', { EventState: 'Cancelled' }), undefined, local))).toBe('history:cancelled');
    expect(placeOf(placeInQueue(event('w', '2026-12-02', { EventState: 'Withdrawn' }), undefined, local))).toBe('history:cancelled');
    expect(placeOf(placeInQueue(event('n', undefined), undefined, local))).toBe('history:noDeadline');
  });

  it('on this computer, a review decides; a change after it opens the decision again', () => {
    const open = event('r', '2026-12-02');
    expect(placeOf(placeInQueue(open, reviewed('r'), local))).toBe('history:decided');
    const changed = { ...open, UpdatedDateTime: '2026-11-25T00:00:00Z' };
    expect(placeOf(placeInQueue(changed, reviewed('r'), local))).toBe('upcoming');
  });

  it('in a team with four eyes, a review awaiting approval is still to do; approved is decided', () => {
    const open = event('r', '2026-12-02');
    const awaiting = reviewed('r', { progress: 'AwaitingApproval', fourEyes: true });
    expect(placeOf(placeInQueue(open, awaiting, team))).toBe('upcoming');
    expect(placeOf(placeInQueue(open, { ...awaiting, progress: 'Approved', approvedAt: '2026-11-21T00:00:00Z' }, team))).toBe('history:decided');
    // Without four eyes, the team's review decides as this computer's does.
    expect(placeOf(placeInQueue(open, reviewed('r'), team))).toBe('history:decided');
  });
});

describe('the queue as shown', () => {
  const events = [
    event('later', '2026-12-09'),
    event('friday', '2026-11-27'),
    event('monday', '2026-11-30'),
    event('past', '2026-11-30', { EventStatus: 'Past' }),
    event('wednesday', '2026-11-25'),
    event('none', undefined),
  ];
  const placings = new Map(events.map((e) => [e.EventId, placeInQueue(e, undefined, local)]));

  it('counts "to do · overdue · due soon" and the history', () => {
    const counts = countQueue(placings.values());
    expect(counts).toEqual({ toDo: 4, overdue: 2, dueSoon: 1, history: 2 });
    expect(countsText(counts)).toBe('4 to do · 2 overdue · 1 due within 2 business days');
  });

  it('writes large counts with the thousands separators of the user’s locale', () => {
    const expected = `${new Intl.NumberFormat().format(1535)} to do · 12 overdue`;
    expect(countsText({ toDo: 1535, overdue: 12, dueSoon: 0, history: 20_000 })).toBe(expected);
    // Where the locale groups thousands (English, the tests' own), the count reads 1,535.
    if (new Intl.NumberFormat().resolvedOptions().locale.startsWith('en')) expect(expected).toBe('1,535 to do · 12 overdue');
  });

  it('shows the overdue group above the upcoming one, each by deadline', () => {
    const kept = new Set([...placings].filter(([, p]) => p.place !== 'history').map(([id]) => id));
    const shown = queueRows({ matching: events, kept, placings, sort: { column: 'Deadline', type: 'Asc' }, clock, place: 'toDo' });
    expect(shown.rows.map((e) => e.EventId)).toEqual(['wednesday', 'friday', 'monday', 'later']);
    expect(shown.overdue).toBe(2);
    // Latest first within each group, the groups stay in place.
    const desc = queueRows({ matching: events, kept, placings, sort: { column: 'Deadline', type: 'Desc' }, clock, place: 'toDo' });
    expect(desc.rows.map((e) => e.EventId)).toEqual(['friday', 'wednesday', 'later', 'monday']);
  });

  it('says which filter hides the work to do, never a bare "0 of 6"', () => {
    const filters: WorkQueueFilters = { place: 'toDo', review: ['flagged'] };
    const reasons = events.map((e) => hiddenBy(e, undefined, filters, local, placings.get(e.EventId)));
    expect(reasons).toEqual(['review', 'review', 'review', 'place', 'review', 'place']);
    const text = queueStatusText({
      place: 'toDo',
      shown: 0,
      matching: events.length,
      capped: false,
      counts: countQueue(placings.values()),
      hidden: { review: 4 },
      workQueue: filters,
      worker: local.worker,
      filters: { Keywords: 'ACME' },
      order: 'sorted by response deadline here',
    });
    expect(text).toBe(
      '0 shown of 4 to do · 2 overdue · 1 due within 2 business days: 4 hidden by the review-state filter (Flagged) · 2 in History · of all 6 matching events (filtered by keywords) · sorted by response deadline here',
    );
  });

  it('says how much is to do and how much is history when nothing is hidden', () => {
    const text = queueStatusText({
      place: 'history',
      shown: 2,
      matching: 6,
      capped: false,
      counts: countQueue(placings.values()),
      hidden: {},
      workQueue: { place: 'history' },
      worker: local.worker,
      filters: {},
      order: "in the service's order",
    });
    expect(text).toBe("2 in History · 4 to do · of all 6 matching events · in the service's order");
  });
});
