import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../contract/session';
import ProfilesDialog from '../../renderer/src/features/session/components/ProfilesDialog.vue';
import ProfilesTable from '../../renderer/src/features/session/components/ProfilesTable.vue';
import SettingsView from '../../renderer/src/features/settings/SettingsView.vue';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';

const embedded: ProfileView = {
  id: 'embedded',
  name: 'Embedded simulator',
  kind: 'embedded',
  baseUrl: 'http://127.0.0.1:5000/openapi',
  authUrl: 'http://127.0.0.1:5000/auth',
  appKey: 'demo-key',
  redirectUri: 'http://127.0.0.1/refdesk/callback',
  flow: 'implicit',
  hasAppSecret: true,
};
const staging: ProfileView = {
  ...embedded,
  id: 'staging',
  name: 'Staging gateway',
  kind: 'remote',
  baseUrl: 'https://gateway.example.com/openapi',
  flow: 'code',
  hasAppSecret: false,
};

describe('the one profiles table', () => {
  const mountTable = () =>
    mount(ProfilesTable, { props: { profiles: [embedded, staging], activeProfileId: 'embedded', busy: false } });

  it('lists every profile with its service, AppKey and flow, the active one marked', () => {
    const rows = mountTable().findAll('tbody tr');
    expect(rows.map((row) => row.get('th').text())).toEqual(['Embedded simulator (active)', 'Staging gateway']);
    expect(rows[1]?.text()).toContain('https://gateway.example.com/openapi');
    expect(rows[1]?.text()).toContain('Code + PKCE');
    expect(rows[0]?.text()).toContain('secret kept');
  });

  it('uses a profile, and deletes a remote one only once the deletion is confirmed', async () => {
    const table = mountTable();
    expect(table.find('[aria-label="Delete Embedded simulator"]').exists()).toBe(false);
    await table.get('[aria-label="Use Staging gateway"]').trigger('click');
    expect(table.emitted('choose')).toEqual([['staging']]);
    await table.get('[aria-label="Delete Staging gateway"]').trigger('click');
    expect(table.emitted('remove')).toBeUndefined();
    expect(table.get('[role="alertdialog"]').text()).toContain('Delete the profile “Staging gateway”');
    await table.findAll('button').find((button) => button.text() === 'Delete profile')?.trigger('click');
    expect(table.emitted('remove')).toEqual([['staging']]);
  });

  it('opens the editor on a remote profile and closes it when the parent reports the save', async () => {
    const table = mountTable();
    await table.get('[aria-label="Edit Staging gateway"]').trigger('click');
    expect(table.emitted('editing')).toHaveLength(1);
    expect(table.find('form[aria-label="Edit Staging gateway"]').exists()).toBe(true);
    (table.vm as unknown as { saved: () => void }).saved();
    await flushPromises();
    expect(table.find('form').exists()).toBe(false);
  });

  it('starts a new profile on the authorization code flow with PKCE, and keeps the flow an existing one has', async () => {
    const implicitGateway: ProfileView = { ...staging, id: 'legacy', name: 'Legacy gateway', flow: 'implicit' };
    const table = mount(ProfilesTable, {
      props: { profiles: [embedded, staging, implicitGateway], activeProfileId: 'embedded', busy: false },
    });
    const button = (text: string) => table.findAll('button').find((candidate) => candidate.text() === text)!;
    await button('New profile').trigger('click');
    const flow = () => table.get<HTMLSelectElement>('#profile-flow').element;
    expect(flow().value).toBe('code');
    expect(flow().selectedOptions[0]?.text).toBe('Login page (authorization code + PKCE)');
    await table.get('form[aria-label="New profile"]').trigger('submit');
    expect(table.emitted('save')?.at(-1)?.[0]).toMatchObject({ flow: 'code' });

    (table.vm as unknown as { saved: () => void }).saved();
    await flushPromises();
    await table.get('[aria-label="Edit Legacy gateway"]').trigger('click');
    expect(flow().value).toBe('implicit');
  });
});

describe('the profiles table in both places', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    installDesk({
      'session:profiles': () => ok({ profiles: [embedded, staging], activeProfileId: 'embedded' }),
      'settings:get': () => ok({ settings: { secrets: { revealSeconds: 20, clipboardClearSeconds: 30 } } }),
      'settings:simulatorStatus': () => ok(undefined),
    });
  });
  afterEach(removeFakeDesk);

  it('is what the profiles dialog and Settings show', async () => {
    const dialog = mount(ProfilesDialog, { props: { profiles: [embedded, staging], activeProfileId: 'embedded', busy: false } });
    const settings = mount(SettingsView);
    await flushPromises();
    for (const place of [dialog, settings]) {
      const table = place.getComponent(ProfilesTable);
      expect(table.findAll('tbody th').map((cell) => cell.text())).toEqual(['Embedded simulator (active)', 'Staging gateway']);
    }
  });
});
