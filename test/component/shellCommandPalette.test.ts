import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryInfo } from '../../contract/wire/types';
import TheCommandPalette from '../../renderer/src/shell/TheCommandPalette.vue';
import { useInstrumentsStore } from '../../renderer/src/features/instruments/useInstrumentsStore';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const results: SummaryInfo[] = [
  {
    AssetType: 'StockIndex',
    Description: 'S&P 500',
    ExchangeId: 'CBOE',
    GroupId: 0,
    Identifier: 1000,
    SummaryType: 'Instrument',
    Symbol: 'SPX.I',
  },
  {
    AssetType: 'StockIndexOption',
    Description: 'S&P 500 <b>Index</b> Options',
    ExchangeId: 'CBOE',
    GroupId: 0,
    Identifier: 1,
    SummaryType: 'ContractOptionRoot',
    Symbol: 'SPX:xcbo',
  },
];

describe('TheCommandPalette', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    // jsdom does no layout, so it has no scrollIntoView.
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => {
    removeFakeDesk();
    document.body.innerHTML = '';
  });

  it('searches as the trader types, moves with the arrows and opens the result with Enter', async () => {
    const desk = installRecordingDesk({ 'instruments:search': () => ({ Data: results }) });
    const instruments = useInstrumentsStore();
    const wrapper = mount(TheCommandPalette, {
      props: { show: true, search: instruments.paletteSearch },
      attachTo: document.body,
    });
    await flushPromises();
    const input = document.querySelector<HTMLInputElement>(
      'input[role="combobox"][aria-label="Find instrument"]',
    );
    expect(input).not.toBeNull();
    input!.value = 'spx';
    input!.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 120));
    await flushPromises();
    expect(desk.callsOf('instruments:search')[0]?.arg).toEqual({ Keywords: 'spx', $top: 20, $skip: 0 });

    const options = [...document.querySelectorAll('[role="option"]')];
    expect(options.map((option) => [...option.children].map((part) => part.textContent))).toEqual([
      ['SPX.I', 'S&P 500', 'StockIndex · Details'],
      ['SPX:xcbo', 'S&P 500 <b>Index</b> Options', 'StockIndexOption · Option chain'],
    ]);
    // Matched words are marked; service text stays text, never markup.
    expect(options[1]?.querySelector('mark.match')?.textContent).toBe('SPX');
    expect(options[1]?.querySelector('b')).toBeNull();

    input!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    await flushPromises();
    expect(input!.getAttribute('aria-activedescendant')).toBe('palette-option-1');
    input!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(wrapper.emitted('open')?.[0]).toEqual([results[1]]);
    expect(wrapper.emitted('update:show')?.[0]).toEqual([false]);
    wrapper.unmount();
  });
});
