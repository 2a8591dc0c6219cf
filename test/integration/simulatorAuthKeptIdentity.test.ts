/**
 * A simulator that keeps its identity (the embedded one, or `--keep-identity`): after a restart
 * it listens on the same address, accepts the access tokens it issued before, redeems the
 * refresh tokens it issued before and goes on rotating them; its identity file is the user's
 * only (0700 folder, 0600 files), survives kill -9, and a damaged one is moved aside with a
 * message while a new identity is made.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_FILE_NAME } from '../../main/simulator/auth/keptIdentityFile';
import { startSimulator, type RunningSimulator, type SimulatorInfo } from '../../main/simulator/server';
import { startSimulatorCli } from '../support/simulatorProcess';
import { TEST_CACHE_DIR } from '../support/testSimulator';
import { assertionGrant, demoAssertion, postToken } from '../support/tokenRequests';

const running: RunningSimulator[] = [];
afterEach(async () => {
  for (const simulator of running.splice(0)) await simulator.close();
  vi.restoreAllMocks();
});

async function start(dataDir: string, keepIdentity = true): Promise<RunningSimulator> {
  const simulator = await startSimulator({ port: 0, scale: 'small', cacheDir: TEST_CACHE_DIR, dataDir, keepIdentity });
  running.push(simulator);
  return simulator;
}

async function stop(simulator: RunningSimulator): Promise<void> {
  running.splice(running.indexOf(simulator), 1);
  await simulator.close();
}

/** A sign-in with a refresh token (the signed-assertion grant, as a client would do it). */
async function signIn(info: SimulatorInfo): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await assertionGrant(info, await demoAssertion(info));
  expect(response.status).toBe(200);
  return { accessToken: String(response.body.access_token), refreshToken: String(response.body.refresh_token) };
}

function refresh(info: SimulatorInfo, refreshToken: string) {
  return postToken(info.authUrl, { grant_type: 'refresh_token', refresh_token: refreshToken }, [info.appKey, info.appSecret]);
}

async function me(info: SimulatorInfo, accessToken: string): Promise<number> {
  const response = await fetch(`${info.baseUrl}/port/v1/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  await response.body?.cancel();
  return response.status;
}

async function keyIds(info: SimulatorInfo): Promise<string[]> {
  const response = await fetch(`${info.authUrl}/.well-known/jwks.json`);
  return ((await response.json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);
}

const newDataDir = () => mkdtemp(path.join(tmpdir(), 'refdesk-kept-identity-'));

describe('a simulator that keeps its identity', () => {
  it('comes back on its address and honours the tokens it issued before the restart', async () => {
    const dataDir = await newDataDir();
    const first = await start(dataDir);
    const tokens = await signIn(first.info);
    const keys = await keyIds(first.info);
    await stop(first);

    const second = await start(dataDir);
    expect(second.info.authUrl).toBe(first.info.authUrl);
    expect(await keyIds(second.info)).toEqual(keys);
    expect(await me(second.info, tokens.accessToken)).toBe(200);
    const renewed = await refresh(second.info, tokens.refreshToken);
    expect(renewed.status).toBe(200);
    expect(await me(second.info, String(renewed.body.access_token))).toBe(200);
    // Rotation goes on across the restart: the spent token is refused and ends the session.
    expect((await refresh(second.info, tokens.refreshToken)).body).toMatchObject({ error: 'invalid_grant' });
    expect(await me(second.info, String(renewed.body.access_token))).toBe(401);
  });

  it('keeps its identity readable by the user only', async () => {
    const dataDir = await newDataDir();
    const simulator = await start(dataDir);
    await signIn(simulator.info);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const identityFiles = (await readdir(dataDir)).filter((name) => name.startsWith(IDENTITY_FILE_NAME));
    expect(identityFiles).toContain(IDENTITY_FILE_NAME);
    for (const name of identityFiles) expect(statSync(path.join(dataDir, name)).mode & 0o777, name).toBe(0o600);
  });

  it('moves a damaged identity file aside, says where, and makes a new identity', async () => {
    const dataDir = await newDataDir();
    const first = await start(dataDir);
    const tokens = await signIn(first.info);
    await stop(first);
    const file = path.join(dataDir, IDENTITY_FILE_NAME);
    const damaged = Buffer.alloc(8192, 0x5a);
    writeFileSync(file, damaged);

    const said = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const second = await start(dataDir);
    const message = said.mock.calls.map(([text]) => String(text)).find((text) => text.includes('identity file'));
    expect(message).toMatch(/^The simulator's identity file could not be used \(.+\)\. It was kept as .+identity\.sqlite\.unreadable-/);
    const kept = /kept as (\S+);/.exec(message ?? '')?.[1] ?? '';
    expect(readFileSync(kept)).toEqual(damaged);
    // A new identity: the old session is gone, a new sign-in works and is kept.
    expect((await refresh(second.info, tokens.refreshToken)).status).toBe(400);
    const again = await signIn(second.info);
    expect(await me(second.info, again.accessToken)).toBe(200);
  });

  it('refuses tokens of an earlier run when it does not keep its identity', async () => {
    const dataDir = await newDataDir();
    const first = await start(dataDir, false);
    const tokens = await signIn(first.info);
    await stop(first);
    const second = await start(dataDir, false);
    expect((await refresh(second.info, tokens.refreshToken)).status).toBe(400);
  });
});

describe('the kept identity and kill -9', () => {
  it('still holds every refresh token it handed out before the process was killed', async () => {
    const dataDir = await newDataDir();
    const args = ['--port', '0', '--scale', 'small', '--cache-dir', TEST_CACHE_DIR, '--data-dir', dataDir, '--keep-identity'];
    const first = await startSimulatorCli<SimulatorInfo>(args, { timeoutMs: 90_000 });
    let current: { stop(): Promise<number | null> } = first;
    try {
      const tokens = await signIn(first.ready);
      const rotated = await refresh(first.ready, tokens.refreshToken);
      expect(rotated.status).toBe(200);
      first.child.kill('SIGKILL');
      await first.stop();

      const second = await startSimulatorCli<SimulatorInfo>(args, { timeoutMs: 90_000 });
      current = second;
      expect(second.ready.authUrl).toBe(first.ready.authUrl);
      expect((await refresh(second.ready, String(rotated.body.refresh_token))).status).toBe(200);
      expect((await refresh(second.ready, tokens.refreshToken)).body).toMatchObject({
        error: 'invalid_grant',
        error_description: 'The refresh token was already used; its session is revoked.',
      });
    } finally {
      await current.stop();
    }
  }, 120_000);
});
