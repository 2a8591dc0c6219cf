/**
 * The session as main answers it over separate connections: a read started earlier can answer
 * after a later one, or after sign-out. The page must keep the newest: an older "signed in as
 * Clara" taken after Jonas signed in would hand every store back to Clara's data; an older list
 * of profiles taken after a delete would show the deleted profile again.
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfilesList, ProfileView, SessionView } from '../../contract/session';
import { useSessionProfilesStore } from '../../renderer/src/features/session/useSessionProfilesStore';
import { useSessionStore } from '../../renderer/src/features/session/useSessionStore';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const profile = { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'code' } as const;
const base = { profile, tokenStorage: 'keychain', signingIn: false } as const;
const clara: SessionView = { ...base, signedIn: true, user: { name: 'Clara Lindqvist', userId: 'u-clara' }, expiresAt: '2099-01-01T00:00:00Z' };
const jonas: SessionView = { ...base, signedIn: true, user: { name: 'Jonas Berger', userId: 'u-jonas' }, expiresAt: '2099-01-01T00:00:00Z' };
const signedOut: SessionView = { ...base, signedIn: false };
const profileView = (id: string, name: string): ProfileView => ({
  id,
  name,
  kind: 'remote',
  baseUrl: 'https://gateway.example.com/openapi',
  authUrl: 'https://auth.example.com',
  appKey: 'k',
  redirectUri: 'http://127.0.0.1/refdesk/callback',
  flow: 'code',
  hasAppSecret: false,
});
const both: ProfilesList = { profiles: [profileView('a', 'Desk A'), profileView('b', 'Desk B')], activeProfileId: 'a' };
const afterDelete: ProfilesList = { profiles: [profileView('a', 'Desk A')], activeProfileId: 'a' };

describe('session reads answered out of order', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => removeFakeDesk());

  it('keeps the newest read when an older one answers last', async () => {
    const desk = installRecordingDesk({});
    const store = useSessionStore();
    const first = store.load();
    // Main says the session changed (Jonas signed in): the store reads again.
    const second = store.load();
    const [older, newer] = desk.callsOf('session:state');
    newer?.answer(jonas);
    await second;
    older?.answer(clara);
    await first;
    await flushPromises();
    expect(store.session?.user?.name).toBe('Jonas Berger');
    expect(store.ownerKey).toContain('u-jonas');
  });

  it('stays signed out when a read started before the sign-out answers after it', async () => {
    const desk = installRecordingDesk({ 'session:signOut': () => signedOut });
    const store = useSessionStore();
    const reading = store.load();
    await store.signOut();
    desk.callsOf('session:state')[0]?.answer(clara);
    await reading;
    await flushPromises();
    expect(store.signedIn).toBe(false);
    expect(store.ownerKey).toBeUndefined();
  });

  it('takes a read answered in order', async () => {
    installRecordingDesk({ 'session:state': () => clara });
    const store = useSessionStore();
    await store.load();
    expect(store.session?.user?.name).toBe('Clara Lindqvist');
  });

  it('does not bring a deleted profile back when the list read before the delete answers after it', async () => {
    const desk = installRecordingDesk({ 'session:deleteProfile': () => afterDelete, 'session:state': () => signedOut });
    const profiles = useSessionProfilesStore();
    const reading = profiles.load();
    await profiles.remove('b');
    desk.callsOf('session:profiles')[0]?.answer(both);
    await reading;
    await flushPromises();
    expect(profiles.profiles.map((profile) => profile.name)).toEqual(['Desk A']);
  });
});
