/**
 * The status bar says "Offline" when RefDesk's main process does not answer (the web shell's
 * bridge answers ShellUnreachable), and goes back to main's word once it answers again.
 */
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import TheStatusBar from '../../renderer/src/shell/TheStatusBar.vue';
import { shellReachable } from '../../renderer/src/shared/bridgeHealth';
import { call } from '../../renderer/src/shared/desk';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';

describe('status bar when main is out of reach', () => {
  afterEach(() => removeFakeDesk());

  it('says Offline while the shell does not answer, and Online again once it does', async () => {
    let reachable = false;
    installDesk({
      'session:state': async () =>
        reachable
          ? ok({ signedIn: false, profile: { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'code' }, tokenStorage: 'keychain', signingIn: false })
          : { ok: false, error: { code: 'ShellUnreachable', message: 'The RefDesk web shell is not reachable.' } },
    });
    const bar = mount(TheStatusBar, {
      props: { expiringSoon: false, connection: { state: 'online' }, shellReachable: true },
    });
    await call('session:state').catch(() => undefined);
    await bar.setProps({ shellReachable: shellReachable.value });
    expect(bar.get('[data-testid="status-connection"]').text()).toBe('Connection: Offline');
    expect(bar.get('[data-testid="status-connection"]').attributes('title')).toContain('main process does not answer');
    reachable = true;
    await call('session:state');
    await bar.setProps({ shellReachable: shellReachable.value });
    expect(bar.get('[data-testid="status-connection"]').text()).toBe('Connection: Online');
  });
});
