import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProfileService } from '../../main/core/session/profileService';
import { MemoryTokenStore } from '../../main/core/secrets/tokenStore';

const embedded = {
  baseUrl: 'http://127.0.0.1:4100/openapi',
  authUrl: 'http://127.0.0.1:4100/auth',
  appKey: 'demo',
  appSecret: 'demo-secret',
  redirectUri: 'http://127.0.0.1/refdesk/callback',
};
const remote = {
  name: 'Gateway',
  baseUrl: 'https://gateway.example.com/openapi',
  authUrl: 'https://auth.example.com/auth',
  appKey: 'key-1',
  redirectUri: 'http://127.0.0.1/refdesk/callback',
  flow: 'code' as const,
};

let dataDir: string;
let secrets: MemoryTokenStore;
const open = () => ProfileService.open({ dataDir, secrets, embedded });

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-profiles-'));
  secrets = new MemoryTokenStore();
});

describe('connection profiles', () => {
  it('starts with the embedded simulator, active, signing in with code + PKCE (15.2, 17.8)', async () => {
    const list = await (await open()).list();
    expect(list.activeProfileId).toBe('embedded');
    const { appSecret: _secret, ...connection } = embedded;
    expect(list.profiles).toEqual([
      { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', ...connection, flow: 'code', hasAppSecret: true },
    ]);
    expect(list.problem).toBeUndefined();
  });

  it('saves a remote profile to profiles.json without its AppSecret, which goes to the secret store', async () => {
    const profiles = await open();
    const saved = await profiles.save({ ...remote, appSecret: 'top-secret' });
    expect(saved).toMatchObject({ ...remote, kind: 'remote', hasAppSecret: true });
    const file = await readFile(path.join(dataDir, 'profiles.json'), 'utf8');
    expect(file).not.toContain('top-secret');
    expect((await stat(path.join(dataDir, 'profiles.json'))).mode & 0o077).toBe(0);
    expect(await profiles.appSecret(saved.id)).toBe('top-secret');

    await profiles.choose(saved.id);
    const reopened = await open();
    expect(reopened.active()).toMatchObject({ id: saved.id, name: 'Gateway', flow: 'code' });
  });

  it('refuses a duplicate name and assertion files that do not exist, per field', async () => {
    const profiles = await open();
    await profiles.save(remote);
    await expect(profiles.save(remote)).rejects.toMatchObject({ fields: { name: ['Another profile has this name.'] } });
    await expect(
      profiles.save({
        ...remote,
        name: 'Certificate',
        flow: 'assertion',
        assertion: { certificatePath: '/nowhere/cert.pem', privateKeyPath: '/nowhere/key.pem', appUrl: 'https://a', userId: '1' },
      }),
    ).rejects.toMatchObject({ fields: { 'assertion.certificatePath': ['Certificate file /nowhere/cert.pem does not exist.'] } });
  });

  it('deletes a profile with its secret and stored session; the embedded one takes over', async () => {
    const profiles = await open();
    const saved = await profiles.save({ ...remote, appSecret: 's' });
    await secrets.set(`session:${saved.id}`, 'tokens');
    await profiles.choose(saved.id);
    const changed: string[] = [];
    profiles.onConnectionChanged((id) => changed.push(id));
    await profiles.delete(saved.id);
    expect(profiles.active().id).toBe('embedded');
    expect(await secrets.get(`app-secret:${saved.id}`)).toBeUndefined();
    expect(await secrets.get(`session:${saved.id}`)).toBeUndefined();
    expect(changed).toEqual([saved.id]);
    await expect(profiles.delete('embedded')).rejects.toThrow('The embedded simulator profile cannot be deleted.');
  });

  it('reports a profiles.json that is not JSON and keeps it as a backup', async () => {
    await writeFile(path.join(dataDir, 'profiles.json'), '{ "version": 1, "profiles": [ oops');
    const list = await (await open()).list();
    expect(list.problem).toMatch(/^profiles\.json is not valid JSON \(.+\)\. It was kept as .+profiles\.json\.unreadable-.+; RefDesk started with the built-in profile\.$/);
    const backups = (await readdir(dataDir)).filter((name) => name.startsWith('profiles.json.unreadable-'));
    expect(backups).toHaveLength(1);
    expect(await readFile(path.join(dataDir, backups[0]!), 'utf8')).toBe('{ "version": 1, "profiles": [ oops');
    expect(list.profiles.map((profile) => profile.id)).toEqual(['embedded']);
  });

  it('keeps the flow of a profile saved before new profiles defaulted to code + PKCE, through later saves', async () => {
    const older = { id: 'older-1', ...remote, name: 'Implicit gateway', flow: 'implicit' as const };
    await writeFile(
      path.join(dataDir, 'profiles.json'),
      JSON.stringify({ version: 1, activeProfileId: 'older-1', profiles: [older] }),
    );
    const profiles = await open();
    expect(profiles.active()).toMatchObject({ id: 'older-1', flow: 'implicit' });
    await profiles.save({ ...remote, name: 'New gateway' });
    const reopened = await (await open()).list();
    expect(reopened.problem).toBeUndefined();
    expect(reopened.profiles.map((profile) => [profile.name, profile.flow])).toEqual([
      ['Embedded simulator', 'code'],
      ['Implicit gateway', 'implicit'],
      ['New gateway', 'code'],
    ]);
  });

  it('keeps the valid profiles of a file with a broken one, and says which', async () => {
    const good = { id: 'good-1', ...remote };
    const bad = { id: 'bad-1', ...remote, name: 'Broken', baseUrl: 'ftp://x' };
    await writeFile(path.join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, activeProfileId: 'bad-1', profiles: [good, bad] }));
    const profiles = await open();
    const list = await profiles.list();
    expect(list.profiles.map((profile) => profile.id)).toEqual(['embedded', 'good-1']);
    expect(list.activeProfileId).toBe('embedded');
    expect(list.problem).toMatch(/profile 2: baseUrl: Base URL must be a full web address/);
  });

  it('drops the stored AppSecret when the authorization URL or AppKey changes, so it is never sent elsewhere (15.7)', async () => {
    const profiles = await open();
    const saved = await profiles.save({ ...remote, appSecret: 'top-secret' });
    // Renaming, or another base URL or flow, keeps the secret.
    await profiles.save({ ...remote, id: saved.id, name: 'Renamed', baseUrl: 'https://gateway2.example.com/openapi' });
    expect(await profiles.appSecret(saved.id)).toBe('top-secret');

    for (const change of [{ authUrl: 'https://evil.example.com/auth' }, { appKey: 'key-2' }]) {
      await profiles.save({ ...remote, id: saved.id, appSecret: 'top-secret' });
      const moved = await profiles.save({ ...remote, id: saved.id, ...change });
      expect(moved.hasAppSecret).toBe(false);
      expect(await profiles.appSecret(saved.id)).toBeUndefined();
      expect((await profiles.list()).profiles.find((profile) => profile.id === saved.id)?.hasAppSecret).toBe(false);
    }
    // The user re-enters the secret together with the new address: that one is kept.
    const reentered = await profiles.save({ ...remote, id: saved.id, authUrl: 'https://auth2.example.com/auth', appSecret: 'new-secret' });
    expect(reentered.hasAppSecret).toBe(true);
    expect(await profiles.appSecret(saved.id)).toBe('new-secret');
  });

  it('tells the session when the active connection settings change', async () => {
    const profiles = await open();
    const saved = await profiles.save(remote);
    const changed: string[] = [];
    profiles.onConnectionChanged((id) => changed.push(id));
    await profiles.save({ ...remote, id: saved.id, name: 'Renamed' });
    expect(changed).toEqual([]);
    await profiles.save({ ...remote, id: saved.id, authUrl: 'https://other.example.com/auth' });
    expect(changed).toEqual([saved.id]);
  });
});
