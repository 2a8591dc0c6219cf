/**
 * Reads what the review report needs and builds it: the shared audit trail of the review store
 * in use (its newest 5,000 entries), every event the platform lists for the user (up to
 * 10,000), and the review states of the events whose deadline falls in the range; then the
 * report and its HTML page.
 */
import { MAX_BULK_EVENTS, type Reviewer } from '../../../../contract/corporateActions';
import type { ReviewReportArg, ReviewReportResult } from '../../../../contract/reviewReport';
import type { CorporateActionEvent } from '../../../../contract/wire/types';
import { readWholeFeed } from '../../api/feed';
import type { HttpClient } from '../../api/http';
import type { ReviewStores } from '../review/reviewStores';
import { responseDeadline } from './reportDeadline';
import { inWindow, reportWindow } from './reportRange';
import { buildReviewReport } from './reviewReportBuilder';
import { reviewReportHtml } from './reviewReportHtml';

/** The audit entries a report reads (the audit channel's own limit). */
const AUDIT_LIMIT = 5000;
/** The events a report reads (the inbox's export cap). */
const EVENTS_LIMIT = 10_000;

export interface ReviewReportSources {
  reviews: ReviewStores;
  http: HttpClient;
  /** The clock (tests fix it). */
  clock?: () => number;
}

/** Builds the report for `reviewer` over `arg`'s days. */
export async function readReviewReport(
  sources: ReviewReportSources,
  reviewer: Reviewer,
  arg: ReviewReportArg,
  signal?: AbortSignal,
): Promise<ReviewReportResult> {
  const generatedAt = (sources.clock ?? Date.now)();
  const now = arg.asOf ? Date.parse(arg.asOf) : generatedAt;
  const store = sources.reviews.active;
  const [entries, feed] = await Promise.all([
    store.audit(reviewer, { limit: AUDIT_LIMIT }),
    readWholeFeed<CorporateActionEvent>(sources.http, 'ca/v2/events', {}, {
      maxItems: EVENTS_LIMIT,
      pageSize: 1000,
      ...(signal ? { signal } : {}),
    }),
  ]);
  const zone = arg.timeZone ?? 'UTC';
  const window = reportWindow(arg.from, arg.to, zone);
  const candidates = feed.Data.filter((event) => {
    const deadline = responseDeadline(event, now, zone);
    return deadline !== undefined && inWindow(deadline, window);
  }).map((event) => event.EventId);
  const states = new Map();
  for (let start = 0; start < candidates.length; start += MAX_BULK_EVENTS) {
    signal?.throwIfAborted();
    const chunk = candidates.slice(start, start + MAX_BULK_EVENTS);
    for (const state of await store.states(reviewer, { eventIds: chunk })) states.set(state.eventId, state);
  }
  const report = buildReviewReport({
    arg,
    reviewer: { name: reviewer.name, userId: reviewer.userId },
    store: sources.reviews.view().kind === 'local' ? 'this computer' : 'the team review service',
    entries,
    entriesCapped: entries.length >= AUDIT_LIMIT,
    events: feed.Data,
    eventsCapped: feed.MaxRows !== undefined,
    states,
    now,
    generatedAt,
  });
  return { report, html: reviewReportHtml(report) };
}
