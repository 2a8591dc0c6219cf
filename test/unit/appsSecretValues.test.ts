import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../main/core/api/http';
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

/** The service as the HTTP client sees it: the list and one application, each with secret values. */
function fakeApi() {
  const getJson = vi.fn(async (path: string) =>
    path === 'developer/apps' ? { Data: [listed], __count: 1 } : single,
  );
  return { baseUrl: 'http://service.test/openapi', getJson } as HttpClient & { getJson: typeof getJson };
}

describe('the admin view of the application directory', () => {
  it('lists with the inline count, without asking for secrets, and adds redirect URI counts and secret windows', async () => {
    const api = fakeApi();
    const feed = await listApplicationsForAdmin(api, { $top: 20, $skip: 0 });
    expect(api.getJson).toHaveBeenCalledWith(
      'developer/apps',
      { $top: 20, $skip: 0, $inlinecount: 'AllPages' },
      undefined,
    );
    expect(api.getJson).toHaveBeenCalledWith('developer/apps/abc', undefined, undefined);
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
