/**
 * The web shell serves its page while the desk (the embedded simulator) still starts: the page
 * loads and its calls wait, then are answered by the desk once it is wired (deskToCome.ts).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BRIDGE_HEADER } from '../../contract/bridge';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { startDesk, type Desk } from '../../main/app/desk';
import { deskToCome } from '../../main/app/deskToCome';
import { startWebShell, type RunningWebShell } from '../../main/web/server';
import { TEST_CACHE_DIR } from '../support/testSimulator';

describe('the web shell before the desk has started', () => {
  let desk: Desk | undefined;
  let shell: RunningWebShell | undefined;
  afterAll(async () => {
    await shell?.close();
    await desk?.close();
  });

  it('serves the page at once, and answers the calls made meanwhile once the desk is wired', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'refdesk-early-shell-'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-early-shell-data-'));
    await writeFile(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ ...DEFAULT_SETTINGS, simulator: { ...DEFAULT_SETTINGS.simulator, scale: 'small' } }),
    );
    process.env.REFDESK_DATA_DIR = dataDir;
    process.env.REFDESK_CACHE_DIR = TEST_CACHE_DIR;
    await writeFile(
      path.join(dir, 'index.html'),
      '<html><head><script type="module" src="./a.js"></script></head></html>',
    );
    await writeFile(path.join(dir, 'preload.js'), 'window.desk = {};');

    const toCome = deskToCome();
    shell = await startWebShell({
      dispatch: (trusted) => toCome.dispatcher(trusted),
      rendererDir: dir,
      webPreloadFile: path.join(dir, 'preload.js'),
    });
    const launch = await fetch(shell.launchUrl, { redirect: 'manual' });
    expect(launch.status).toBe(200);
    const cookie = launch.headers.get('set-cookie')?.split(';')[0] ?? '';
    const page = await fetch(`${shell.origin}/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('./a.js');

    const headers = {
      'content-type': 'application/json',
      cookie,
      origin: shell.origin,
      [BRIDGE_HEADER]: '1',
    };
    // The heartbeat is the shell's own: answered while the desk starts, so the page says "starting", not "Not responding".
    expect(
      (await fetch(`${shell.origin}/__desk/heartbeat`, { method: 'POST', headers, body: '{}' })).status,
    ).toBe(204);
    let answered = false;
    const asked = fetch(`${shell.origin}/__desk/invoke/session:state`, {
      method: 'POST',
      headers,
      body: '{}',
    }).then(async (response) => {
      answered = true;
      return (await response.json()) as { ok: boolean; result?: { signedIn: boolean } };
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);

    const started = await startDesk({ events: toCome.events });
    desk = started;
    expect(answered).toBe(false);
    toCome.wire(started);
    const answer = await asked;
    expect(answer.ok).toBe(true);
    expect(answer.result?.signedIn).toBe(false);
  }, 60_000);
});
