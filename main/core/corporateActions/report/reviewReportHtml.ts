/**
 * The review report as one self-contained HTML page: inline styles sized for an A4 page, no
 * script, no outside resource (a CSP that allows none), every value from the store or the
 * platform escaped, times written in the report's time zone. Saved as a file, printed by a
 * browser, or printed to PDF by the Electron shell.
 */
import { DateTime } from 'luxon';
import type { ReviewPerson } from '../../../../contract/review';
import type { ReportEventFacts, ReviewReport } from '../../../../contract/reviewReport';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe as HTML content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

const PROGRESS_WORDS: Record<string, string> = {
  NotReviewed: 'Not reviewed',
  AwaitingApproval: 'Awaiting approval',
  Reviewed: 'Reviewed',
  Approved: 'Approved',
};

/** The report's own words for counts, instants and people. */
function writer(report: ReviewReport) {
  const count = new Intl.NumberFormat('en-US');
  const when = (iso: string) =>
    DateTime.fromISO(iso, { zone: report.timeZone }).toFormat('yyyy-MM-dd HH:mm');
  const who = (person: ReviewPerson | undefined) => (person ? `${person.name} (${person.userId})` : '');
  return { count: (n: number) => count.format(n), when, who };
}

const cells = (values: string[]) => `<tr>${values.map((value) => `<td>${escapeHtml(value)}</td>`).join('')}</tr>`;
const heads = (values: string[]) => `<tr>${values.map((value) => `<th scope="col">${escapeHtml(value)}</th>`).join('')}</tr>`;
const event = (line: ReportEventFacts) => [line.eventId, line.instrument ?? '', line.eventType ?? ''];

const STYLE = `
@page { size: A4; margin: 14mm; }
body { font: 10pt system-ui, sans-serif; color: #111; margin: 0; }
h1 { font-size: 15pt; margin: 0 0 4px; }
h2 { font-size: 12pt; margin: 14px 0 4px; }
p { margin: 2px 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #bbb; padding: 2px 4px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
th { background: #eee; white-space: nowrap; }
tr { break-inside: avoid; }
.overdue td { font-weight: 600; }
.muted { color: #555; }
`;

/** The report as a complete HTML document. */
export function reviewReportHtml(report: ReviewReport): string {
  const { count, when, who } = writer(report);
  const title = `Review report ${report.from} to ${report.to}`;
  const reviewed = report.reviewed.length
    ? `<table><thead>${heads(['Event', 'Instrument', 'Type', 'Reviewed', 'By', 'Approved', 'By'])}</thead><tbody>${report.reviewed
        .map((line) =>
          cells([
            ...event(line),
            when(line.reviewedAt),
            who(line.reviewedBy),
            line.approvedAt ? when(line.approvedAt) : '',
            who(line.approvedBy),
          ]),
        )
        .join('')}</tbody></table>`
    : '<p class="muted">Nothing was marked reviewed in these days.</p>';
  const open = report.open.length
    ? `<table><thead>${heads(['Event', 'Instrument', 'Type', 'Deadline', 'Overdue', 'Review', 'Assigned to'])}</thead><tbody>${report.open
        .map((line) =>
          cells([
            ...event(line),
            when(line.deadline),
            line.overdue ? 'Overdue' : '',
            PROGRESS_WORDS[line.progress] ?? line.progress,
            who(line.assignee),
          ]).replace('<tr>', line.overdue ? '<tr class="overdue">' : '<tr>'),
        )
        .join('')}</tbody></table>`
    : '<p class="muted">No event with a response deadline in these days is waiting for review.</p>';
  const limits = report.limits.map((limit) => `<p class="muted">${escapeHtml(limit)}</p>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="muted">Days counted in ${escapeHtml(report.timeZone)} · review state from ${escapeHtml(report.store)} · built ${escapeHtml(when(report.generatedAt))} for ${escapeHtml(who(report.reviewer))} · overdue as of ${escapeHtml(when(report.asOf))}</p>
<p>${escapeHtml(`${count(report.counts.reviewed)} reviewed · ${count(report.counts.approved)} approved · ${count(report.counts.open)} still open · ${count(report.counts.overdue)} overdue`)}</p>
${limits}
<h2>Reviewed</h2>
${reviewed}
<h2>Still open (response deadline in these days)</h2>
${open}
</body></html>
`;
}
