import { readdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAssertion, loadSigningMaterial, PERSONAL_JWT_GRANT } from '../../main/core/session/assertion';
import { requestToken } from '../../main/core/session/tokenEndpoint';
import { startSimulatorCli } from '../support/simulatorProcess';
import { TEST_CACHE_DIR } from '../support/testSimulator';

interface SimulatorReady {
  baseUrl: string;
  authUrl: string;
  userId: string;
  appKey: string;
  appSecret: string;
  appUrl: string;
  certificatePath: string;
  privateKeyPath: string;
  universe: { scale: string; asOf?: string; cacheUsed?: boolean; rolledFrom?: string };
}

describe('npm run simulator', () => {
  it('prints READY with what a client needs, serves the API to a signed-in client, stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-cli-'));
    const simulator = await startSimulatorCli<SimulatorReady>([
      '--port',
      '0',
      '--scale',
      'small',
      '--cache-dir',
      TEST_CACHE_DIR,
      '--data-dir',
      dataDir,
    ]);
    const ready = simulator.ready;
    expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openapi$/);
    expect(ready.authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth$/);
    expect(ready.universe.scale).toBe('small');

    const anonymous = await fetch(`${ready.baseUrl}/ref/v1/countries`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);

    // A standalone client signs in with nothing but the READY line: the signed-assertion flow.
    const material = await loadSigningMaterial(ready.certificatePath, ready.privateKeyPath);
    const assertion = await buildAssertion(
      { appKey: ready.appKey, userId: ready.userId, authUrl: ready.authUrl, appUrl: ready.appUrl },
      material,
    );
    const tokens = await requestToken(
      ready.authUrl,
      { grant_type: PERSONAL_JWT_GRANT, assertion },
      { clientId: ready.appKey, clientSecret: ready.appSecret },
    );
    const countries = await fetch(`${ready.baseUrl}/ref/v1/countries`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(countries.status).toBe(200);
    expect(((await countries.json()) as { Data: unknown[] }).Data).toHaveLength(249);
    expect(await simulator.stop()).toBe(0);
  });

  it('refuses a bad port or scale with a clear message and exit code 2', async () => {
    const badPort = await startSimulatorCli(['--port', 'eighty']).catch((e: Error) => e.message);
    expect(badPort).toContain('exited with 2');
    expect(badPort).toContain('--port must be a whole number');
    const badScale = await startSimulatorCli(['--scale', 'huge']).catch((e: Error) => e.message);
    expect(badScale).toContain('exited with 2');
    expect(badScale).toContain('--scale must be one of small, default, large');
    const badDay = await startSimulatorCli(['--as-of', '2027-02-30']).catch((e: Error) => e.message);
    expect(badDay).toContain('exited with 2');
    expect(badDay).toContain(
      '--as-of: The day to simulate must be a date written yyyy-mm-dd (got "2027-02-30")',
    );
    // Three starts of the CLI from its sources (tsx): about 9 s each on a loaded two-core machine.
  }, 60_000);

  it('simulates the day given with --as-of, rolling its cached universe to the next day it is asked for, with progress on stderr', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'refdesk-cli-cache-'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-cli-'));
    const start = (day: string) =>
      startSimulatorCli<SimulatorReady>(
        [
          '--port',
          '0',
          '--scale',
          'small',
          '--cache-dir',
          cacheDir,
          '--data-dir',
          dataDir,
          '--as-of',
          day,
          '--progress',
        ],
        { timeoutMs: 120_000 },
      );
    const friday = await start('2027-01-15');
    expect(friday.ready.universe).toMatchObject({ asOf: '2027-01-15', cacheUsed: false });
    expect(friday.stderr()).toMatch(/Generating the universe: \d+%/);
    expect(friday.stderr()).toMatch(/Generating the universe: 100%, done in \d+ s/);
    await friday.stop();

    const tuesday = await start('2027-01-19');
    expect(tuesday.ready.universe).toMatchObject({
      asOf: '2027-01-19',
      cacheUsed: true,
      rolledFrom: '2027-01-15',
    });
    // Rolled by a worker while the simulator loaded: said once the roll is in; stderr is a pipe of
    // its own, so it may reach the test a moment after the READY line.
    await expect.poll(() => tuesday.stderr()).toMatch(/Rolling the universe to its day: 100%, done in \d+ s/);
    await tuesday.stop();

    // One rule for the cache folder: --cache-dir names it as REFDESK_CACHE_DIR does, universes in its simulator/.
    expect(readdirSync(cacheDir)).toEqual(['simulator']);
    const fromEnvironment = await startSimulatorCli<SimulatorReady>(
      ['--port', '0', '--scale', 'small', '--data-dir', dataDir, '--as-of', '2027-01-19'],
      { env: { REFDESK_CACHE_DIR: cacheDir }, timeoutMs: 120_000 },
    );
    expect(fromEnvironment.ready.universe).toMatchObject({ asOf: '2027-01-19', cacheUsed: true });
    expect(fromEnvironment.ready.universe.rolledFrom).toBeUndefined();
    await fromEnvironment.stop();
  }, 240_000);
});
