/**
 * While RefDesk's main process starts (the web shell serves the page before its simulator has
 * started, and a first start or a large scale generates a universe for a while), the page says
 * so, with how far the universe has got, instead of "Not signed in" over an empty workspace; once
 * main says who is signed in the line goes, and when main cannot start the page says that instead.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionView } from '../../contract/session';
import TheSessionLayer from '../../renderer/src/features/session/TheSessionLayer.vue';
import { useSessionStore } from '../../renderer/src/features/session/useSessionStore';
import TheStatusBar from '../../renderer/src/shell/TheStatusBar.vue';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const profile = { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'code' } as const;
const signedIn: SessionView = {
  profile,
  tokenStorage: 'keychain',
  signingIn: false,
  signedIn: true,
  user: { name: 'Demo Trader', userId: 'u-demo' },
  expiresAt: '2099-01-01T00:00:00Z',
};

describe('the page while main starts', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => removeFakeDesk());

  it('says the simulator is starting, with the generation’s progress, until main says who is signed in', async () => {
    const desk = installRecordingDesk({ 'session:profiles': () => ({ profiles: [], activeProfileId: 'embedded' }) });
    const layer = mount(TheSessionLayer);
    const store = useSessionStore();
    const loading = store.load();
    await flushPromises();
    const notice = () => layer.find('[data-testid="starting-notice"]');
    expect(notice().exists()).toBe(true);
    expect(notice().text()).toContain('Starting the simulator…');

    desk.emit('settings:simulatorProgress', {
      kind: 'generate',
      step: 'option spaces',
      stepIndex: 7,
      stepCount: 12,
      fraction: 0.42,
      elapsedMs: 12_000,
      remainingMs: 16_400,
      done: false,
    });
    await flushPromises();
    expect(notice().text()).toContain('Generating the universe: option spaces (step 7 of 12), 42%, about 17 s left');
    expect(notice().find('progress').attributes('value')).toBe('0.42');

    desk.callsOf('session:state')[0]?.answer(signedIn);
    await loading;
    await flushPromises();
    expect(notice().exists()).toBe(false);
  });

  it('says main could not start instead, when the session cannot be read', async () => {
    const desk = installRecordingDesk({ 'session:profiles': () => ({ profiles: [], activeProfileId: 'embedded' }) });
    const layer = mount(TheSessionLayer);
    const loading = useSessionStore().load();
    await flushPromises();
    desk.callsOf('session:state')[0]?.fail('StartFailed', 'RefDesk could not start (its terminal or log says why). Start RefDesk again.');
    await loading;
    await flushPromises();
    expect(layer.find('[data-testid="starting-notice"]').exists()).toBe(false);
    expect(layer.find('[role="alert"]').text()).toContain('RefDesk could not start');
  });

  it('has the status bar say "Starting…", not "Not signed in", before main has answered', () => {
    const bar = mount(TheStatusBar, { props: { expiringSoon: false } });
    expect(bar.find('[data-testid="status-user"]').text()).toBe('Starting…');
    const signedOut = mount(TheStatusBar, { props: { expiringSoon: false, session: { ...signedIn, signedIn: false, user: undefined } } });
    expect(signedOut.find('[data-testid="status-user"]').text()).toBe('Not signed in');
  });
});
