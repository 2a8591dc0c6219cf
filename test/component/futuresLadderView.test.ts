import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FuturesSpace } from '../../contract/wire/types';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { useFuturesStore } from '../../renderer/src/features/futures/useFuturesStore';
import FuturesLadderView from '../../renderer/src/features/futures/FuturesLadderView.vue';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const space: FuturesSpace = {
  BaseIdentifier: 'CL',
  Elements: [
    { DaysToExpiry: 3, ExpiryDate: '2026-05-19T00:00:00Z', Symbol: 'CLM6', Uic: 11 },
    { DaysToExpiry: 34, ExpiryDate: '2026-06-22T00:00:00Z', Symbol: 'CLN6', Uic: 12 },
    { DaysToExpiry: 64, ExpiryDate: '2026-07-21T00:00:00Z', Symbol: 'CLQ6', Uic: 13 },
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

  it('reads the space, then the notice dates of its contracts in one details request', async () => {
    const desk = installRecordingDesk({
      'instruments:futuresSpace': () => space,
      'instruments:detailsList': () => ({
        Data: [{ Uic: 12, NoticeDate: '2026-05-29T00:00:00Z' }, { Uic: 11 }],
      }),
      'instruments:details': () => ({
        Uic: 500,
        Symbol: 'CL:xnym',
        Description: 'Crude Oil WTI (continuous)',
      }),
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
    expect(cellTexts(wrapper, 'badges')).toEqual(['Front · Roll', '', '']);
    wrapper.unmount();
  });

  it('widens the roll window when the trader types more days', async () => {
    installRecordingDesk({
      'instruments:futuresSpace': () => space,
      'instruments:detailsList': () => ({ Data: [] }),
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
