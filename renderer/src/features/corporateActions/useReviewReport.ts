/**
 * The review report's state and actions: the range (the last seven days up to the service's
 * today, in the analyst's time zone), the report main built, and its exports: CSV, the
 * self-contained HTML page main wrote, the browser's print (the page's print styles show the
 * report alone) and, in the Electron shell, a PDF; the web shell has no PDF printer in main, so
 * there the browser's print dialog (which saves PDF too) opens instead. Forgotten when the user changes.
 */
import { DateTime } from 'luxon';
import { ref } from 'vue';
import type { ReviewReport } from '../../../../contract/reviewReport';
import { call, DeskCallError, isCancelled, messageOf } from '../../shared/desk';
import { downloadTextFile } from '../../shared/downloadFile';
import { useOwnedState } from '../session/useOwnedState';
import { useServiceDayStore } from '../session/useServiceDayStore';
import { viewerZone } from './logic/deadlineText';
import { reviewReportCsv } from './logic/reviewReportCsv';

/** The report view's state and actions. */
export function useReviewReport() {
  const serviceDay = useServiceDayStore();
  const zone = viewerZone();
  const today = () => DateTime.fromJSDate(serviceDay.now, { zone }).toISODate() ?? '';
  const from = ref(DateTime.fromISO(today(), { zone }).minus({ days: 6 }).toISODate() ?? '');
  const to = ref(today());
  const report = ref<ReviewReport>();
  const html = ref('');
  const loading = ref(false);
  const error = ref<string>();
  /** What the last export or print did, in words. */
  const message = ref<string>();
  const owned = useOwnedState(() => {
    report.value = undefined;
    html.value = '';
    error.value = undefined;
    message.value = undefined;
  });

  const range = () => ({ from: from.value, to: to.value, timeZone: zone, asOf: serviceDay.now.toISOString() });
  const refusal = (caught: unknown) =>
    caught instanceof DeskCallError && caught.fields
      ? Object.values(caught.fields).flat().join(' ') || caught.message
      : messageOf(caught);

  /** Builds the report for the range chosen. */
  async function build(): Promise<void> {
    loading.value = true;
    error.value = undefined;
    message.value = undefined;
    try {
      const answer = await call('corporateActions:reviewReport', range(), { signal: owned.signal });
      report.value = answer.report;
      html.value = answer.html;
    } catch (caught) {
      if (!isCancelled(caught)) {
        report.value = undefined;
        error.value = refusal(caught);
      }
    } finally {
      loading.value = false;
    }
  }

  const fileName = (extension: string) => `review-report-${report.value?.from}-to-${report.value?.to}.${extension}`;

  function exportCsv(): void {
    if (report.value) downloadTextFile(fileName('csv'), reviewReportCsv(report.value));
  }

  function saveHtml(): void {
    if (report.value) downloadTextFile(fileName('html'), html.value, 'text/html;charset=utf-8');
  }

  /** Prints to PDF through main (Electron); where main cannot, opens the browser's print dialog. */
  async function savePdf(): Promise<void> {
    if (!report.value) return;
    message.value = undefined;
    try {
      const printed = await call(
        'corporateActions:printReviewReport',
        { from: report.value.from, to: report.value.to, timeZone: report.value.timeZone, asOf: report.value.asOf },
        { signal: owned.signal },
      );
      message.value = printed.saved ? `Saved ${printed.path ?? 'the PDF'}.` : 'Not saved.';
    } catch (caught) {
      if (caught instanceof DeskCallError && caught.code === 'PrintUnavailable') {
        message.value = 'Choose “Save as PDF” in the print dialog.';
        window.print();
      } else if (!isCancelled(caught)) message.value = `The PDF could not be made: ${refusal(caught)}`;
    }
  }

  return { from, to, zone, report, loading, error, message, build, exportCsv, saveHtml, print: () => window.print(), savePdf };
}
