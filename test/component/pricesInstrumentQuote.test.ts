/**
 * The open instrument's quote (details workspace, a chain's or ladder's contract aside): the
 * instrument is watched through main while it is on screen, the quote main pushes is shown with
 * the instrument's decimals, another instrument replaces the watch, closing drops it, and a
 * closed market or a stream that is down is said in words, never shown as a live price.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuoteView } from '../../contract/prices';
import InstrumentQuote from '../../renderer/src/features/prices/InstrumentQuote.vue';
import { useSessionStore } from '../../renderer/src/features/session/useSessionStore';
import { installRecordingDesk, removeFakeDesk, type RecordingDesk } from '../support/fakeDesk';

const service = {
  'prices:watch': () => ({ quotes: [], status: { state: 'live' } }),
  'prices:unwatch': () => undefined,
};

const stock = (uic: number, extra: Partial<QuoteView> = {}): QuoteView => ({
  uic,
  assetType: 'Stock',
  bid: 187.4,
  ask: 187.46,
  mid: 187.43,
  lastTraded: 187.45,
  netChange: -1.2,
  percentChange: -0.64,
  marketState: 'Open',
  priceTypeBid: 'Tradable',
  priceTypeAsk: 'Tradable',
  ...extra,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

async function mountQuote(desk: RecordingDesk, uic = 211) {
  const wrapper = mount(InstrumentQuote, { props: { uic, assetType: 'Stock', decimals: 3 } });
  await flushPromises();
  await settle();
  await flushPromises();
  const push = async (quotes: QuoteView[]) => {
    desk.emit('prices:quotes', { quotes, dropped: [] });
    await flushPromises();
  };
  return { wrapper, push };
}

const watchedArgs = (desk: RecordingDesk) =>
  desk.callsOf('prices:watch').map((call) => call.arg as { WatchId: string; Instruments: unknown[] });

describe('the open instrument’s quote', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    useSessionStore().session = {
      signedIn: true,
      user: { name: 'Demo', userId: 'demo' },
      expiresAt: '2099-01-01T00:00:00Z',
      profile: { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'implicit' },
      tokenStorage: 'keychain',
      signingIn: false,
    };
  });
  afterEach(() => removeFakeDesk());

  it('watches the instrument and shows its pushed quote with the instrument’s decimals', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper, push } = await mountQuote(desk);
    expect(watchedArgs(desk).at(-1)?.Instruments).toEqual([{ Uic: 211, AssetType: 'Stock' }]);
    expect(wrapper.get('[data-testid="quote-state"]').text()).toBe('Waiting for a price…');

    await push([stock(211)]);
    expect(wrapper.get('[data-testid="quote-bid"]').text()).toBe('187.400');
    expect(wrapper.get('[data-testid="quote-ask"]').text()).toBe('187.460');
    expect(wrapper.get('[data-testid="quote-state"]').text()).toBe('Live');
    // Another instrument's quote does not show here.
    await push([stock(212, { bid: 5, ask: 6 })]);
    expect(wrapper.get('[data-testid="quote-bid"]').text()).toBe('187.400');
  });

  it('replaces the watch when another instrument opens and drops it when closed', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper } = await mountQuote(desk);
    const first = watchedArgs(desk).at(-1)!;
    await wrapper.setProps({ uic: 212 });
    await settle();
    await flushPromises();
    const second = watchedArgs(desk).at(-1)!;
    expect(second.WatchId).toBe(first.WatchId);
    expect(second.Instruments).toEqual([{ Uic: 212, AssetType: 'Stock' }]);
    wrapper.unmount();
    await flushPromises();
    expect(desk.callsOf('prices:unwatch').map((call) => call.arg)).toEqual([{ WatchId: first.WatchId }]);
  });

  it('says a closed market and a stream that is down, never a live price', async () => {
    const desk = installRecordingDesk(service);
    const { wrapper, push } = await mountQuote(desk);
    await push([stock(211, { marketState: 'Closed', priceTypeBid: 'NoMarket', priceTypeAsk: 'NoMarket' })]);
    expect(wrapper.get('[data-testid="quote-line"]').attributes('data-state')).toBe('closed');
    expect(wrapper.get('[data-testid="quote-state"]').text()).toBe('Market closed: last price');

    await push([stock(211)]);
    desk.emit('prices:status', {
      state: 'reconnecting',
      message: 'The price stream was interrupted; reconnecting.',
    });
    await flushPromises();
    expect(wrapper.get('[data-testid="quote-state"]').text()).toBe('Stale: no update for a while');
    expect(wrapper.get('[data-testid="instrument-quote-status"]').text()).toContain('Prices are not live');
  });

  it('shows the stream live when its push overtakes the watch’s answer', async () => {
    // The stream goes live while the watch's answer, written before, is on its way.
    const desk: RecordingDesk = installRecordingDesk({
      ...service,
      'prices:watch': () => {
        desk.emit('prices:status', { state: 'live' });
        return { quotes: [], status: { state: 'connecting' } };
      },
    });
    const { wrapper, push } = await mountQuote(desk);
    await push([stock(211)]);
    expect(wrapper.get('[data-testid="quote-state"]').text()).toBe('Live');
  });
});
