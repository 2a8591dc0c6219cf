/**
 * The web shell listens before the desk behind it has started (issue 28: Chromium loads the page
 * on one core while main starts the simulator on the other). Its page, heartbeat and push events
 * answer at once; a bridge call made meanwhile waits and is answered once the desk is ready; a
 * desk that cannot start answers the waiting call with a clear error and closes the shell.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_HEADER, WEB_EVENTS_PATH, WEB_HEARTBEAT_PATH } from '../../contract/bridge';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { startDesk, type Desk } from '../../main/app/desk';
import { startWebShellBeforeDesk, type WebShellBeforeDesk } from '../../main/app/webShellStart';
import type { PushEventBus } from '../../main/core/events';
import { TEST_CACHE_DIR } from '../support/testSimulator';

const PROGRESS = {
  kind: 'generate',
  step: 'option spaces',
  stepIndex: 7,
  stepCount: 12,
  fraction: 0.42,
  elapsedMs: 1200,
  done: false,
} as const;

/** A desk start the test lets go on (`open`) or fail (`fail`); it emits a progress report first, as a generation would. */
function gatedDesk() {
  let open: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const gate = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  const start = async (events: PushEventBus): Promise<Desk> => {
    events.emit('settings:simulatorProgress', PROGRESS);
    await gate;
    return startDesk({ events });
  };
  return { start, open: () => open(), fail: (error: Error) => fail(error) };
}

describe('the web shell while its desk starts', () => {
  let rendererDir: string;
  let started: WebShellBeforeDesk | undefined;
  let gated: ReturnType<typeof gatedDesk> | undefined;

  beforeAll(async () => {
    rendererDir = await mkdtemp(path.join(tmpdir(), 'refdesk-early-shell-'));
    await writeFile(path.join(rendererDir, 'index.html'), '<html><head><script type="module" src="./a.js"></script></head></html>');
    await writeFile(path.join(rendererDir, 'preload.js'), 'window.desk = {};');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-early-shell-data-'));
    await writeFile(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ ...DEFAULT_SETTINGS, simulator: { ...DEFAULT_SETTINGS.simulator, scale: 'small' } }),
    );
    process.env.REFDESK_DATA_DIR = dataDir;
    process.env.REFDESK_CACHE_DIR = TEST_CACHE_DIR;
  });
  afterEach(async () => {
    // A test that failed before it let the desk go on must not leave it waiting (no-op otherwise).
    gated?.fail(new Error('the test ended'));
    const desk = await started?.desk.catch(() => undefined);
    await started?.shell.close();
    await desk?.close();
    started = undefined;
  });

  const start = async (desk: ReturnType<typeof gatedDesk>) => {
    gated = desk;
    started = await startWebShellBeforeDesk(desk.start, { rendererDir, webPreloadFile: path.join(rendererDir, 'preload.js') });
    // Handled by each test; a failure meanwhile is not an unheard rejection.
    started.desk.catch(() => undefined);
    const { shell } = started;
    const launch = await fetch(shell.launchUrl, { redirect: 'manual' });
    const cookie = launch.headers.get('set-cookie')?.split(';')[0] ?? '';
    const trusted = { cookie, origin: shell.origin, [BRIDGE_HEADER]: '1' };
    const post = (urlPath: string, body?: unknown) =>
      fetch(`${shell.origin}${urlPath}`, {
        method: 'POST',
        headers: { ...trusted, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    return { shell, launch, post };
  };

  /** Settles with the response, or 'waiting' if it has not come within `ms`. */
  const within = <T>(pending: Promise<T>, ms: number) =>
    Promise.race([pending, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);

  it('serves its page, heartbeat and push events at once, and answers a call made meanwhile once the desk is ready', async () => {
    const desk = gatedDesk();
    const { launch, post } = await start(desk);
    expect(launch.status).toBe(200);
    expect(await launch.text()).toContain('__desk/bridge.js');
    expect((await post(WEB_HEARTBEAT_PATH)).status).toBe(204);

    // The page hears the simulator's progress before the desk has started.
    const stream = await post(WEB_EVENTS_PATH);
    const reader = stream.body!.getReader();
    let heard = '';
    while (!heard.includes('settings:simulatorProgress')) heard += new TextDecoder().decode((await reader.read()).value);
    expect(heard).toContain('"fraction":0.42');
    await reader.cancel();

    const session = post('/__desk/invoke/session:state', {}).then((response) => response.json());
    expect(await within(session, 300)).toBe('waiting');
    desk.open();
    expect(await session).toMatchObject({ ok: true, result: { signedIn: false, profile: { kind: 'embedded' } } });
    await expect(started!.desk).resolves.toBeDefined();
  });

  it('answers a waiting call with a clear error and closes the shell when the desk cannot start', async () => {
    const desk = gatedDesk();
    const { shell, post } = await start(desk);
    const session = post('/__desk/invoke/session:state', {}).then((response) => response.json());
    expect(await within(session, 300)).toBe('waiting');
    desk.fail(new Error('the cache folder is a file'));
    expect(await session).toEqual({
      ok: false,
      error: { code: 'StartFailed', message: 'RefDesk could not start (its terminal or log says why). Start RefDesk again.' },
    });
    await expect(started!.desk).rejects.toThrow('the cache folder is a file');
    // Closed: nothing answers at its address any more.
    await expect(fetch(`${shell.origin}/`)).rejects.toThrow();
  });
});
