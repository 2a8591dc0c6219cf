import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationView } from '../../contract/apps';
import AppsView from '../../renderer/src/features/apps/AppsView.vue';
import { useAppsStore } from '../../renderer/src/features/apps/useAppsStore';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { installDesk, ok, removeFakeDesk, type InstalledDesk } from '../support/fakeDesk';

const app: ApplicationView = {
  AppKey: 'app',
  Name: 'Desk app',
  Status: 'OK',
  Secrets: [
    { SecretId: 1, ValidFrom: '2025-01-01T00:00:00Z', ValidUntil: '2026-01-01T00:00:00Z' },
    { SecretId: 2, ValidFrom: '2026-01-01T00:00:00Z', ValidUntil: '2099-03-06T00:00:00Z' },
  ],
};

describe('revealing and copying a secret in the Apps workspace', () => {
  let desk: InstalledDesk;
  const writeText = vi.fn(async () => undefined);
  const readText = vi.fn(async () => 'the-secret-value');

  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    desk = installDesk({
      'apps:list': () => ok({ Data: [{ ...app, Secrets: app.Secrets, RedirectUriCount: 0 }], __count: 1 }),
      'apps:get': () => ok(app),
      'session:profiles': () => ok({ profiles: [], activeProfileId: 'embedded' }),
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

  /** The Apps workspace with the application open in its detail pane. */
  async function openApp() {
    const wrapper = mount(AppsView, { attachTo: document.body });
    await flushPromises();
    await useAppsStore().openApp('app');
    await flushPromises();
    return wrapper;
  }

  it('shows the value only after Reveal, and hides it again after the configured time', async () => {
    const wrapper = await openApp();
    expect(wrapper.text()).not.toContain('the-secret-value');
    expect(desk.channel('apps:revealSecret')).not.toHaveBeenCalled();
    await wrapper.get('[aria-label="Reveal secret 2"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.find('[data-testid="secret-value"]').exists()).toBe(true));
    expect(desk.channel('apps:revealSecret')).toHaveBeenCalledWith({ AppKey: 'app', SecretId: 2 }, expect.anything());
    expect(wrapper.get('[data-testid="secret-value"]').text()).toBe('the-secret-value');
    await vi.advanceTimersByTimeAsync(19_000);
    expect(wrapper.find('[data-testid="secret-value"]').exists()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(wrapper.find('[data-testid="secret-value"]').exists()).toBe(false);
    expect(wrapper.text()).not.toContain('the-secret-value');
  });

  it('hides at once on Hide, and when the application is closed', async () => {
    const wrapper = await openApp();
    await wrapper.get('[aria-label="Reveal secret 2"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.find('[aria-label="Hide secret 2"]').exists()).toBe(true));
    await wrapper.get('[aria-label="Hide secret 2"]').trigger('click');
    expect(wrapper.text()).not.toContain('the-secret-value');

    await wrapper.get('[aria-label="Reveal secret 2"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.text()).toContain('the-secret-value'));
    await wrapper.get('[aria-label="Close the application"]').trigger('click');
    await useAppsStore().openApp('app');
    await flushPromises();
    expect(wrapper.find('[data-testid="app-detail"]').exists()).toBe(true);
    expect(wrapper.text()).not.toContain('the-secret-value');
  });

  it('in the web shell copies in the page and clears the clipboard after the delay', async () => {
    const wrapper = await openApp();
    await wrapper.get('[aria-label="Copy secret 2"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.find('.secrets [role="status"]').exists()).toBe(true));
    expect(desk.channel('apps:copySecret')).toHaveBeenCalledWith({ AppKey: 'app', SecretId: 2 });
    expect(writeText).toHaveBeenLastCalledWith('the-secret-value');
    expect(wrapper.text()).not.toContain('the-secret-value');
    expect(wrapper.get('.secrets [role="status"]').text()).toContain('cleared in 30 seconds');
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.waitFor(() => expect(writeText).toHaveBeenLastCalledWith(''));
  });
});
