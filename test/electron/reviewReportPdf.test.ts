/**
 * The review report printed to PDF in the Electron shell (Electron faked): main builds the page
 * itself from the arguments, loads it in a hidden, sandboxed window with JavaScript off, prints
 * it with printToPDF and writes it where the save dialog says; a cancelled dialog writes nothing;
 * the window is always destroyed. The web shell (no printer) refuses the channel in words.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewAuditEntry } from '../../contract/corporateActions';

const windows: FakeBrowserWindow[] = [];
const saveAnswer: { canceled: boolean; filePath?: string } = { canceled: false };
const showSaveDialog = vi.fn(async () => saveAnswer);

class FakeBrowserWindow {
  readonly loaded: string[] = [];
  destroyed = false;
  readonly webContents = {
    setWindowOpenHandler: vi.fn(),
    on: vi.fn(),
    session: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() },
    printToPDF: vi.fn(async (options: Record<string, unknown>) => Buffer.from(`%PDF-1.7 ${JSON.stringify(options)}`)),
  };
  constructor(readonly options: { show: boolean; webPreferences: Record<string, unknown> }) {
    windows.push(this);
  }
  loadURL(url: string) {
    this.loaded.push(url);
    return Promise.resolve();
  }
  destroy() {
    this.destroyed = true;
  }
}
vi.mock('electron', () => ({ shell: { openExternal: vi.fn() }, BrowserWindow: FakeBrowserWindow, dialog: { showSaveDialog } }));

const { createElectronReportPrinter } = await import('../../main/electron/electronReportPrinter');
const { registerReviewReportIpc } = await import('../../main/core/ipc/registerReviewReportIpc');

const clara = { name: 'Clara Lindqvist', userId: '17340521' };
const session = { view: () => ({ signedIn: true, user: clara, profile: { id: 'embedded' } }) };
const entries: ReviewAuditEntry[] = [
  { id: 2, eventId: '7', at: '2026-03-03T11:00:00Z', actor: { name: 'Jonas <b>', userId: '9' }, profileId: 'embedded', action: 'approved', before: '', after: '' },
  { id: 1, eventId: '7', at: '2026-03-03T10:00:00Z', actor: clara, profileId: 'embedded', action: 'reviewed', before: '', after: '' },
];
const reviews = {
  active: { audit: vi.fn(async () => entries), states: vi.fn(async () => []) },
  view: () => ({ kind: 'local', revision: 1 }),
};
const http = {
  baseUrl: 'http://127.0.0.1:1',
  getJson: vi.fn(async () => ({ Data: [{ EventId: '7', DisplayAndFormat: { Description: 'Nordic Bank' } }], __count: 1 })),
};
const call = { signal: new AbortController().signal, sender: 'app://refdesk' };
const range = { from: '2026-03-02', to: '2026-03-06' };

describe('the review report as PDF', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'refdesk-report-'));
    windows.length = 0;
    showSaveDialog.mockClear();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the page main built in a hidden locked-down window and saves it where the user chooses', async () => {
    const file = path.join(dir, 'report.pdf');
    Object.assign(saveAnswer, { canceled: false, filePath: file });
    const parent = { id: 'main window' };
    const printer = createElectronReportPrinter(() => parent as never);
    const handlers = registerReviewReportIpc({ reviews: reviews as never, session: session as never, http: http as never, reportPrinter: printer });
    expect(await handlers['corporateActions:printReviewReport'](range, call as never)).toEqual({ saved: true, path: file });
    const [page] = windows;
    expect(page?.options).toMatchObject({
      show: false,
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
    });
    const html = decodeURIComponent(page!.loaded[0]!.replace('data:text/html;charset=utf-8,', ''));
    expect(html).toContain('<td>7</td><td>Nordic Bank</td>');
    expect(html).toContain('Jonas &lt;b&gt; (9)');
    expect(page!.webContents.printToPDF).toHaveBeenCalledWith({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true });
    expect(showSaveDialog).toHaveBeenCalledWith(parent, expect.objectContaining({ defaultPath: 'review-report-2026-03-02-to-2026-03-06.pdf' }));
    expect(readFileSync(file, 'utf8').startsWith('%PDF')).toBe(true);
    expect(page!.destroyed).toBe(true);
  });

  it('writes nothing when the user cancels the save dialog, and still closes the hidden window', async () => {
    Object.assign(saveAnswer, { canceled: true, filePath: undefined });
    const handlers = registerReviewReportIpc({
      reviews: reviews as never,
      session: session as never,
      http: http as never,
      reportPrinter: createElectronReportPrinter(() => undefined),
    });
    expect(await handlers['corporateActions:printReviewReport'](range, call as never)).toEqual({ saved: false });
    expect(windows[0]?.destroyed).toBe(true);
  });

  it('is refused in the web shell, which has no printer: the page offers the HTML and the browser’s print', async () => {
    const handlers = registerReviewReportIpc({ reviews: reviews as never, session: session as never, http: http as never });
    await expect(handlers['corporateActions:printReviewReport'](range, call as never)).rejects.toMatchObject({
      shape: { code: 'PrintUnavailable', message: expect.stringContaining('save the report as HTML') },
    });
    expect(windows).toHaveLength(0);
    // The report itself is built in either shell.
    const { report } = await handlers['corporateActions:reviewReport'](range, call as never);
    expect(report.reviewed).toEqual([
      expect.objectContaining({ eventId: '7', instrument: 'Nordic Bank', reviewedBy: clara, approvedBy: { name: 'Jonas <b>', userId: '9' } }),
    ]);
  });
});
