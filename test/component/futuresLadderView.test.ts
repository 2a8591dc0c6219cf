import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FuturesSpace } from '../../contract/wire/types';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { useFuturesStore } from '../../renderer/src/features/instruments/futures/useFuturesStore';
import FuturesLadderView from '../../renderer/src/features/instruments/futures/FuturesLadderView.vue';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const space: FuturesSpace = {
  BaseIdentifier: 'CL',
  Elements: [
    { DaysToExpiry: 3, ExpiryDate: '2026-05-19T00:00:00Z', Symbol: 'CLM6', Uic: 11 },
    { DaysToExpiry: 37, ExpiryDate: '2026-06-22T00:00:00Z', Symbol: 'CLN6', Uic: 12 },
    { DaysToExpiry: 66, ExpiryDate: '2026-07-21T00:00:00Z', Symbol: 'CLQ6', Uic: 13 },
  ],
};

async function mountLadder() {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/futures', name: 'futures', component: { template: '<p>futures</p>' } },
      { path: '/futures/:uic', name: 'futures-ladder', component: FuturesLadderView },
      {
        path: '/instruments/:assetType/:uic',
        name: 'instrument-details',
        component: { template: '<p>details</p>' },
      },
    ],
  });
  await router.push('/futures/500');
  router.addRoute({
    path: '/chains/:optionRootId',
    name: 'option-chain',
    component: { template: '<p>chain</p>' },
  });
  const wrapper = mount(FuturesLadderView, { attachTo: document.body, global: { plugins: [router] } });
  await flushPromises();
  return { wrapper, router };
}

function cellTexts(wrapper: ReturnType<typeof mount>, column: string): string[] {
  return wrapper.findAll(`[role="gridcell"][col-id="${column}"]`).map((cell) => cell.text());
}

