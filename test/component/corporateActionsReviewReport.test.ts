/**
 * The review report in the inbox: built for the last seven days on opening, it lists who reviewed
 * what and who approved it, the events still open with the overdue ones marked, and the counts;
 * a range main refuses says why; "Save as PDF" in the web shell (no printer in main) opens the
 * browser's print dialog instead; the CSV holds both sections with formulas defused.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewReport } from '../../contract/reviewReport';
import { reviewReportCsv } from '../../renderer/src/features/corporateActions/logic/reviewReportCsv';
import ReviewReportView from '../../renderer/src/features/corporateActions/ReviewReportView.vue';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';
import { queueWorldAnswers } from '../support/queueWorld';

const clara = { name: 'Clara Lindqvist', userId: '17340521' };
const jonas = { name: 'Jonas Berger', userId: '17340877' };
const report: ReviewReport = {
  from: '2026-03-02',
  to: '2026-03-08',
  timeZone: 'UTC',
  generatedAt: '2026-03-07T09:00:00Z',
  asOf: '2026-03-07T09:00:00Z',
  store: 'the team review service',
  reviewer: clara,
  reviewed: [
    {
      eventId: '9652429',
      instrument: '=cmd|calc',
      eventType: 'DVCA Cash Dividend',
      reviewedAt: '2026-03-03T10:00:00Z',
      reviewedBy: clara,
      approvedAt: '2026-03-03T11:30:00Z',
      approvedBy: jonas,
    },
  ],
  open: [
    { eventId: '11', instrument: 'Nordic Bank', deadline: '2026-03-06T16:00:00Z', overdue: true, progress: 'NotReviewed' },
    { eventId: '12', deadline: '2026-03-08T16:00:00Z', overdue: false, progress: 'AwaitingApproval', assignee: jonas },
  ],
  counts: { reviewed: 1, approved: 1, open: 2, overdue: 1 },
  limits: [],
};

describe('the review report view', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => {
    removeFakeDesk();
    vi.unstubAllGlobals();
  });

  it('shows who reviewed and who approved, and what is still open and overdue', async () => {
    const desk = installDesk({ ...queueWorldAnswers(), 'corporateActions:reviewReport': () => ok({ report, html: '<html></html>' }) });
    const wrapper = mount(ReviewReportView);
    await flushPromises();
    const asked = desk.channel('corporateActions:reviewReport').mock.calls[0]?.[0] as { from: string; to: string; timeZone: string };
    // Seven days up to today, in the analyst's zone.
    expect(Date.parse(asked.to) - Date.parse(asked.from)).toBe(6 * 86_400_000);
    expect(asked.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const reviewed = wrapper.get('[data-testid="report-reviewed"] tbody tr').findAll('td').map((cell) => cell.text());
    expect(reviewed).toEqual([
      '9652429',
      '=cmd|calc',
      'DVCA Cash Dividend',
      '2026-03-03 10:00',
      'Clara Lindqvist (17340521)',
      '2026-03-03 11:30',
      'Jonas Berger (17340877)',
    ]);
    const open = wrapper.findAll('[data-testid="report-open"] tbody tr');
    expect(open.map((row) => row.classes('overdue'))).toEqual([true, false]);
    expect(open[1]!.text()).toContain('Awaiting approval');
    expect(wrapper.get('[data-testid="report-counts"]').text()).toBe('1 reviewed · 1 approved · 2 still open · 1 overdue');
    wrapper.unmount();
  });

  it('says why main refused the range', async () => {
    installDesk({
      ...queueWorldAnswers(),
      'corporateActions:reviewReport': () => ({
        ok: false,
        error: {
          code: 'InvalidArgument',
          message: 'to: The report ends before it starts.',
          fields: { to: ['The report ends before it starts: choose a "to" day on or after "from".'] },
        },
      }),
    });
    const wrapper = mount(ReviewReportView);
    await flushPromises();
    expect(wrapper.get('[data-testid="report-error"]').text()).toBe('The report ends before it starts: choose a "to" day on or after "from".');
    expect(wrapper.find('[data-testid="report-page"]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('opens the browser’s print dialog for a PDF where main has no printer (the web shell)', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    installDesk({
      ...queueWorldAnswers(),
      'corporateActions:reviewReport': () => ok({ report, html: '<html></html>' }),
      'corporateActions:printReviewReport': () => ({ ok: false, error: { code: 'PrintUnavailable', message: 'Printing to PDF is for the desktop window.' } }),
    });
    const wrapper = mount(ReviewReportView);
    await flushPromises();
    await wrapper.findAll('button').find((button) => button.text() === 'Save as PDF')!.trigger('click');
    await flushPromises();
    expect(print).toHaveBeenCalledTimes(1);
    expect(wrapper.text()).toContain('Choose “Save as PDF” in the print dialog.');
    wrapper.unmount();
  });

  it('exports both sections as CSV with a formula-looking cell defused', () => {
    const lines = reviewReportCsv(report).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFSection,Event id,Instrument,Event type,Reviewed (UTC),Reviewed by,Approved (UTC),Approved by,Deadline (UTC),Overdue,Review,Assigned to',
    );
    expect(lines[1]).toBe("Reviewed,9652429,'=cmd|calc,DVCA Cash Dividend,2026-03-03T10:00:00Z,Clara Lindqvist,2026-03-03T11:30:00Z,Jonas Berger,,,,");
    expect(lines[2]).toBe('Open,11,Nordic Bank,,,,,,2026-03-06T16:00:00Z,Overdue,Not reviewed,');
    expect(lines[3]).toBe('Open,12,,,,,,,2026-03-08T16:00:00Z,,Awaiting approval,Jonas Berger');
  });
});
