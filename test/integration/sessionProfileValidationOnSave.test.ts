import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryTokenStore } from '../../main/core/secrets/tokenStore';
import { ProfileError, ProfileService, type EmbeddedConnection } from '../../main/core/session/profileService';
import { ensureDemoCertificate, type DemoCertificateFiles } from '../../main/simulator/auth/demoCertificate';

const embeddedAt = (port: number): EmbeddedConnection => ({
  baseUrl: `http://127.0.0.1:${port}/openapi`,
  authUrl: `http://127.0.0.1:${port}/auth`,
  appKey: 'demo',
  appSecret: 'demo-secret',
  redirectUri: 'http://127.0.0.1/refdesk/callback',
});

let dataDir: string;
let secrets: MemoryTokenStore;
let ours: DemoCertificateFiles;
let theirs: DemoCertificateFiles;
const open = (embedded = embeddedAt(4100)) => ProfileService.open({ dataDir, secrets, embedded });

beforeAll(async () => {
  ours = await ensureDemoCertificate(await mkdtemp(path.join(tmpdir(), 'refdesk-cert-a-')), 'Ours', new Date());
  theirs = await ensureDemoCertificate(await mkdtemp(path.join(tmpdir(), 'refdesk-cert-b-')), 'Theirs', new Date());
});

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-profiles-'));
  secrets = new MemoryTokenStore();
});

function assertionProfile(files: { certificatePath: string; privateKeyPath: string }, appUrl = 'https://app.example.com/cb') {
  return {
    name: 'By certificate',
    baseUrl: 'https://gateway.example.com/openapi',
    authUrl: 'https://auth.example.com/auth',
    appKey: 'key-1',
    appSecret: 'secret-1',
    redirectUri: 'http://127.0.0.1/refdesk/callback',
    flow: 'assertion' as const,
    assertion: { ...files, appUrl, userId: '17340521' },
  };
}

/** The per-field messages of a refused save. */
async function refusal(save: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await save.then(
    () => undefined,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(ProfileError);
  return (error as ProfileError).fields;
}

describe('certificate profiles are checked when saved', () => {
  it('saves a certificate with its own key, an AppUrl and an AppSecret', async () => {
    const saved = await (await open()).save(assertionProfile(ours));
    expect(saved).toMatchObject({ flow: 'assertion', hasAppSecret: true });
  });

  it('refuses a key that is not the certificate’s, naming the key file', async () => {
    const fields = await refusal(
      (await open()).save(assertionProfile({ certificatePath: ours.certificatePath, privateKeyPath: theirs.privateKeyPath })),
    );
    expect(fields).toEqual({ 'assertion.privateKeyPath': ['This private key does not belong to the certificate.'] });
  });

  it('refuses files that are not PEM, and files that do not exist, each by its field', async () => {
    const garbage = path.join(dataDir, 'garbage.pem');
    await writeFile(garbage, 'not a certificate');
    const fields = await refusal(
      (await open()).save(assertionProfile({ certificatePath: garbage, privateKeyPath: path.join(dataDir, 'missing.pem') })),
    );
    expect(fields['assertion.certificatePath']?.[0]).toMatch(/does not hold a PEM X\.509 certificate/);
    expect(fields['assertion.privateKeyPath']?.[0]).toMatch(/missing\.pem does not exist/);
    // A certificate given as the key is not a key.
    const swapped = await refusal(
      (await open()).save(assertionProfile({ certificatePath: ours.certificatePath, privateKeyPath: ours.certificatePath })),
    );
    expect(swapped['assertion.privateKeyPath']?.[0]).toMatch(/does not hold a PEM private key/);
  });

  it('needs an AppSecret for the signed-assertion flow, entered now or kept', async () => {
    const service = await open();
    const { appSecret: _secret, ...withoutSecret } = assertionProfile(ours);
    expect(await refusal(service.save(withoutSecret))).toEqual({
      appSecret: ['The signed-assertion flow needs the AppSecret: the token request is authenticated with it. Enter it.'],
    });
    const saved = await service.save(assertionProfile(ours));
    // Kept: saving again without entering it is fine; forgetting it is not.
    await expect(service.save({ ...withoutSecret, id: saved.id })).resolves.toMatchObject({ hasAppSecret: true });
    expect(Object.keys(await refusal(service.save({ ...withoutSecret, id: saved.id, forgetAppSecret: true })))).toEqual(['appSecret']);
    // Moved to another authorization server, the kept secret is dropped, so it must be entered again.
    const moved = { ...withoutSecret, id: saved.id, authUrl: 'https://other.example.com/auth' };
    expect(Object.keys(await refusal(service.save(moved)))).toEqual(['appSecret']);
  });
});

describe('profiles made against the embedded simulator', () => {
  it('follow its current address after a restart on another port; others keep theirs', async () => {
    const first = await open(embeddedAt(4100));
    const made = await first.save({
      name: 'Partner app on the simulator',
      baseUrl: 'http://127.0.0.1:4100/openapi',
      authUrl: 'http://127.0.0.1:4100/auth',
      appKey: 'partner-app',
      appSecret: 'partner-secret',
      redirectUri: 'http://127.0.0.1/refdesk/callback',
      flow: 'code',
    });
    expect(made.followsEmbeddedSimulator).toBe(true);
    const standalone = await first.save({
      name: 'Standalone simulator',
      baseUrl: 'http://127.0.0.1:5200/openapi',
      authUrl: 'http://127.0.0.1:5200/auth',
      appKey: 'demo',
      redirectUri: 'http://127.0.0.1/refdesk/callback',
      flow: 'code',
    });

    const restarted = await open(embeddedAt(4321));
    expect(restarted.get(made.id)).toMatchObject({
      baseUrl: 'http://127.0.0.1:4321/openapi',
      authUrl: 'http://127.0.0.1:4321/auth',
      appKey: 'partner-app',
    });
    expect(restarted.get(standalone.id)).toMatchObject({ baseUrl: 'http://127.0.0.1:5200/openapi' });
    // Its AppSecret went along: the simulator is the same server on a new port.
    expect(await restarted.appSecret(made.id)).toBe('partner-secret');
    const listed = (await restarted.list()).profiles.find((profile) => profile.id === made.id);
    expect(listed).toMatchObject({ baseUrl: 'http://127.0.0.1:4321/openapi', hasAppSecret: true, followsEmbeddedSimulator: true });
    // Edited as the form shows it (the current address), it still follows and keeps its secret.
    const { name, baseUrl, authUrl, appKey, redirectUri } = listed!;
    const shown = { id: made.id, name, baseUrl, authUrl, appKey, redirectUri, flow: 'code' as const };
    const edited = await restarted.save({ ...shown, name: 'Partner app' });
    expect(edited).toMatchObject({ followsEmbeddedSimulator: true, hasAppSecret: true });
    // Pointed elsewhere, it stops following.
    const moved = await restarted.save({ ...shown, baseUrl: 'https://gw.example.com/openapi', authUrl: 'https://auth.example.com/auth' });
    expect(moved.followsEmbeddedSimulator).toBeUndefined();
    expect((await open(embeddedAt(4400))).get(made.id)).toMatchObject({ baseUrl: 'https://gw.example.com/openapi' });
  });
});
