import { describe, expect, it } from 'vitest';
import type { EventReviewState } from '../../contract/corporateActions';
import type { CorporateActionEvent } from '../../contract/wire/types';
import { eventsQuery } from '../../renderer/src/features/corporateActions/logic/inboxQuery';
import type { DeadlineClock } from '../../renderer/src/features/corporateActions/logic/deadlines';
import { marketCalendar } from '../../renderer/src/features/corporateActions/logic/marketCalendar';
import type { QueueContext, QueueWorker } from '../../renderer/src/features/corporateActions/logic/queue';
import {
  matchesWorkQueue,
  needsEveryMatchingEvent,
  sortLocally,
} from '../../renderer/src/features/corporateActions/logic/workQueue';

const TODAY = '2026-03-02'; // a Monday
/** Monday 2 March 2026, 09:00 in New York (14:00 UTC), read on the New York calendar without holidays. */
const newYork = marketCalendar({ name: 'NYSE', zone: 'America/New_York', weekendDays: ['Saturday', 'Sunday'], holidays: [] });
const CLOCK: DeadlineClock = { now: Date.parse(`${TODAY}T14:00:00Z`), calendarOf: () => newYork };
const LOCAL: QueueContext = { clock: CLOCK, worker: { team: false }, overdueBusinessDays: 5 };
const inTeam = (worker: QueueWorker): QueueContext => ({ ...LOCAL, worker });

function event(id: string, dates: { deadline?: string; ex?: string; record?: string; pay?: string }, updated = '2026-03-01T00:00:00Z'): CorporateActionEvent {
  return {
    EventId: id,
    EventState: 'Approved',
    EventStatus: 'Active',
    UpdatedDateTime: updated,
    ...(dates.ex ? { Ex: { Date: `${dates.ex}T00:00:00Z` } } : {}),
    ...(dates.record ? { Record: { Date: `${dates.record}T00:00:00Z` } } : {}),
    Options: [
      {
        OptionId: '1',
        OptionType: { Code: 'CASH', Name: 'Cash' },
        ...(dates.deadline ? { Deadline: { Date: `${dates.deadline}T22:00:00Z` } } : {}),
        ...(dates.pay ? { Payment: { Date: `${dates.pay}T00:00:00Z` } } : {}),
      },
    ],
  };
}

const state = (eventId: string, change: Partial<EventReviewState>): EventReviewState => ({
  eventId,
  read: false,
  flagged: false,
  note: '',
  changedAt: '2026-03-01T00:00:00Z',
  version: 0,
  progress: change.reviewedAt ? 'Reviewed' : 'NotReviewed',
  fourEyes: false,
  ...change,
});

describe('the work queue’s sorts, done here over every matching event', () => {
  const events = [
    event('a', { deadline: '2026-03-10', ex: '2026-02-20', record: '2026-02-24', pay: '2026-03-20' }),
    event('b', { ex: '2026-02-10', pay: '2026-03-01' }), // no deadline, no record date
    event('c', { deadline: '2026-03-04', ex: '2026-02-25', record: '2026-02-26', pay: '2026-03-15' }),
    event('d', { deadline: '2026-03-04', ex: '2026-02-01', record: '2026-02-03', pay: '2026-02-10' }),
  ];
  const ids = (sorted: CorporateActionEvent[]) => sorted.map((e) => e.EventId);

  it('sorts by response deadline soonest first, ties in the service’s order, events without one last either way', () => {
    expect(ids(sortLocally(events, 'Deadline', 'Asc', CLOCK))).toEqual(['c', 'd', 'a', 'b']);
    expect(ids(sortLocally(events, 'Deadline', 'Desc', CLOCK))).toEqual(['a', 'c', 'd', 'b']);
  });

  it('sorts by ex, record and pay dates', () => {
    expect(ids(sortLocally(events, 'ExDate', 'Asc', CLOCK))).toEqual(['d', 'b', 'a', 'c']);
    expect(ids(sortLocally(events, 'RecordDate', 'Desc', CLOCK))).toEqual(['c', 'a', 'd', 'b']);
    expect(ids(sortLocally(events, 'PayDate', 'Asc', CLOCK))).toEqual(['d', 'b', 'c', 'a']);
  });

  it('asks the service for its own SortColumns, and for its default order when sorting here', () => {
    expect(needsEveryMatchingEvent('Deadline', undefined)).toBe(true);
    expect(needsEveryMatchingEvent('EventType', {})).toBe(false);
    expect(needsEveryMatchingEvent('EventType', { review: ['flagged'] })).toBe(true);
    expect(eventsQuery({}, { column: 'PayDate', type: 'Asc' }, { top: 1000, skip: 0 })).toMatchObject({ SortColumn: 'Date', SortType: 'Desc' });
    expect(eventsQuery({}, { column: 'EventId', type: 'Asc' }, { top: 100, skip: 0 })).toMatchObject({ SortColumn: 'EventId', SortType: 'Asc' });
  });
});