describe('FuturesLadderView', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(() => {
    removeFakeDesk();
    document.body.innerHTML = '';
  });

  it('reads the space, then the notice dates of its contracts in one details request, and shows the roll calendar', async () => {
    const desk = installRecordingDesk({
      'instruments:futuresSpace': () => space,
      'instruments:detailsList': () => ({
        Data: [{ Uic: 12, NoticeDate: '2026-05-29T00:00:00Z' }, { Uic: 11 }],
      }),
      'instruments:search': () => ({ Data: [] }),
      'instruments:details': () => ({
        Uic: 500,
        Symbol: 'CL:xnym',
        Description: 'Crude Oil WTI (continuous)',
        RelatedOptionRootsEnhanced: [{ AssetType: 'FuturesOption', OptionRootId: 77 }],
      }),
      'instruments:optionSpace': () => ({ OptionRootId: 77, Symbol: 'LO:xnym', OptionSpace: [] }),
      'instruments:tradingSchedule': () => ({ Sessions: [] }),
      'reference:timeZones': () => ({ Data: [] }),
    });
    const { wrapper } = await mountLadder();
    expect(desk.callsOf('instruments:futuresSpace')[0]?.arg).toEqual({ ContinuousFuturesUic: 500 });
    expect(desk.callsOf('instruments:detailsList')[0]?.arg).toEqual({
      Uics: [11, 12, 13],
      AssetTypes: ['ContractFutures'],
      $top: 200,
      $skip: 0,
    });
    expect(wrapper.get('h1').text()).toBe('CL:xnym — Crude Oil WTI (continuous)');
    expect(wrapper.get('[data-testid="ladder-summary"]').text()).toBe(
      '3 contracts · front month CLM6 (Jun 2026)',
    );
    expect(cellTexts(wrapper, 'contractMonth')).toEqual(['Jun 2026', 'Jul 2026', 'Aug 2026']);
    expect(cellTexts(wrapper, 'noticeDate')).toEqual(['—', '2026-05-29', '—']);
    expect(cellTexts(wrapper, 'lastTradeDate')).toEqual(['2026-05-19', '2026-06-22', '2026-07-21']);
    // Today is 2026-05-16 for the service (May 19 is 3 days ahead): CLN6 rolls before its notice.
    expect(cellTexts(wrapper, 'daysToRoll')).toEqual([
      '3 days (to last trade)',
      '13 days (to notice)',
      '66 days (to last trade)',
    ]);
    expect(cellTexts(wrapper, 'badges')).toEqual(['Front · Roll', '', '']);
    // Each contract links to its details and to the futures options that exercise into it.
    const links = wrapper.findAll('[role="row"][row-id="12"] [col-id="links"] a');
    expect(links.map((link) => [link.text(), link.attributes('href')])).toEqual([
      ['Details', '/instruments/ContractFutures/12'],
      ['LO options', '/chains/77?underlying=12'],
    ]);
    // The universe lists no calendar spread here: said, not invented.
    expect(desk.callsOf('instruments:search')[0]?.arg).toMatchObject({
      AssetTypes: ['FuturesStrategy'],
      Keywords: 'CL',
    });
    expect(wrapper.get('[data-testid="no-spreads"]').text()).toBe(
      'The service lists no calendar spreads on CL contracts.',
    );
    wrapper.unmount();
  });

  it('lists the calendar spreads on the ladder’s contracts with their legs', async () => {
    installRecordingDesk({
      'instruments:futuresSpace': () => space,
      'instruments:detailsList': (arg) =>
        (arg as { AssetTypes: string[] }).AssetTypes[0] === 'FuturesStrategy'
          ? {
              Data: [
                {
                  Uic: 900,
                  Symbol: 'CLM6-CLN6',
                  Legs: [
                    { Uic: 11, BuySell: 'Buy' },
                    { Uic: 12, BuySell: 'Sell' },
                  ],
                },
              ],
            }
          : { Data: [] },
      'instruments:search': () => ({
        Data: [{ Identifier: 900, AssetType: 'FuturesStrategy', Symbol: 'CLM6-CLN6' }],
      }),
      'instruments:details': () => ({ Uic: 500 }),
      'instruments:tradingSchedule': () => ({ Sessions: [] }),
      'reference:timeZones': () => ({ Data: [] }),
    });
    const { wrapper } = await mountLadder();
    expect(wrapper.get('[data-testid="calendar-spreads"]').text()).toContain('CLM6-CLN6');
    expect(wrapper.get('[data-testid="calendar-spreads"] .legs').text()).toBe('Buy CLM6Sell CLN6');
    wrapper.unmount();
  });

  it('widens the roll window when the trader types more days', async () => {
    installRecordingDesk({
      'instruments:futuresSpace': () => space,
      'instruments:detailsList': () => ({ Data: [] }),
      'instruments:search': () => ({ Data: [] }),
      'instruments:details': () => ({ Uic: 500 }),
      'instruments:tradingSchedule': () => ({ Sessions: [] }),
      'reference:timeZones': () => ({ Data: [] }),
    });
    const { wrapper } = await mountLadder();
    useFuturesStore().rollDays = 40;
    await flushPromises();
    expect(cellTexts(wrapper, 'badges')).toEqual(['Front · Roll', 'Roll', '']);
    wrapper.unmount();
  });

  it('counts every day of the roll calendar from the embedded simulator’s simulated day', async () => {
    const desk = installRecordingDesk({
      'settings:simulatorStatus': () => ({ simulatedDay: '2026-05-28' }),
      'instruments:futuresSpace': () => space,
      'instruments:detailsList': () => ({ Data: [{ Uic: 12, NoticeDate: '2026-05-29T00:00:00Z' }] }),
      'instruments:search': () => ({ Data: [] }),
      'instruments:details': () => ({ Uic: 500 }),
      'instruments:tradingSchedule': () => ({ Sessions: [] }),
      'reference:timeZones': () => ({ Data: [] }),
    });
    const { useSessionStore } = await import('../../renderer/src/features/session/useSessionStore');
    useSessionStore().session = {
      signedIn: true,
      user: { name: 'demo', userId: 'demo' },
      expiresAt: '2099-01-01T00:00:00Z',
      profile: { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'implicit' },
      tokenStorage: 'keychain',
      signingIn: false,
    };
    const { wrapper } = await mountLadder();
    expect(desk.callsOf('settings:simulatorStatus')).toHaveLength(1);
    // On 28 May the service's own counts (from 16 May) are set aside: CLM6 has passed its last
    // trade, CLN6's notice is tomorrow and it is the front month, CLQ6's last trade is 54 days off.
    expect(cellTexts(wrapper, 'daysToRoll')).toEqual([
      '-9 days (to last trade)',
      '1 day (to notice)',
      '54 days (to last trade)',
    ]);
    expect(wrapper.get('[data-testid="ladder-summary"]').text()).toContain('front month CLN6');
    wrapper.unmount();
  });

  it('says so when the futures space cannot be read', async () => {
    installRecordingDesk({
      'instruments:futuresSpace': () => {
        throw new Error('Invalid continuous futures uic');
      },
      'instruments:details': () => ({ Uic: 500 }),
      'instruments:tradingSchedule': () => ({ Sessions: [] }),
      'reference:timeZones': () => ({ Data: [] }),
    });
    const { wrapper } = await mountLadder();
    expect(wrapper.get('[role="alert"]').text()).toBe(
      'Could not load the futures space: Invalid continuous futures uic',
    );
    wrapper.unmount();
  });
});
