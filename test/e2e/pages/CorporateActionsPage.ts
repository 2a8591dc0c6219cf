/**
 * Page module of the corporate events inbox.
 */
import type { Locator, Page } from '@playwright/test';

/** A count as the desk writes it for the browser's locale (en-US in the e2e Chromium): 1,484. */
const grouped = (count: number) => count.toLocaleString('en-US');

export class CorporateActionsPage {
  readonly heading: Locator;
  readonly status: Locator;
  readonly grid: Locator;
  readonly filters: Locator;
  readonly keywords: Locator;
  readonly applyFilters: Locator;
  readonly sortBy: Locator;
  readonly detail: Locator;
  readonly savedView: Locator;
  readonly exportButton: Locator;
  readonly auditButton: Locator;
  readonly auditGrid: Locator;
  readonly markReviewed: Locator;
  readonly note: Locator;
  /** The open event's notes thread, oldest first. */
  readonly notes: Locator;
  readonly saveNote: Locator;
  readonly flag: Locator;
  /** The team's sign-off of the open event: who reviewed and approved it, Approve. */
  readonly signOff: Locator;
  readonly approve: Locator;
  /** "Team review unavailable: …" while the team service cannot be used. */
  readonly teamUnavailable: Locator;
  /** A change refused because the event changed first, with Reload. */
  readonly conflict: Locator;
  readonly reloadConflict: Locator;
  /** Where review state is kept (this computer, or the team and its replica). */
  readonly reviewStore: Locator;
  /** The failure of the last review action. */
  readonly reviewError: Locator;
  /** "Not responding: <replica>…" under the toolbar while a replica of the team does not answer. */
  readonly notResponding: Locator;
  readonly workQueue: Locator;
  readonly auditView: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Corporate actions', level: 1 });
    this.status = page.getByRole('status').filter({ hasText: /events|Loading events/ });
    this.grid = page.getByTestId('inbox-grid');
    this.filters = page.getByRole('form', { name: 'Event filters' });
    this.keywords = this.filters.getByLabel('Keywords');
    this.applyFilters = this.filters.getByRole('button', { name: 'Apply filters' });
    this.sortBy = page.getByLabel('Sort by');
    this.detail = page.getByTestId('event-detail');
    this.savedView = page.getByLabel('Saved view');
    this.exportButton = page.getByRole('button', { name: 'Export CSV' });
    this.auditButton = page.getByRole('button', { name: 'Audit log', exact: true });
    this.auditGrid = page.getByTestId('audit-grid');
    this.markReviewed = this.detail.getByRole('button', { name: 'Mark reviewed' });
    this.note = this.detail.getByRole('textbox', { name: /^Note/ });
    this.notes = this.detail.getByTestId('event-notes');
    this.saveNote = this.detail.getByRole('button', { name: 'Save note' });
    this.flag = this.detail
      .getByRole('group', { name: 'Review' })
      .getByRole('button', { name: /^(Flag|Unflag)$/ });
    this.signOff = this.detail.getByTestId('review-sign-off');
    this.approve = this.signOff.getByRole('button', { name: 'Approve' });
    this.teamUnavailable = page.getByTestId('team-review-unavailable');
    this.conflict = page.getByTestId('review-conflict');
    this.reloadConflict = this.conflict.getByRole('button', { name: 'Reload' });
    this.reviewStore = page.getByTestId('review-store');
    this.reviewError = page.getByRole('alert').filter({ hasText: /^Review: / });
    this.notResponding = page.getByTestId('team-review-not-responding');
    this.workQueue = page.getByRole('group', { name: 'Work queue' });
    this.auditView = page.getByTestId('audit-view');
  }

  /** Shows only the events of one instrument (the Keywords filter, e.g. its ISIN). */
  async showInstrument(keywords: string): Promise<void> {
    await this.keywords.fill(keywords);
    await this.applyFilters.click();
  }

  /** A review-state checkbox of the work queue (Unread, Flagged, Not reviewed, Changed since reviewed). */
  workQueueCheckbox(name: string): Locator {
    return this.workQueue.getByRole('checkbox', { name, exact: true });
  }

  /** A tab of the inbox: "To do", "History" or "All events". */
  tab(name: 'To do' | 'History' | 'All events'): Locator {
    return this.page.getByRole('tablist', { name: 'Events to show' }).getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  /** Leaves the work queue's default (the work to do): every event, as the service lists them. */
  async showEveryEvent(): Promise<void> {
    await this.tab('All events').click();
  }

  /** The count beside Corporate actions in the navigation: unreviewed events due within 2 business days. */
  navigationBadge(): Locator {
    return this.page.getByTestId('navigation-badge-corporate-actions');
  }

  /** The heading of a group of the work to do ("Overdue · 2", "Upcoming · 7"). */
  groupHeading(group: 'overdue' | 'upcoming'): Locator {
    return this.grid.locator(`[role="row"][row-id="group:${group}"]`);
  }

  /** A cell of an event's row, by column id (e.g. "countdown", "deadline"). */
  cell(eventId: string, colId: string): Locator {
    return this.row(eventId).locator(`[col-id="${colId}"]`);
  }

  /** A column header of the grid, by its column id. */
  header(colId: string): Locator {
    return this.grid.locator(`.ag-header-cell[col-id="${colId}"]`);
  }

  /** Clicks a column header (sorts by it where it has a sort). */
  async clickHeader(colId: string): Promise<void> {
    await this.header(colId).locator('.ag-header-cell-label').click();
  }

  /** A button of the open event's detail pane (Flag, Close the event…). */
  detailButton(name: string): Locator {
    return this.detail.getByRole('button', { name, exact: true });
  }

  /** The notes of the open event's thread, one item each, oldest first. */
  noteItems(): Locator {
    return this.notes.getByRole('listitem');
  }

  /** The question asked when an event is closed with an unsaved note. */
  unsavedNoteDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Unsaved note' });
  }

  /** A button of that question: Save note, Discard note, Keep editing. */
  unsavedNoteAnswer(name: string): Locator {
    return this.unsavedNoteDialog().getByRole('button', { name, exact: true });
  }

  /** "Select all N matching". */
  selectAllMatching(count: number): Locator {
    return this.page.getByRole('button', { name: `Select all ${grouped(count)} matching` });
  }

  /** The toolbar's "All N matching events selected". */
  selectionStatus(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'matching events selected' });
  }

  clearSelection(): Locator {
    return this.page.getByRole('button', { name: 'Clear selection' });
  }

  /** A control of the audit log view (its filters by label, its buttons by name). */
  auditFilter(label: string): Locator {
    return this.auditView.getByLabel(label);
  }

  auditButtonNamed(name: string): Locator {
    return this.auditView.getByRole('button', { name });
  }

  /** The review report, opened from the audit log. */
  reviewReport(): Locator {
    return this.page.getByTestId('review-report');
  }

  /** Opens the audit log (unless open) and its review report for the default range. */
  async openReviewReport(): Promise<void> {
    if (!(await this.auditView.isVisible())) await this.auditButton.click();
    await this.auditButtonNamed('Review report…').click();
    await this.reviewReport().getByTestId('report-page').waitFor();
  }

  /** Closes the review report and the audit log under it, back to the inbox. */
  async closeReviewReport(): Promise<void> {
    await this.reviewReport().getByRole('button', { name: 'Close the review report' }).click();
    await this.auditView.getByRole('button', { name: 'Close the audit log' }).click();
  }

  /** The report's line of a review of `eventId`. */
  reportReviewedRow(eventId: string): Locator {
    return this.reviewReport()
      .getByTestId('report-reviewed')
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: eventId, exact: true }) });
  }

  /** The report's cells of that line: event, instrument, type, reviewed, by, approved, by. */
  reportReviewedCells(eventId: string): Locator {
    return this.reportReviewedRow(eventId).getByRole('cell');
  }

  /** The report's "N reviewed · N approved · …" line. */
  reportCounts(): Locator {
    return this.reviewReport().getByTestId('report-counts');
  }

  /** The audit log's "N of M entries" line. */
  auditStatus(): Locator {
    return this.auditView.getByRole('status');
  }

  /** The open event's "Changed since reviewed" section. */
  changes(): Locator {
    return this.detail.getByTestId('event-changes');
  }

  /** The row of one changed field in that section (field, when reviewed, now). */
  changedField(field: string): Locator {
    return this.changes().getByRole('row', { name: new RegExp(field) });
  }

  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Corporate actions' }).click();
    await this.heading.waitFor();
  }

  /** A checkbox of the filter panel (corporate action type, state, election status, scope). */
  filterCheckbox(name: string): Locator {
    return this.filters.getByRole('checkbox', { name, exact: true });
  }

  /** The sort direction toggle, whichever way it points now. */
  sortDirection(): Locator {
    return this.page.getByRole('button', { name: /^Sort direction/ });
  }

  /** Shows or hides a column through the Columns chooser. */
  async toggleColumn(name: string): Promise<void> {
    const chooser = this.page.locator('details.columns');
    if (!(await chooser.getAttribute('open'))) await chooser.locator('summary').click();
    await chooser.getByRole('checkbox', { name, exact: true }).click();
    await chooser.locator('summary').click();
  }

  /** The event rows the grid has rendered (not the group headings). */
  rows(): Locator {
    return this.grid.locator('[role="row"][row-id]:not(.row-group-heading)');
  }

  /** The cell texts of the column `colId` for the rows rendered, in row order (the DOM order may differ). */
  async columnTexts(colId: string): Promise<string[]> {
    return this.rows().evaluateAll(
      (rows, column) =>
        rows
          .map((row) => ({
            index: Number(row.getAttribute('row-index')),
            text: row.querySelector(`[col-id="${column}"]`)?.textContent?.trim() ?? '',
          }))
          .sort((a, b) => a.index - b.index)
          .map((cell) => cell.text),
      colId,
    );
  }

  /** The ids of the events the grid has rendered, in row order. */
  async eventIds(): Promise<string[]> {
    return this.rows().evaluateAll((rows) =>
      rows
        .map((row) => ({
          index: Number(row.getAttribute('row-index')),
          id: row.getAttribute('row-id') ?? '',
        }))
        .sort((a, b) => a.index - b.index)
        .map((row) => row.id),
    );
  }

  /** The number of events the status line puts first ("144 events · 100 loaded", "9 to do · 2 overdue", "1,504 in History"). */
  async total(): Promise<number> {
    const match = /^([\d,]+) (events?|to do|in History|shown)/.exec((await this.status.textContent()) ?? '');
    return Number(match?.[1]?.replace(/,/g, ''));
  }

  /** Opens an event in the detail pane by clicking its row. */
  async openEvent(eventId: string): Promise<void> {
    await this.row(eventId).locator('[col-id="instrument"]').click();
  }

  /** Puts the keyboard on an event's row without opening it (a click on its event type). */
  async focusRow(eventId: string): Promise<void> {
    await this.row(eventId).locator('[col-id="eventType"]').click();
  }

  /** Ticks an event's row for a bulk action. */
  async select(eventId: string): Promise<void> {
    await this.row(eventId).getByRole('checkbox').check();
  }

  /** The bulk "Mark N selected reviewed" button. */
  bulkReviewed(count: number): Locator {
    return this.page.getByRole('button', { name: `Mark ${grouped(count)} selected reviewed` });
  }

  /** The bulk "Approve N selected" button (a team's second analyst). */
  bulkApprove(count: number): Locator {
    return this.page.getByRole('button', { name: `Approve ${count} selected` });
  }

  /** The question a bulk action asks first ("Mark 2 events reviewed?"). */
  bulkQuestion(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Confirm bulk action' });
  }

  /** The summary a bulk action ends with (reviewed, awaiting approval, refused and why). */
  bulkSummary(): Locator {
    return this.page.getByRole('status', { name: 'Bulk action summary' });
  }

  /** The refusals the bulk action's summary lists ("<event ids>: <why>"). */
  bulkRefusals(): Locator {
    return this.bulkSummary().getByRole('list', { name: 'Refused' });
  }

  /** Every alert on the page that says `text` (the unavailable line, a refused action). */
  alertsSaying(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** Confirms the bulk action asked about (its button: "Mark reviewed" or "Approve"). */
  async confirmBulk(label: 'Mark reviewed' | 'Approve'): Promise<void> {
    await this.bulkQuestion().getByRole('button', { name: label, exact: true }).click();
  }

  /** A region of the open event's detail, e.g. "Key dates", "Holdings", "Review history". */
  detailRegion(name: string): Locator {
    return this.detail.getByRole('region', { name, exact: true });
  }

  /** Saves the current filters, sort and columns as a named view. */
  async saveView(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Save view…' }).click();
    await this.page.getByLabel('View name').fill(name);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** The grid row of the event with this id. */
  row(eventId: string): Locator {
    return this.grid.locator(`[role="row"][row-id="${eventId}"]`);
  }

  /** The review badge cell of an event's row. */
  reviewCell(eventId: string): Locator {
    return this.row(eventId).locator('[col-id="review"]');
  }

  flagCell(eventId: string): Locator {
    return this.row(eventId).locator('[col-id="flagged"]');
  }
}
