/**
 * `strictOAuth` in settings.json's simulator section: the embedded simulator starts holding
 * clients to RFC 7636 (the platform sample's 32-character PKCE verifier refused), and a reset
 * from Settings, which does not name it, keeps it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, deskSettingsSchema } from '../../contract/settings';
import { EmbeddedSimulator, type StartEmbeddedSimulator } from '../../main/app/embeddedSimulator';
import { registerSettingsIpc } from '../../main/core/ipc/registerSettingsIpc';
import { SettingsService } from '../../main/core/settings/settingsService';
import { startSimulator } from '../../main/simulator/server';
import { exchangePkceCode, pkceCode, sampleVerifier } from '../support/pkceSignIn';
import { TEST_CACHE_DIR, TEST_DATA_DIR } from '../support/testSimulator';

describe('strictOAuth of the embedded simulator (settings.json)', () => {
  let dataDir: string;
  let embedded: EmbeddedSimulator;
  let settings: SettingsService;

  /** What the embedded simulator answers to the exchange of a code with the sample's 32-character verifier. */
  async function sampleExchangeStatus(): Promise<number> {
    const verifier = sampleVerifier();
    const { info } = embedded.current;
    return (await exchangePkceCode(info, await pkceCode(info, verifier), verifier)).status;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-settings-strict-'));
    writeFileSync(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({
        ...DEFAULT_SETTINGS,
        simulator: { scale: 'small', seed: 20260101, strictOAuth: true },
      }),
    );
    settings = await SettingsService.open(dataDir);
    const start: StartEmbeddedSimulator = ({ asOf: _today, ...options }) =>
      startSimulator({ ...options, cacheDir: TEST_CACHE_DIR, dataDir: TEST_DATA_DIR });
    embedded = new EmbeddedSimulator(
      await start({ port: 0, ...settings.simulator, regenerate: false }),
      start,
    );
  });
  afterAll(async () => {
    await embedded?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts strict, and stays strict through a reset from Settings', async () => {
    expect(settings.simulator.strictOAuth).toBe(true);
    expect(await sampleExchangeStatus()).toBe(400);

    const session = {
      view: () => ({ profile: { kind: 'remote' as const } }),
      signOut: async () => undefined,
    };
    const handlers = registerSettingsIpc({
      settings,
      simulator: embedded,
      session,
      reviews: { apply: () => undefined },
    });
    const status = await handlers['settings:resetSimulator'](
      { scale: 'small', seed: 20260101 },
      { signal: new AbortController().signal },
    );
    expect(status.configured.strictOAuth).toBe(true);
    expect(await sampleExchangeStatus()).toBe(400);
  });

  it('refuses a strictOAuth that is not true or false, in words', () => {
    const parsed = deskSettingsSchema.safeParse({
      ...DEFAULT_SETTINGS,
      simulator: { scale: 'small', seed: 1, strictOAuth: 'yes' },
    });
    expect(parsed.error?.issues[0]?.message).toBe('strictOAuth is true or false.');
  });
});
