/**
 * The queue's desktop notifications in the Electron shell: Electron's Notification in main,
 * shown only while Settings turn them on, never when the system cannot show them; the web shell
 * (no notifier in main) answers `shown: false` so the page uses the browser's Notification API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerCorporateActionsViewIpc } from '../../main/core/ipc/registerCorporateActionsViewIpc';
import { SettingsService } from '../../main/core/settings/settingsService';

const shown: { title: string; body: string }[] = [];
const supported = { value: true };
vi.mock('electron', () => ({
  Notification: class {
    static isSupported = () => supported.value;
    constructor(private readonly options: { title: string; body: string }) {}
    show() {
      shown.push({ title: this.options.title, body: this.options.body });
    }
  },
}));

const session = { view: () => ({ signedIn: true, user: { name: 'Demo', userId: '1' }, profile: { id: 'embedded' } }) };
const notice = { title: 'Deadline within a day', body: 'DVOP Nordic Bank: response deadline 17:00 Copenhagen' };
const call = { signal: new AbortController().signal, sender: 'app://refdesk' };

describe('desktop notifications of the work queue', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-notices-'));
    shown.length = 0;
    supported.value = true;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('shows one through Electron only once Settings turn notifications on', async () => {
    const { electronNotifier } = await import('../../main/electron/electronNotifier');
    const settings = await SettingsService.open(dataDir);
    const handlers = registerCorporateActionsViewIpc({ session: session as never, settings, desktopNotifier: electronNotifier });
    expect(await handlers['corporateActions:notify'](notice, call as never)).toEqual({ shown: false });
    expect(shown).toEqual([]);
    await settings.saveWorkQueue({ overdueBusinessDays: 5, notifications: true });
    expect(await handlers['corporateActions:notify'](notice, call as never)).toEqual({ shown: true });
    expect(shown).toEqual([notice]);
    supported.value = false;
    expect(await handlers['corporateActions:notify'](notice, call as never)).toEqual({ shown: false });
  });

  it('answers shown: false in the web shell, which has no notifier in main', async () => {
    const settings = await SettingsService.open(dataDir);
    await settings.saveWorkQueue({ overdueBusinessDays: 5, notifications: true });
    const handlers = registerCorporateActionsViewIpc({ session: session as never, settings });
    expect(await handlers['corporateActions:notify'](notice, call as never)).toEqual({ shown: false });
  });
});
