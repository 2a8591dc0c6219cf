/**
 * The one-page review report from what the store and the platform hold: the reviews made in the
 * range (from the audit log: who marked what reviewed, when) each with the approval that
 * followed it, if any, and the events whose response deadline falls in the range and whose
 * review is not done (not reviewed, or awaiting a second analyst's approval), overdue when the
 * deadline passed before now. Pure: the caller reads the log, the events and the states.
 */
import type { ReviewAuditEntry } from '../../../../contract/corporateActions';
import type { EventReviewState } from '../../../../contract/review';
import type {
  ReportEventFacts,
  ReportOpenLine,
  ReportReviewedLine,
  ReviewReport,
  ReviewReportArg,
} from '../../../../contract/reviewReport';
import type { CorporateActionEvent } from '../../../../contract/wire/types';
import { responseDeadline } from './reportDeadline';
import { inWindow, reportWindow } from './reportRange';

export interface ReviewReportInput {
  arg: ReviewReportArg;
  reviewer: ReviewReport['reviewer'];
  /** The store in words. */
  store: string;
  /** The shared audit trail, in any order. */
  entries: readonly ReviewAuditEntry[];
  /** True when the store answered only its newest entries. */
  entriesCapped: boolean;
  events: readonly CorporateActionEvent[];
  /** True when the platform listed more events than were read. */
  eventsCapped: boolean;
  /** Review states by event id (an event nobody touched is absent: not reviewed). */
  states: ReadonlyMap<string, EventReviewState>;
  /** The instant the report is for, and when it was built (ms since the epoch). */
  now: number;
  generatedAt: number;
}

/** Progress of a review that is done. */
const DONE = new Set(['Reviewed', 'Approved']);

function factsOf(eventId: string, events: ReadonlyMap<string, CorporateActionEvent>): ReportEventFacts {
  const event = events.get(eventId);
  const type = [event?.EventType?.Code, event?.EventType?.Name].filter(Boolean).join(' ');
  const instrument = event?.DisplayAndFormat?.Description ?? event?.DisplayAndFormat?.Symbol;
  return { eventId, ...(instrument ? { instrument } : {}), ...(type ? { eventType: type } : {}) };
}

/**
 * The approval of a review, from the event's entries after it (oldest first): the last approval
 * before the next review, unless withdrawn after it; none once the review is taken back.
 */
function approvalAfter(later: readonly ReviewAuditEntry[]): ReviewAuditEntry | undefined {
  let approval: ReviewAuditEntry | undefined;
  for (const entry of later) {
    if (entry.action === 'approved') approval = entry;
    else if (entry.action === 'approvalWithdrawn') approval = undefined;
    else if (entry.action === 'unreviewed') return undefined;
    else if (entry.action === 'reviewed') break;
  }
  return approval;
}

const byTime = (a: ReviewAuditEntry, b: ReviewAuditEntry) => a.at.localeCompare(b.at) || a.id - b.id;

/** Builds the report. */
export function buildReviewReport(input: ReviewReportInput): ReviewReport {
  const { arg } = input;
  const zone = arg.timeZone ?? 'UTC';
  const window = reportWindow(arg.from, arg.to, zone);
  const events = new Map(input.events.map((event) => [event.EventId, event]));

  const byEvent = new Map<string, ReviewAuditEntry[]>();
  for (const entry of [...input.entries].sort(byTime)) {
    const list = byEvent.get(entry.eventId) ?? [];
    list.push(entry);
    byEvent.set(entry.eventId, list);
  }
  const reviewed: ReportReviewedLine[] = [];
  for (const [eventId, list] of byEvent) {
    list.forEach((entry, index) => {
      if (entry.action !== 'reviewed' || !inWindow(entry.at, window)) return;
      const approval = approvalAfter(list.slice(index + 1));
      reviewed.push({
        ...factsOf(eventId, events),
        reviewedAt: entry.at,
        reviewedBy: entry.actor,
        ...(approval ? { approvedAt: approval.at, approvedBy: approval.actor } : {}),
      });
    });
  }
  reviewed.sort((a, b) => a.reviewedAt.localeCompare(b.reviewedAt) || a.eventId.localeCompare(b.eventId));

  const open: ReportOpenLine[] = [];
  for (const event of input.events) {
    const deadline = responseDeadline(event, input.now, zone);
    if (deadline === undefined || !inWindow(deadline, window)) continue;
    const state = input.states.get(event.EventId);
    const progress = state?.progress ?? 'NotReviewed';
    if (DONE.has(progress)) continue;
    open.push({
      ...factsOf(event.EventId, events),
      deadline: new Date(deadline).toISOString(),
      overdue: deadline <= input.now,
      progress,
      ...(state?.assignee ? { assignee: state.assignee } : {}),
    });
  }
  open.sort((a, b) => a.deadline.localeCompare(b.deadline) || a.eventId.localeCompare(b.eventId));

  const limits: string[] = [];
  const oldest = input.entries.reduce<string | undefined>((min, e) => (min === undefined || e.at < min ? e.at : min), undefined);
  if (input.entriesCapped && oldest && Date.parse(oldest) > window.start)
    limits.push(`The audit log was read from ${oldest} on (its newest entries): reviews before then are not listed.`);
  if (input.eventsCapped)
    limits.push(`Only the first ${input.events.length} events the platform lists were read: open events beyond them are not listed.`);

  return {
    from: arg.from,
    to: arg.to,
    timeZone: zone,
    generatedAt: new Date(input.generatedAt).toISOString(),
    asOf: new Date(input.now).toISOString(),
    store: input.store,
    reviewer: input.reviewer,
    reviewed,
    open,
    counts: {
      reviewed: reviewed.length,
      approved: reviewed.filter((line) => line.approvedBy).length,
      open: open.length,
      overdue: open.filter((line) => line.overdue).length,
    },
    limits,
  };
}
