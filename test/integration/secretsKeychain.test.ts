import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { openTokenStore } from '../../main/core/secrets/keychainStore';
import { KEYCHAIN_SERVICE } from '../../main/core/secrets/tokenStore';

const account = `test:${randomUUID()}`;

afterAll(async () => {
  await keytar.deletePassword(KEYCHAIN_SERVICE, account).catch(() => false);
});

describe('token store over the OS keychain', () => {
  it('keeps secrets in the real keyring under service "refdesk", one account each', async () => {
    const store = await openTokenStore();
    // Outside a D-Bus session with an unlocked keyring this names the cause, e.g. "Cannot autolaunch D-Bus".
    expect(store.kind, store.notice).toBe('keychain');
    await store.set(account, '{"accessToken":"secret-value"}');
    expect(await store.get(account)).toBe('{"accessToken":"secret-value"}');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBe('{"accessToken":"secret-value"}');

    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeUndefined();
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('without a D-Bus session falls back to memory and says why in plain words', async () => {
    const script = `
      const { openTokenStore } = await import('./main/core/secrets/keychainStore.ts');
      const store = await openTokenStore();
      await store.set('a', 'kept');
      console.log(JSON.stringify({ kind: store.kind, notice: store.notice, value: await store.get('a') }));`;
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      cwd: process.cwd(),
    });
    const result = JSON.parse(stdout) as { kind: string; notice: string; value: string };
    expect(result.kind).toBe('memory');
    expect(result.value).toBe('kept');
    expect(result.notice).toMatch(/^The OS keychain is not available \(.*D-Bus.*\)\. Your session is kept in memory only/);
  });
});
