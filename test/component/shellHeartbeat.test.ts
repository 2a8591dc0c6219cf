/**
 * The heartbeat over the bridge: when RefDesk's main process hangs (its heartbeat unanswered) the
 * status bar says "Not responding" within 3 s, with the requests waiting on it, and goes back by
 * itself when main answers; when the web shell is gone it says "Offline" within a second, idle.
 */
import { mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, effectScope, h } from 'vue';
import type { DeskResponse } from '../../contract/bridge';
import TheStatusBar from '../../renderer/src/shell/TheStatusBar.vue';
import { useShellHeartbeat } from '../../renderer/src/shell/useShellHeartbeat';
import { callsInFlight, noteBridgeResponse, shellReachable, shellResponding } from '../../renderer/src/shared/bridgeHealth';
import { call } from '../../renderer/src/shared/desk';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';

/** The status bar fed by the bridge's health, as App.vue feeds it. */
const StatusBarOfTheBridge = defineComponent(() => () =>
  h(TheStatusBar, {
    expiringSoon: false,
    connection: { state: 'online' },
    shellReachable: shellReachable.value,
    shellResponding: shellResponding.value,
    callsWaiting: callsInFlight.value,
  }),
);

/** A main process the test stops and continues: while stopped, heartbeats and calls wait. */
function controllableMain() {
  let stopped = false;
  let gone = false;
  const waiting: (() => void)[] = [];
  const answer = <T>(response: DeskResponse<T>) =>
    gone
      ? Promise.resolve<DeskResponse<T>>({ ok: false, error: { code: 'ShellUnreachable', message: 'gone' } })
      : stopped
        ? new Promise<DeskResponse<T>>((resolve) => waiting.push(() => resolve(response)))
        : Promise.resolve(response);
  installDesk(
    { 'instruments:search': () => answer(ok({ Data: [] })) },
    { heartbeat: () => answer<true>({ ok: true, result: true }) },
  );
  return {
    stop: () => (stopped = true),
    resume: () => {
      stopped = false;
      for (const release of waiting.splice(0)) release();
    },
    kill: () => (gone = true),
  };
}

describe('the heartbeat over the bridge', () => {
  let scope = effectScope();
  beforeEach(() => {
    scope = effectScope();
    vi.useFakeTimers();
  });
  afterEach(() => {
    scope.stop();
    vi.useRealTimers();
    removeFakeDesk();
    shellReachable.value = true;
    shellResponding.value = true;
  });

  it('says Not responding within 3 s of main stopping, counts the request waiting, and recovers by itself', async () => {
    const main = controllableMain();
    scope.run(() => useShellHeartbeat());
    const bar = mount(StatusBarOfTheBridge);
    const connection = () => bar.get('[data-testid="status-connection"]').text();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connection()).toBe('Connection: Online');

    main.stop();
    const search = call('instruments:search', { Keywords: 'Apple' } as never);
    await vi.advanceTimersByTimeAsync(2_500);
    // A search superseded meanwhile is answered by the bridge itself (Cancelled): not by main.
    noteBridgeResponse({ ok: false, error: { code: 'Cancelled', message: 'The request was cancelled.' } });
    await vi.advanceTimersByTimeAsync(400);
    expect(connection()).toBe('Connection: Not responding');
    expect(bar.get('[data-testid="status-waiting"]').text()).toBe('1 request waits for RefDesk');

    main.resume();
    await search;
    await vi.advanceTimersByTimeAsync(10);
    expect(connection()).toBe('Connection: Online');
    expect(bar.find('[data-testid="status-waiting"]').exists()).toBe(false);
  });

  it('says Offline within a second when the web shell is gone, though nothing else is called', async () => {
    const main = controllableMain();
    scope.run(() => useShellHeartbeat());
    const bar = mount(StatusBarOfTheBridge);
    await vi.advanceTimersByTimeAsync(100);
    main.kill();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(bar.get('[data-testid="status-connection"]').text()).toBe('Connection: Offline');
  });
});
