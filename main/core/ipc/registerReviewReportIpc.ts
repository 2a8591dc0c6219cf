/**
 * The review report's handlers: `corporateActions:reviewReport` builds it for the signed-in
 * reviewer from the review store in use and the platform's events; `corporateActions:printReviewReport`
 * prints the same, built again in main from the same arguments, to PDF through the shell's
 * printer, which only the Electron shell has (the web shell refuses it: the page prints the HTML).
 */
import type { HttpClient } from '../api/http';
import type { ReportPdfPrinter } from '../corporateActions/report/reportPdfPrinter';
import { readReviewReport } from '../corporateActions/report/reviewReportService';
import type { ReviewStores } from '../corporateActions/review/reviewStores';
import { DeskError, type IpcHandlers } from './dispatcher';
import { currentReviewer, deskErrorOf, type ReviewerSource } from './registerCorporateActionsIpc';

type ReportChannels = Pick<IpcHandlers, 'corporateActions:reviewReport' | 'corporateActions:printReviewReport'>;

/** The report handlers over the review stores and the service client. */
export function registerReviewReportIpc({
  reviews,
  session,
  http,
  reportPrinter,
}: {
  reviews: ReviewStores;
  session: ReviewerSource;
  http: HttpClient;
  /** The Electron shell's PDF printer; absent in the web shell. */
  reportPrinter?: ReportPdfPrinter | undefined;
}): ReportChannels {
  const build = async (arg: Parameters<ReportChannels['corporateActions:reviewReport']>[0], signal: AbortSignal) => {
    const reviewer = currentReviewer(session);
    try {
      return await readReviewReport({ reviews, http }, reviewer, arg, signal);
    } catch (error) {
      throw deskErrorOf(error);
    }
  };
  return {
    'corporateActions:reviewReport': (arg, { signal }) => build(arg, signal),
    'corporateActions:printReviewReport': async (arg, { signal }) => {
      if (!reportPrinter)
        throw new DeskError({
          code: 'PrintUnavailable',
          message: 'Printing to PDF is for the desktop window; here, save the report as HTML or print it from the browser.',
        });
      const { html } = await build(arg, signal);
      return reportPrinter.print(html, `review-report-${arg.from}-to-${arg.to}.pdf`);
    },
  };
}
