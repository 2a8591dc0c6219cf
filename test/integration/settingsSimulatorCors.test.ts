/**
 * The browser origins the embedded simulator lets call it (CORS), chosen in Settings: kept in
 * settings.json, handed to the restarted simulator, kept by a reset that names none, cleared by a
 * reset to any origin, and bad origins refused in words before anything restarts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSimulatorArgSchema } from '../../contract/settings';
import { EmbeddedSimulator, type StartEmbeddedSimulator } from '../../main/app/embeddedSimulator';
import { registerSettingsIpc } from '../../main/core/ipc/registerSettingsIpc';
import { SettingsService } from '../../main/core/settings/settingsService';
import { startSimulator } from '../../main/simulator/server';
import { TEST_CACHE_DIR, TEST_DATA_DIR } from '../support/testSimulator';

const APP_ORIGIN = 'http://localhost:5173';
const OTHER_ORIGIN = 'http://apps.example.com:8080';

/** The Access-Control-Allow-Origin a preflight from `origin` to the simulator's API gets (null: refused). */
async function allowedOrigin(embedded: EmbeddedSimulator, origin: string): Promise<string | null> {
  const answer = await fetch(`${embedded.current.info.baseUrl}/ref/v1/countries`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
  return answer.headers.get('access-control-allow-origin');
}

describe('browser origins of the embedded simulator in Settings', () => {
  let dataDir: string;
  let settings: SettingsService;
  let embedded: EmbeddedSimulator;
  let handlers: ReturnType<typeof registerSettingsIpc>;
  const call = { signal: new AbortController().signal };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-settings-cors-'));
    settings = await SettingsService.open(dataDir);
    // Today's universe (no day is chosen here), from the tests' shared cache.
    const start: StartEmbeddedSimulator = ({ asOf: _today, ...options }) =>
      startSimulator({ ...options, cacheDir: TEST_CACHE_DIR, dataDir: TEST_DATA_DIR });
    embedded = new EmbeddedSimulator(await start({ port: 0, scale: 'small', seed: 20260101, regenerate: false }), start);
    const session = { view: () => ({ profile: { kind: 'remote' as const } }), signOut: async () => undefined };
    handlers = registerSettingsIpc({ settings, simulator: embedded, session, reviews: { apply: () => undefined } });
    await settings.saveSimulator({ scale: 'small', seed: 20260101 });
  });
  afterAll(async () => {
    await embedded.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets any origin call by default, and only the chosen ones after a restart with a list', async () => {
    expect(embedded.status(settings.simulator).corsOrigins).toBe('*');
    // Any origin: bearer tokens are no ambient credentials, so the answer is the wildcard.
    expect(await allowedOrigin(embedded, OTHER_ORIGIN)).toBe('*');

    const arg = resetSimulatorArgSchema.parse({ scale: 'small', seed: 20260101, corsOrigins: [`${APP_ORIGIN}/`] });
    const status = await handlers['settings:resetSimulator'](arg, call);
    expect(status.corsOrigins).toEqual([APP_ORIGIN]);
    expect(status.configured.corsOrigins).toEqual([APP_ORIGIN]);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).simulator.corsOrigins).toEqual([APP_ORIGIN]);
    expect(await allowedOrigin(embedded, APP_ORIGIN)).toBe(APP_ORIGIN);
    expect(await allowedOrigin(embedded, OTHER_ORIGIN)).toBeNull();
  });

  it('keeps the list through a reset that names none, and lets any origin call again after one that clears it', async () => {
    await handlers['settings:resetSimulator']({ scale: 'small', seed: 20260101 }, call);
    expect(await allowedOrigin(embedded, OTHER_ORIGIN)).toBeNull();
    expect((await SettingsService.open(dataDir)).simulator.corsOrigins).toEqual([APP_ORIGIN]);

    const status = await handlers['settings:resetSimulator']({ scale: 'small', seed: 20260101, corsOrigins: null }, call);
    expect(status.corsOrigins).toBe('*');
    expect(settings.simulator.corsOrigins).toBeUndefined();
    expect(await allowedOrigin(embedded, OTHER_ORIGIN)).toBe('*');
  });

  it('refuses what is not an origin, in words, before anything restarts', () => {
    const refusal = (corsOrigins: unknown) =>
      resetSimulatorArgSchema.safeParse({ scale: 'small', seed: 1, corsOrigins }).error?.issues[0]?.message;
    const notAnOrigin = 'An origin is a scheme, host and port only, such as http://localhost:5173.';
    expect(refusal(['http://localhost:5173/app'])).toBe(notAnOrigin);
    expect(refusal(['ftp://files.example.com'])).toBe(notAnOrigin);
    expect(refusal(['localhost:5173'])).toBe(notAnOrigin);
    expect(refusal(['https://user:pw@apps.example.com'])).toBe(notAnOrigin);
    expect(refusal([APP_ORIGIN, 'HTTP://LOCALHOST:5173'])).toBe('An origin is listed twice.');
    expect(resetSimulatorArgSchema.parse({ scale: 'small', seed: 1, corsOrigins: ['https://Apps.Example.com:443'] }).corsOrigins).toEqual([
      'https://apps.example.com',
    ]);
  });
});
