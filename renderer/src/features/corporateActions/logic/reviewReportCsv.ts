/**
 * The review report as one CSV table (the desk's CSV: UTF-8 with BOM, formula-looking cells
 * defused): a line per review made in the range and per event still open, the Section column
 * saying which, every time in ISO (UTC) so a spreadsheet sorts it.
 */
import type { ReportOpenLine, ReportReviewedLine, ReviewReport } from '../../../../../contract/reviewReport';
import { toCsv, type CsvColumn } from '../../../shared/csv';
import { enumWords } from '../../../shared/enumWords';

type Line = { section: 'Reviewed'; line: ReportReviewedLine } | { section: 'Open'; line: ReportOpenLine };

const COLUMNS: CsvColumn<Line>[] = [
  { header: 'Section', value: (row) => row.section },
  { header: 'Event id', value: (row) => row.line.eventId },
  { header: 'Instrument', value: (row) => row.line.instrument },
  { header: 'Event type', value: (row) => row.line.eventType },
  { header: 'Reviewed (UTC)', value: (row) => (row.section === 'Reviewed' ? row.line.reviewedAt : '') },
  { header: 'Reviewed by', value: (row) => (row.section === 'Reviewed' ? row.line.reviewedBy.name : '') },
  { header: 'Approved (UTC)', value: (row) => (row.section === 'Reviewed' ? row.line.approvedAt : '') },
  { header: 'Approved by', value: (row) => (row.section === 'Reviewed' ? row.line.approvedBy?.name : '') },
  { header: 'Deadline (UTC)', value: (row) => (row.section === 'Open' ? row.line.deadline : '') },
  { header: 'Overdue', value: (row) => (row.section === 'Open' ? (row.line.overdue ? 'Overdue' : '') : '') },
  { header: 'Review', value: (row) => (row.section === 'Open' ? enumWords(row.line.progress) : '') },
  { header: 'Assigned to', value: (row) => (row.section === 'Open' ? row.line.assignee?.name : '') },
];

/** The report's lines as CSV: the reviews first, then the open events. */
export function reviewReportCsv(report: ReviewReport): string {
  const lines: Line[] = [
    ...report.reviewed.map((line) => ({ section: 'Reviewed' as const, line })),
    ...report.open.map((line) => ({ section: 'Open' as const, line })),
  ];
  return toCsv(COLUMNS, lines);
}
