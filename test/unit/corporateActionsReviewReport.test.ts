/**
 * The one-page review report: reviews made in the range with the approval that followed (or
 * was withdrawn), events still open with their deadline in the range and which are overdue, the
 * range's days counted in the analyst's time zone, a bad range refused naming the field, and the
 * HTML page escaped and self-contained.
 */
import { describe, expect, it } from 'vitest';
import type { ReviewAuditEntry } from '../../contract/corporateActions';
import type { EventReviewState } from '../../contract/review';
import { reviewReportArgSchema } from '../../contract/reviewReport';
import type { CorporateActionEvent } from '../../contract/wire/types';
import { buildReviewReport, type ReviewReportInput } from '../../main/core/corporateActions/report/reviewReportBuilder';
import { reviewReportHtml } from '../../main/core/corporateActions/report/reviewReportHtml';

const clara = { name: 'Clara Lindqvist', userId: '17340521' };
const jonas = { name: 'Jonas Berger', userId: '17340877' };
let nextId = 1;
const entry = (eventId: string, at: string, action: ReviewAuditEntry['action'], actor = clara): ReviewAuditEntry => ({
  id: nextId++,
  eventId,
  at,
  actor,
  profileId: 'team',
  action,
  before: '',
  after: '',
});
const event = (EventId: string, deadline: string, Description = `Company ${EventId}`): CorporateActionEvent =>
  ({
    EventId,
    EventType: { Code: 'DVOP', Name: 'Dividend Option' },
    DisplayAndFormat: { Description },
    Options: [{ OptionId: '1', Deadline: { Date: deadline } }],
  }) as CorporateActionEvent;
const state = (eventId: string, progress: EventReviewState['progress']): EventReviewState => ({
  eventId,
  read: true,
  flagged: false,
  notes: [],
  version: 1,
  progress,
  fourEyes: true,
});

function report(overrides: Partial<ReviewReportInput> & Pick<ReviewReportInput, 'arg'>) {
  return buildReviewReport({
    reviewer: clara,
    store: 'the team review service',
    entries: [],
    entriesCapped: false,
    events: [],
    eventsCapped: false,
    states: new Map(),
    now: Date.parse('2026-03-07T09:00:00Z'), // a Saturday morning
    generatedAt: Date.parse('2026-03-07T09:00:00Z'),
    ...overrides,
  });
}

