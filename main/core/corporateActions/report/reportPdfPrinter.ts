/**
 * Printing the review report to PDF is the Electron shell's (webContents.printToPDF): main/core
 * names only what it needs, and the web shell, which has none, refuses the channel.
 */
import type { PrintedReport } from '../../../../contract/reviewReport';

export interface ReportPdfPrinter {
  /** Prints the self-contained page `html` to a PDF file the user chooses, suggested as `fileName`. */
  print(html: string, fileName: string): Promise<PrintedReport>;
}
