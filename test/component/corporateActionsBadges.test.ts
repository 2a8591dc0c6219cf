import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { EventReviewState } from '../../contract/corporateActions';
import DeadlineCountdown from '../../renderer/src/features/corporateActions/components/DeadlineCountdown.vue';
import ReviewBadgeChip from '../../renderer/src/features/corporateActions/components/ReviewBadgeChip.vue';

// 2026-03-02 is a Monday.
const monday = '2026-03-02';

describe('the deadline countdown', () => {
  it.each([
    ['2026-03-02', 'Today', 'critical'],
    ['2026-03-03', '1 business day', 'critical'],
    ['2026-03-04', '2 business days', 'warning'],
    ['2026-03-09', '5 business days', 'warning'],
    ['2026-03-10', '6 business days', 'normal'],
    ['2026-02-27', 'Passed 1 business day ago', 'passed'],
  ])('shows a deadline on %s as "%s" (%s)', (deadline, text, urgency) => {
    const wrapper = mount(DeadlineCountdown, { props: { deadline: `${deadline}T16:00:00Z`, today: monday } });
    expect(wrapper.text()).toBe(text);
    expect(wrapper.attributes('data-urgency')).toBe(urgency);
  });

  it('is red at 1 business day and amber at 5, not before', () => {
    const at = (deadline: string) =>
      mount(DeadlineCountdown, { props: { deadline, today: monday } }).classes();
    expect(at('2026-03-03')).toContain('danger');
    expect(at('2026-03-09')).toContain('warning');
    expect(at('2026-03-10')).not.toContain('warning');
    expect(at('2026-03-10')).not.toContain('danger');
  });

  it('says so when the event has no deadline', () => {
    expect(mount(DeadlineCountdown, { props: { today: monday } }).text()).toBe('No deadline');
  });
});

describe('the review badge', () => {
  const state = (over: Partial<EventReviewState>): EventReviewState => ({
    eventId: '1',
    read: false,
    flagged: false,
    notes: [],
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
