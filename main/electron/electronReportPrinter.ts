/**
 * The review report printed to PDF by Electron: the page main built (no script, a CSP that
 * allows no outside resource) is loaded in a hidden, sandboxed window with JavaScript off and
 * its own in-memory partition, printed with webContents.printToPDF (A4, the page's own @page
 * size), and written where the user chooses in a save dialog. The window never navigates and is
 * destroyed whatever happens.
 */
import { writeFile } from 'node:fs/promises';
import { BrowserWindow, dialog } from 'electron';
import type { PrintedReport } from '../../contract/reviewReport';
import type { ReportPdfPrinter } from '../core/corporateActions/report/reportPdfPrinter';
import { hardenWindow } from './hardenWindow';

/** A printer whose save dialog is modal over `parent()` while it exists. */
export function createElectronReportPrinter(parent: () => BrowserWindow | undefined): ReportPdfPrinter {
  return {
    async print(html: string, fileName: string): Promise<PrintedReport> {
      const page = new BrowserWindow({
        show: false,
        webPreferences: {
          sandbox: true,
          contextIsolation: true,
          nodeIntegration: false,
          javascript: false,
          partition: 'report-print',
        },
      });
      hardenWindow(page, () => false);
      try {
        await page.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
        const pdf = await page.webContents.printToPDF({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true });
        const owner = parent();
        const options = { defaultPath: fileName, filters: [{ name: 'PDF', extensions: ['pdf'] }] };
        const choice = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
        if (choice.canceled || !choice.filePath) return { saved: false };
        await writeFile(choice.filePath, pdf);
        return { saved: true, path: choice.filePath };
      } finally {
        page.destroy();
      }
    },
  };
}