describe('the work queue’s filters', () => {
  const changed = event('x', { deadline: '2026-03-03' }, '2026-03-02T09:00:00Z');
  const reviewedState = state('x', { read: true, reviewedAt: '2026-03-01T10:00:00Z', reviewedVersion: '2026-03-01T00:00:00Z' });

  it('keeps an event in any of the ticked review states', () => {
    const plain = event('p', {});
    expect(matchesWorkQueue(plain, undefined, { review: ['unread'] }, LOCAL)).toBe(true);
    expect(matchesWorkQueue(plain, state('p', { read: true }), { review: ['unread'] }, LOCAL)).toBe(false);
    expect(matchesWorkQueue(plain, state('p', { read: true, flagged: true }), { review: ['unread', 'flagged'] }, LOCAL)).toBe(true);
    expect(matchesWorkQueue(changed, reviewedState, { review: ['notReviewed'] }, LOCAL)).toBe(false);
    expect(matchesWorkQueue(changed, reviewedState, { review: ['changedSinceReviewed'] }, LOCAL)).toBe(true);
    const unchanged = event('x', {}, '2026-03-01T00:00:00Z');
    expect(matchesWorkQueue(unchanged, reviewedState, { review: ['changedSinceReviewed'] }, LOCAL)).toBe(false);
    expect(matchesWorkQueue(plain, undefined, {}, LOCAL)).toBe(true);
  });

  it('with a team, keeps reviews awaiting a second analyst’s approval and the events assigned to the user', () => {
    const team = { team: true, memberId: 'key-jonas' } as const;
    const clara = { name: 'Clara Lindqvist', userId: 'key-clara' };
    const jonas = { name: 'Jonas Berger', userId: 'key-jonas' };
    const awaiting = state('x', { ...reviewedState, progress: 'AwaitingApproval', fourEyes: true, reviewedBy: clara });
    const approved = state('x', { ...awaiting, progress: 'Approved', approvedBy: jonas });
    const unchanged = event('x', {}, '2026-03-01T00:00:00Z');
    expect(matchesWorkQueue(unchanged, awaiting, { review: ['awaitingApproval'] }, inTeam(team))).toBe(true);
    expect(matchesWorkQueue(unchanged, approved, { review: ['awaitingApproval'] }, inTeam(team))).toBe(false);
    expect(matchesWorkQueue(unchanged, reviewedState, { review: ['awaitingApproval'] }, inTeam(team))).toBe(false);
    const mine = state('x', { assignee: jonas });
    const hers = state('x', { assignee: clara });
    expect(matchesWorkQueue(unchanged, mine, { review: ['assignedToMe'] }, inTeam(team))).toBe(true);
    expect(matchesWorkQueue(unchanged, hers, { review: ['assignedToMe'] }, inTeam(team))).toBe(false);
    expect(matchesWorkQueue(unchanged, undefined, { review: ['assignedToMe'] }, inTeam(team))).toBe(false);
    // Until the team says who the user is, nothing is "mine".
    expect(matchesWorkQueue(unchanged, mine, { review: ['assignedToMe'] }, inTeam({ team: true }))).toBe(false);
  });

  it('on this computer leaves the team’s states out instead of matching nothing', () => {
    const plain = event('p', {});
    const local = { team: false } as const;
    // Only team states ticked: no review filter at all on this computer.
    expect(matchesWorkQueue(plain, state('p', { read: true, reviewedAt: '2026-03-01T10:00:00Z' }), { review: ['assignedToMe'] }, LOCAL)).toBe(true);
    expect(needsEveryMatchingEvent('EventType', { review: ['awaitingApproval', 'assignedToMe'] }, local)).toBe(false);
    expect(needsEveryMatchingEvent('EventType', { review: ['awaitingApproval'] }, { team: true })).toBe(true);
    // With others ticked, those decide.
    expect(matchesWorkQueue(plain, state('p', { read: true }), { review: ['unread', 'awaitingApproval'] }, LOCAL)).toBe(false);
    expect(matchesWorkQueue(plain, undefined, { review: ['unread', 'awaitingApproval'] }, LOCAL)).toBe(true);
  });

  it('keeps events whose next deadline is within N business days, counted from now in the market', () => {
    const friday = event('f', { deadline: '2026-03-06' }); // 4 business days ahead
    const nextMonday = event('m', { deadline: '2026-03-09' }); // 5
    const passed = event('o', { deadline: '2026-02-27' });
    const none = event('n', {});
    const within = (e: CorporateActionEvent, days: number) => matchesWorkQueue(e, undefined, { deadlineWithinBusinessDays: days }, LOCAL);
    expect(within(friday, 4)).toBe(true);
    expect(within(nextMonday, 4)).toBe(false);
    expect(within(nextMonday, 5)).toBe(true);
    expect(within(passed, 5)).toBe(false);
    expect(within(none, 260)).toBe(false);
    expect(within(event('t', { deadline: TODAY }), 0)).toBe(true);
  });
});
