import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { EventReviewState } from '../../contract/corporateActions';
import DeadlineCountdown from '../../renderer/src/features/corporateActions/components/DeadlineCountdown.vue';
import ReviewBadgeChip from '../../renderer/src/features/corporateActions/components/ReviewBadgeChip.vue';
import { relevantDeadline } from '../../renderer/src/features/corporateActions/logic/deadlines';
import { marketCalendar } from '../../renderer/src/features/corporateActions/logic/marketCalendar';

/** Monday 2 March 2026, 09:00 in Frankfurt, on the Xetra calendar (no holiday that week). */
const xetra = marketCalendar({ name: 'Xetra', zone: 'Europe/Berlin', weekendDays: ['Saturday', 'Sunday'], holidays: [] });
const monday = { now: Date.parse('2026-03-02T08:00:00Z'), calendarOf: () => xetra };
/** The countdown of a deadline at 17:00 Frankfurt time on `day`, read on Monday morning. */
const countdown = (day: string) =>
  mount(DeadlineCountdown, {
    props: {
      deadline: relevantDeadline({ EventId: 'e', Options: [{ OptionId: '1', Deadline: { Date: `${day}T16:00:00Z` } }] }, monday),
      viewerZone: 'Europe/Berlin',
    },
  });

describe('the deadline countdown', () => {
  it.each([
    ['2026-03-02', 'Today', 'critical'],
    ['2026-03-03', 'In 1 business day', 'critical'],
    ['2026-03-04', 'In 2 business days', 'warning'],
    ['2026-03-09', 'In 5 business days', 'warning'],
    ['2026-03-10', 'In 6 business days', 'normal'],
    ['2026-02-27', 'Passed 1 business day ago', 'passed'],
  ])('shows a deadline on %s as "%s" (%s), with its time in the market', (day, text, urgency) => {
    const wrapper = countdown(day);
    expect(wrapper.text()).toBe(`${text} · ${day} 17:00 Berlin`);
    expect(wrapper.attributes('data-urgency')).toBe(urgency);
    expect(wrapper.attributes('title')).toContain('business days of Xetra');
  });

  it('is red at 1 business day and amber at 5, not before', () => {
    expect(countdown('2026-03-03').classes()).toContain('danger');
    expect(countdown('2026-03-09').classes()).toContain('warning');
    expect(countdown('2026-03-10').classes()).not.toContain('warning');
    expect(countdown('2026-03-10').classes()).not.toContain('danger');
  });

  it('says so when the event has no deadline', () => {
    expect(mount(DeadlineCountdown, { props: {} }).text()).toBe('No deadline');
  });
});

describe('the review badge', () => {
  const state = (over: Partial<EventReviewState>): EventReviewState => ({
    eventId: '1',
    read: false,
    flagged: false,
    note: '',
    changedAt: '2026-03-02T09:00:00Z',
    version: 0,
    progress: 'NotReviewed',
    fourEyes: false,
    ...over,
  });

  it('says Unread for an event never opened, Read once opened', () => {
    expect(mount(ReviewBadgeChip, { props: { updated: '2026-03-01T00:00:00Z' } }).text()).toBe('Unread');
    expect(mount(ReviewBadgeChip, { props: { state: state({ read: true }) } }).text()).toBe('Read');
  });

  it('says Reviewed while the event is unchanged (same instant written with other digits)', () => {
    const reviewed = state({
      read: true,
      reviewedAt: '2026-03-02T09:00:00Z',
      reviewedVersion: '2026-03-01T12:00:00Z',
    });
    const wrapper = mount(ReviewBadgeChip, {
      props: { state: reviewed, updated: '2026-03-01T12:00:00.000000Z' },
    });
    expect(wrapper.text()).toBe('Reviewed');
    expect(wrapper.attributes('data-kind')).toBe('reviewed');
  });

  it('says Awaiting approval, then Approved, for a team review that needs four eyes', () => {
    const awaiting = state({
      read: true,
      reviewedAt: '2026-03-02T09:00:00Z',
      reviewedVersion: '2026-03-01T12:00:00Z',
      progress: 'AwaitingApproval',
      fourEyes: true,
    });
    const updated = '2026-03-01T12:00:00Z';
    expect(mount(ReviewBadgeChip, { props: { state: awaiting, updated } }).text()).toBe('Awaiting approval');
    const approved = { ...awaiting, progress: 'Approved' as const };
    expect(mount(ReviewBadgeChip, { props: { state: approved, updated } }).text()).toBe('Approved');
  });

  it('says Changed since reviewed once UpdatedDateTime moved past the reviewed version', () => {
    const reviewed = state({
      read: true,
      reviewedAt: '2026-03-02T09:00:00Z',
      reviewedVersion: '2026-03-01T12:00:00Z',
    });
    const wrapper = mount(ReviewBadgeChip, { props: { state: reviewed, updated: '2026-03-02T08:15:00Z' } });
    expect(wrapper.text()).toBe('Changed since reviewed');
    expect(wrapper.classes()).toContain('warning');
  });
});
