import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryInfo } from '../../contract/wire/types';
import OptionChainsView from '../../renderer/src/features/instruments/optionChains/OptionChainsView.vue';
import { useOptionChainsStore } from '../../renderer/src/features/instruments/optionChains/useOptionChainsStore';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { landingRoute } from '../../renderer/src/shell/landingRoute';
import { createDeskRouter } from '../../renderer/src/shell/router';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

/** Where a page opened on `/` lands, with main answering `settings:lastPlace` as `lastPlace` does. */
async function landing(lastPlace?: (arg: unknown) => unknown, more: Record<string, (arg: unknown) => unknown> = {}) {
  const desk = installRecordingDesk({ ...(lastPlace ? { 'settings:lastPlace': lastPlace } : {}), ...more });
  const router = createDeskRouter();
  const settled = router.push('/');
  return { desk, router, settled };
}

const spx: SummaryInfo = {
  AssetType: 'StockIndexOption',
  Description: 'S&P 500 Index Options',
  ExchangeId: 'CBOE',
  GroupId: 0,
  Identifier: 128,
  SummaryType: 'ContractOptionRoot',
  Symbol: 'SPX:xcbo',
};

describe('the page’s landing workspace', { timeout: 20_000 }, () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => {
    vi.useRealTimers();
    removeFakeDesk();
    document.body.innerHTML = '';
  });

  it('goes straight to the kept place, never through Instruments', async () => {
    const { router, settled } = await landing(() => ({ place: { route: '/chains', searchText: 'SPX' } }));
    const visited: string[] = [];
    router.afterEach((to) => visited.push(to.path));
    await settled;
    expect(router.currentRoute.value.path).toBe('/chains');
    // useWorkspacePlace recognises a page that opened by itself by this.
    expect(router.currentRoute.value.redirectedFrom?.path).toBe('/');
    expect(visited).toEqual(['/chains']);
  });

  it('searches the kept text once, as it lands: the workspace does not browse every root first', async () => {
    registerGridModules();
    // instruments:search has no handler: its answers wait until the test gives them.
    const { desk, router, settled } = await landing(() => ({ place: { route: '/chains', searchText: 'SPX' } }), {
      'reference:exchanges': () => ({ Data: [] }),
    });
    await settled;
    expect(useOptionChainsStore().rootSearch.keywords).toBe('SPX');
    // The workspace mounts while the kept text's search runs.
    const wrapper = mount(OptionChainsView, { attachTo: document.body, global: { plugins: [router] } });
    await flushPromises();
    for (const call of desk.callsOf('instruments:search')) call.answer({ Data: [spx], __count: 1 });
    await flushPromises();
    await vi.waitFor(() => expect(wrapper.text()).toContain('SPX:xcbo'), { timeout: 10_000 });
    const searched = desk.callsOf('instruments:search').map((call) => (call.arg as { Keywords?: string }).Keywords);
    expect(searched).toEqual(['SPX']);
    wrapper.unmount();
  });

  it('reads the exchange filter’s list only once the first screen has settled', async () => {
    registerGridModules();
    const { desk, router, settled } = await landing(() => ({ place: { route: '/chains', searchText: 'SPX' } }), {
      'instruments:search': () => ({ Data: [spx], __count: 1 }),
      'reference:exchanges': () => ({ Data: [] }),
    });
    await settled;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const wrapper = mount(OptionChainsView, { attachTo: document.body, global: { plugins: [router] } });
    await Promise.resolve();
    await Promise.resolve();
    expect(desk.callsOf('reference:exchanges')).toHaveLength(0);
    await vi.runOnlyPendingTimersAsync();
    expect(desk.callsOf('reference:exchanges')).toHaveLength(1);
    vi.useRealTimers();
    wrapper.unmount();
  });

  it('starts loading the kept workspace the moment it knows it, before the router does', async () => {
    installRecordingDesk({ 'settings:lastPlace': () => ({ place: { route: '/chains/128' } }) });
    const load = vi.fn();
    expect(await landingRoute(load)).toBe('/chains/128');
    expect(load).toHaveBeenCalledExactlyOnceWith('/chains/128');
  });

  it('opens Instruments when nothing was kept or main refuses', async () => {
    const nothingKept = await landing(() => ({}));
    await nothingKept.settled;
    expect(nothingKept.router.currentRoute.value.path).toBe('/instruments');
    removeFakeDesk();
    const refused = await landing(() => {
      throw new Error('Sign in first.');
    });
    await refused.settled;
    expect(refused.router.currentRoute.value.path).toBe('/instruments');
  });

  it('does not wait more than 1.5 s for a main that does not answer', async () => {
    vi.useFakeTimers();
    // No handler: the call stays unanswered, as with a main that hangs.
    const { router, settled } = await landing();
    await vi.advanceTimersByTimeAsync(1_499);
    expect(router.currentRoute.value.path).toBe('/');
    await vi.advanceTimersByTimeAsync(2);
    await settled;
    expect(router.currentRoute.value.path).toBe('/instruments');
  });
});