describe('the review report', () => {
  it('lists each review in the range with who reviewed it and who approved it; a withdrawn approval is none', () => {
    const entries = [
      entry('1', '2026-03-02T10:00:00Z', 'reviewed'),
      entry('1', '2026-03-02T11:00:00Z', 'approved', jonas),
      entry('2', '2026-03-03T10:00:00Z', 'reviewed', jonas),
      entry('2', '2026-03-03T12:00:00Z', 'approved', clara),
      entry('2', '2026-03-03T13:00:00Z', 'approvalWithdrawn', clara),
      entry('3', '2026-03-04T10:00:00Z', 'flagged'),
      entry('4', '2026-02-27T10:00:00Z', 'reviewed'), // before the range
      entry('5', '2026-03-06T10:00:00Z', 'reviewed'),
      entry('5', '2026-03-06T11:00:00Z', 'unreviewed'),
      entry('5', '2026-03-06T12:00:00Z', 'approved', jonas), // approves nothing: the review was taken back
    ].reverse(); // the store answers newest first
    const built = report({ arg: { from: '2026-03-02', to: '2026-03-06' }, entries, events: [event('1', '2026-03-20T16:00:00Z')] });
    expect(built.reviewed.map((line) => [line.eventId, line.reviewedBy.name, line.approvedBy?.name])).toEqual([
      ['1', 'Clara Lindqvist', 'Jonas Berger'],
      ['2', 'Jonas Berger', undefined],
      ['5', 'Clara Lindqvist', undefined],
    ]);
    expect(built.reviewed[0]).toMatchObject({ instrument: 'Company 1', eventType: 'DVOP Dividend Option', approvedAt: '2026-03-02T11:00:00Z' });
    // An event the platform no longer lists keeps its id.
    expect(built.reviewed[1]).toEqual({ eventId: '2', reviewedAt: '2026-03-03T10:00:00Z', reviewedBy: jonas });
    expect(built.counts).toMatchObject({ reviewed: 3, approved: 1 });
  });

  it('lists the events whose deadline falls in the range and whose review is not done, overdue when passed', () => {
    const events = [
      event('friday', '2026-03-06T16:00:00Z'),
      event('next', '2026-03-10T16:00:00Z'),
      event('datedMonday', '2026-03-09T00:00:00Z'), // a date only: runs to the end of that day
      event('done', '2026-03-05T16:00:00Z'),
      event('waiting', '2026-03-05T12:00:00Z'),
      event('outside', '2026-03-20T16:00:00Z'),
    ];
    const states = new Map([
      ['done', state('done', 'Approved')],
      ['waiting', state('waiting', 'AwaitingApproval')],
    ]);
    const built = report({ arg: { from: '2026-03-02', to: '2026-03-13' }, events, states });
    expect(built.open.map((line) => [line.eventId, line.overdue, line.progress])).toEqual([
      ['waiting', true, 'AwaitingApproval'],
      ['friday', true, 'NotReviewed'],
      ['datedMonday', false, 'NotReviewed'],
      ['next', false, 'NotReviewed'],
    ]);
    expect(built.open[2]?.deadline).toBe('2026-03-09T23:59:59.999Z');
    expect(built.counts).toMatchObject({ open: 4, overdue: 2 });
  });

  it('counts the days in the analyst’s time zone', () => {
    // 23:30 UTC on Monday is already Tuesday in Copenhagen, still Monday in New York.
    const entries = [entry('late', '2026-03-02T23:30:00Z', 'reviewed')];
    const tuesday = { from: '2026-03-03', to: '2026-03-03' };
    expect(report({ arg: { ...tuesday, timeZone: 'Europe/Copenhagen' }, entries }).reviewed).toHaveLength(1);
    expect(report({ arg: { ...tuesday, timeZone: 'America/New_York' }, entries }).reviewed).toHaveLength(0);
    expect(report({ arg: tuesday, entries }).reviewed).toHaveLength(0);
    expect(report({ arg: { from: '2026-03-02', to: '2026-03-02', timeZone: 'America/New_York' }, entries }).reviewed).toHaveLength(1);
  });

  it('says what it could not see: an audit log cut short inside the range, events beyond the cap', () => {
    const entries = [entry('1', '2026-03-04T10:00:00Z', 'reviewed')];
    const built = report({ arg: { from: '2026-03-02', to: '2026-03-06' }, entries, entriesCapped: true, eventsCapped: true });
    expect(built.limits).toEqual([
      'The audit log was read from 2026-03-04T10:00:00Z on (its newest entries): reviews before then are not listed.',
      'Only the first 0 events the platform lists were read: open events beyond them are not listed.',
    ]);
  });

  it('refuses a range that ends before it starts, is no date, or spans more than a year, naming the field', () => {
    const refusal = (arg: unknown) => {
      const parsed = reviewReportArgSchema.safeParse(arg);
      return parsed.success ? undefined : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(refusal({ from: '2026-03-06', to: '2026-03-02' })).toEqual([
      'to: The report ends before it starts: choose a "to" day on or after "from".',
    ]);
    expect(refusal({ from: '2026-02-30', to: '2026-03-02' })).toEqual(['from: from must be a day written yyyy-mm-dd, e.g. 2026-03-02.']);
    expect(refusal({ from: '2025-03-01', to: '2026-03-02' })).toEqual([
      'to: A report covers at most a year (366 days); choose a shorter range.',
    ]);
    expect(refusal({ from: '2026-03-02', to: '2026-03-02', timeZone: 'Mars/Olympus' })).toEqual([
      'timeZone: timeZone must be an IANA time zone such as Europe/Copenhagen.',
    ]);
    expect(refusal({ from: '2025-03-03', to: '2026-03-02', timeZone: 'Europe/Copenhagen' })).toBeUndefined();
  });

  it('writes a self-contained page with every value escaped and the times in the report’s zone', () => {
    const built = report({
      arg: { from: '2026-03-02', to: '2026-03-06', timeZone: 'Europe/Copenhagen' },
      entries: [entry('1', '2026-03-02T10:00:00Z', 'reviewed'), entry('1', '2026-03-02T11:00:00Z', 'approved', jonas)],
      events: [event('1', '2026-03-20T16:00:00Z', '<img src=x onerror=alert(1)> & Co'), event('2', '2026-03-05T16:00:00Z')],
    });
    const html = reviewReportHtml(built);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<script|src=["']?http|href=/);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('<td>2026-03-02 11:00</td><td>Clara Lindqvist (17340521)</td><td>2026-03-02 12:00</td><td>Jonas Berger (17340877)</td>');
    expect(html).toContain('1 reviewed · 1 approved · 1 still open · 1 overdue');
    expect(html).toContain('<tr class="overdue"><td>2</td>');
  });
});
