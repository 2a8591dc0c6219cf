import { mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppSecretsTable from '../../renderer/src/features/apps/components/AppSecretsTable.vue';
import {
  authUrlOfEndpoints,
  flowOfApp,
  preferredRedirectUri,
} from '../../renderer/src/features/apps/logic/profileFromApp';
import { nearestSecretExpiry, secretWindowState } from '../../renderer/src/features/apps/logic/secretExpiry';
import { installDesk, ok, removeFakeDesk, type InstalledDesk } from '../support/fakeDesk';

const now = new Date('2026-03-02T12:00:00Z');
const windows = [
  { SecretId: 1, ValidFrom: '2025-01-01T00:00:00Z', ValidUntil: '2026-01-01T00:00:00Z' },
  { SecretId: 2, ValidFrom: '2026-01-01T00:00:00Z', ValidUntil: '2026-03-06T00:00:00Z' },
  { SecretId: 3, ValidFrom: '2026-03-05T00:00:00Z', ValidUntil: '2027-03-05T00:00:00Z' },
];

describe('the nearest secret expiry badge', () => {
  it('reads each window as past, current or future', () => {
    expect(windows.map((secret) => secretWindowState(secret, now))).toEqual(['past', 'current', 'future']);
  });

  it.each([
    [windows, 'within7', 'Expires in 4 days'],
    [[{ SecretId: 1, ValidUntil: '2026-03-20T00:00:00Z' }], 'within30', 'Expires in 18 days'],
    [[{ SecretId: 1, ValidUntil: '2026-09-01T00:00:00Z' }], 'ok', 'Valid until 2026-09-01'],
    [windows.slice(0, 1), 'expired', 'Expired'],
    [[], 'none', 'No secrets'],
    [[{ SecretId: 1, ValidUntil: '2026-03-09T11:00:00Z' }], 'within7', 'Expires in 7 days'],
  ])('%#: level %s, "%s"', (secrets, level, label) => {
    expect(nearestSecretExpiry(secrets, now)).toMatchObject({ level, label });
  });
});

describe('profiles made from an application', () => {
  it('finds the authorization server of the endpoints, or says why not', () => {
    expect(
      authUrlOfEndpoints({
        AuthorizationEndpoint: 'http://127.0.0.1:5000/auth/authorize',
        TokenEndpoint: 'http://127.0.0.1:5000/auth/token',
      }),
    ).toEqual({ authUrl: 'http://127.0.0.1:5000/auth' });
    expect(
      authUrlOfEndpoints({
        AuthorizationEndpoint: 'https://a.example/authorize',
        TokenEndpoint: 'https://b.example/token',
      }),
    ).toHaveProperty('problem');
    expect(authUrlOfEndpoints(undefined)).toHaveProperty('problem');
  });

  it('prefers a loopback redirect URI and maps the flow', () => {
    const app = {
      AppKey: 'k',
      Name: 'n',
      RedirectUris: [
        { RedirectUriId: 1, Uri: 'https://desk.example.com/cb' },
        { RedirectUriId: 2, Uri: 'http://127.0.0.1:8080/cb' },
      ],
    };
    expect(preferredRedirectUri(app)).toBe('http://127.0.0.1:8080/cb');
    expect(flowOfApp('Code')).toBe('code');
    expect(flowOfApp('Implicit')).toBe('implicit');
  });
});

describe('revealing and copying a secret', () => {
  let desk: InstalledDesk;
  const writeText = vi.fn(async () => undefined);
  const readText = vi.fn(async () => 'the-secret-value');

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    desk = installDesk({
      'apps:revealSecret': async () =>
        ok({ AppKey: 'app', SecretId: 2, Secret: 'the-secret-value', hideAfterSeconds: 20 }),
      'apps:copySecret': async () =>
        ok({ copied: false, reason: 'NoSystemClipboard', message: 'web shell', clearAfterSeconds: 30 }),
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText, readText }, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    removeFakeDesk();
  });

  it('shows the value only after Reveal, and hides it again after the configured time', async () => {
    const wrapper = mount(AppSecretsTable, { props: { appKey: 'app', secrets: windows, now } });
    expect(wrapper.text()).not.toContain('the-secret-value');
    expect(desk.channel('apps:revealSecret')).not.toHaveBeenCalled();
    await wrapper.get('[aria-label="Reveal secret 2"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.find('[data-testid="secret-value"]').exists()).toBe(true));
    expect(desk.channel('apps:revealSecret')).toHaveBeenCalledWith({ AppKey: 'app', SecretId: 2 });
    expect(wrapper.get('[data-testid="secret-value"]').text()).toBe('the-secret-value');
    await vi.advanceTimersByTimeAsync(19_000);
    expect(wrapper.find('[data-testid="secret-value"]').exists()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(wrapper.find('[data-testid="secret-value"]').exists()).toBe(false);
    expect(wrapper.text()).not.toContain('the-secret-value');
  });

  it('hides at once on Hide', async () => {
    const wrapper = mount(AppSecretsTable, { props: { appKey: 'app', secrets: windows, now } });
    await wrapper.get('[aria-label="Reveal secret 2"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.find('[aria-label="Hide secret 2"]').exists()).toBe(true));
    await wrapper.get('[aria-label="Hide secret 2"]').trigger('click');
    expect(wrapper.text()).not.toContain('the-secret-value');
  });

  it('in the web shell copies in the page and clears the clipboard after the delay', async () => {
    const wrapper = mount(AppSecretsTable, { props: { appKey: 'app', secrets: windows, now } });
    await wrapper.get('[aria-label="Copy secret 2"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.find('[role="status"]').exists()).toBe(true));
    expect(desk.channel('apps:copySecret')).toHaveBeenCalledWith({ AppKey: 'app', SecretId: 2 });
    expect(writeText).toHaveBeenLastCalledWith('the-secret-value');
    expect(wrapper.text()).not.toContain('the-secret-value');
    expect(wrapper.get('[role="status"]').text()).toContain('cleared in 30 seconds');
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.waitFor(() => expect(writeText).toHaveBeenLastCalledWith(''));
  });
});
