import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';
import type { ReviewerSource } from '../../main/core/ipc/registerCorporateActionsIpc';
import { registerCorporateActionsViewIpc } from '../../main/core/ipc/registerCorporateActionsViewIpc';
import { SettingsService } from '../../main/core/settings/settingsService';

const own = { url: 'app://refdesk/index.html', isMainFrame: true };

describe('the inbox view chosen last survives a restart, per profile and user', () => {
  let dataDir: string;
  let signedIn: { name: string; userId: string } | undefined;
  const session: ReviewerSource = {
    view: () => ({ signedIn: signedIn !== undefined, ...(signedIn ? { user: signedIn } : {}), profile: { id: 'embedded' } }),
  };
  /** A fresh start of main on the same data folder. */
  const start = async () =>
    createIpcDispatcher({
      handlers: registerCorporateActionsViewIpc({ session, settings: await SettingsService.open(dataDir) }) as unknown as IpcHandlers,
      isTrustedSender: (url) => url.startsWith('app://refdesk/'),
    });

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-active-view-'));
    signedIn = { name: 'Clara Lindqvist', userId: '17340521' };
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers the chosen view after a restart, another user none, and forgets it when cleared', async () => {
    const first = await start();
    expect(await first('corporateActions:activeView', undefined, own)).toEqual({ ok: true, result: {} });
    expect(await first('corporateActions:chooseView', { name: 'My deadlines' }, own)).toEqual({ ok: true, result: { name: 'My deadlines' } });

    const restarted = await start();
    expect(await restarted('corporateActions:activeView', undefined, own)).toEqual({ ok: true, result: { name: 'My deadlines' } });
    signedIn = { name: 'Jonas Berger', userId: '17340877' };
    expect(await restarted('corporateActions:activeView', undefined, own)).toEqual({ ok: true, result: {} });
    signedIn = { name: 'Clara Lindqvist', userId: '17340521' };
    await restarted('corporateActions:chooseView', { name: null }, own);
    expect(await (await start())('corporateActions:activeView', undefined, own)).toEqual({ ok: true, result: {} });
    expect(JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).inbox).toEqual({ activeViews: {} });
  });

  it('refuses without a signed-in user, and refuses a blank name', async () => {
    const call = await start();
    expect(await call('corporateActions:chooseView', { name: '  ' }, own)).toMatchObject({ ok: false, error: { code: 'InvalidArgument' } });
    signedIn = undefined;
    expect(await call('corporateActions:activeView', undefined, own)).toMatchObject({ ok: false, error: { code: 'NotSignedIn' } });
  });
});
