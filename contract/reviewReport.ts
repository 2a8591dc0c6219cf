/**
 * The one-page review report of the back office for a range of days: what was reviewed and by
 * whom, who approved it, and what is still open (and overdue) among the events whose response
 * deadline falls in the range. Built in main from the review store in use and the platform's
 * events; the renderer shows it as a printable page and exports it as CSV and HTML.
 */
import { z } from 'zod';
import type { ReviewPerson, ReviewProgress } from './review';

/** The longest range a report covers: a year (a leap year's 366 days, both ends included). */
export const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;

const reportDaySchema = (field: 'from' | 'to') =>
  z.iso.date({ error: `${field} must be a day written yyyy-mm-dd, e.g. 2026-03-02.` });

/** An IANA time zone the runtime knows, e.g. Europe/Copenhagen. */
const timeZoneSchema = z
  .string()
  .max(64, 'timeZone is at most 64 characters.')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'timeZone must be an IANA time zone such as Europe/Copenhagen.');

/**
 * `corporateActions:reviewReport` and `corporateActions:printReviewReport`: the first and last
 * day of the report (both included), the zone those days are counted in (the analyst's; UTC
 * when absent), and optionally the instant "now" is (the service's day: the embedded simulator
 * may simulate another), which decides what is overdue.
 */
export const reviewReportArgSchema = z
  .object({
    from: reportDaySchema('from'),
    to: reportDaySchema('to'),
    timeZone: timeZoneSchema.optional(),
    asOf: z.iso.datetime({ offset: false, error: 'asOf must be an ISO date-time ending in Z.' }).optional(),
  })
  .strict()
  .superRefine((range, context) => {
    const days = (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS;
    if (days < 0)
      context.addIssue({ code: 'custom', path: ['to'], message: 'The report ends before it starts: choose a "to" day on or after "from".' });
    else if (days + 1 > MAX_REPORT_DAYS)
      context.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most a year (${MAX_REPORT_DAYS} days); choose a shorter range.` });
  });
export type ReviewReportArg = z.output<typeof reviewReportArgSchema>;

/** What the report shows of an event (from the platform, when it still lists it). */
export interface ReportEventFacts {
  eventId: string;
  instrument?: string;
  /** ISO 15022 code and name, e.g. `DVCA Cash Dividend`. */
  eventType?: string;
}

/** An event reviewed in the range: who reviewed it when, and who approved it (if anybody has). */
export interface ReportReviewedLine extends ReportEventFacts {
  reviewedAt: string;
  reviewedBy: ReviewPerson;
  approvedAt?: string;
  approvedBy?: ReviewPerson;
}

/** An event whose response deadline falls in the range and whose review is not done. */
export interface ReportOpenLine extends ReportEventFacts {
  /** The response deadline (ISO instant). */
  deadline: string;
  /** The deadline passed before the report's now. */
  overdue: boolean;
  progress: ReviewProgress;
  assignee?: ReviewPerson;
}

/** The report. */
export interface ReviewReport {
  from: string;
  to: string;
  timeZone: string;
  /** When it was built (ISO) and the now it was built for. */
  generatedAt: string;
  asOf: string;
  /** Where the review state comes from, in words ("this computer", "team review service"). */
  store: string;
  /** Who asked for it. */
  reviewer: ReviewPerson;
  reviewed: ReportReviewedLine[];
  open: ReportOpenLine[];
  counts: { reviewed: number; approved: number; open: number; overdue: number };
  /** What the report could not see in full, in sentences (an audit log or events list cut short). */
  limits: string[];
}

/** `corporateActions:reviewReport`'s answer: the report and the same as a self-contained, escaped HTML page. */
export interface ReviewReportResult {
  report: ReviewReport;
  html: string;
}

/** `corporateActions:printReviewReport`'s answer: saved as PDF where the user chose, or cancelled. */
export interface PrintedReport {
  saved: boolean;
  /** The file written. */
  path?: string;
}
