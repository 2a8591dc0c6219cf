import { describe, expect, it, vi } from 'vitest';
import type { DeskApi } from '../../main/core/api/client';
import type { Application, ListedApplication } from '../../contract/wire/types';
import {
  listApplicationsForAdmin,
  readApplicationWithoutSecretValues,
  readSecretValue,
} from '../../main/core/apps/appSecrets';

const secrets = [
  { SecretId: 1, Secret: 'old-value', ValidFrom: '2025-01-01T00:00:00Z', ValidUntil: '2026-01-01T00:00:00Z' },
  {
    SecretId: 2,
    Secret: 'current-value',
    ValidFrom: '2026-01-01T00:00:00Z',
    ValidUntil: '2026-12-31T00:00:00Z',
  },
];
const single: Application = {
  AppKey: 'abc',
  Name: 'Desk app',
  RedirectUris: [
    { RedirectUriId: 1, Uri: 'http://127.0.0.1/cb' },
    { RedirectUriId: 2, Uri: 'https://desk.example.com/cb' },
  ],
  Secrets: secrets,
};
const listed: ListedApplication = { AppKey: 'abc', Name: 'Desk app', Secrets: secrets };

function fakeApi(): DeskApi {
  return {
    applications: vi.fn(async () => ({ Data: [listed], __count: 1 })),
    application: vi.fn(async () => single),
  } as unknown as DeskApi;
}

describe('the admin view of the application directory', () => {
  it('lists with the inline count, without asking for secrets, and adds redirect URI counts and secret windows', async () => {
    const api = fakeApi();
    const feed = await listApplicationsForAdmin(api, { $top: 20, $skip: 0 });
    expect(api.applications).toHaveBeenCalledWith(
      { $top: 20, $skip: 0, $inlinecount: 'AllPages' },
      undefined,
    );
    expect(feed.__count).toBe(1);
    expect(feed.Data[0]?.RedirectUriCount).toBe(2);
    expect(feed.Data[0]?.Secrets).toEqual(secrets.map(({ Secret: _value, ...window }) => window));
    expect(JSON.stringify(feed)).not.toContain('-value');
  });

  it('reads one application without any secret value', async () => {
    const view = await readApplicationWithoutSecretValues(fakeApi(), 'abc');
    expect(view.RedirectUris).toHaveLength(2);
    expect(JSON.stringify(view)).not.toContain('-value');
  });

  it('reveals exactly the secret asked for, and says so when there is none', async () => {
    expect(await readSecretValue(fakeApi(), 'abc', 2)).toBe('current-value');
    await expect(readSecretValue(fakeApi(), 'abc', 9)).rejects.toMatchObject({
      shape: { code: 'SecretNotFound' },
    });
  });
});
