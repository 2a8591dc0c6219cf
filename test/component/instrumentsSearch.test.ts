import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryInfo } from '../../contract/wire/types';
import { useInstrumentsStore } from '../../renderer/src/features/instruments/useInstrumentsStore';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const summary = (symbol: string, identifier: number): SummaryInfo => ({
  AssetType: 'Stock',
  Description: `${symbol} Inc.`,
  ExchangeId: 'NASDAQ',
  GroupId: 0,
  Identifier: identifier,
  SummaryType: 'Instrument',
  Symbol: symbol,
});

describe('instrument search as you type', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    removeFakeDesk();
  });

  it('searches at once after a pause, then coalesces a burst of keystrokes into one search', async () => {
    const desk = installRecordingDesk({});
    const { search } = useInstrumentsStore();
    search.assetTypes = ['Stock'];
    await vi.advanceTimersByTimeAsync(100);
    desk.callsOf('instruments:search')[0]?.answer({ Data: [] });
    await vi.advanceTimersByTimeAsync(100);
    for (const typed of ['a', 'aa', 'aap', 'aapl']) {
      search.keywords = typed;
      await vi.advanceTimersByTimeAsync(10);
    }
    // The first keystroke after the pause searched at once; the rest wait for the typing to stop.
    expect(
      desk.callsOf('instruments:search').map((call) => (call.arg as { Keywords?: string }).Keywords),
    ).toEqual([undefined, 'a']);
    expect(search.loading).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    const calls = desk.callsOf('instruments:search');
    expect(calls.map((call) => call.arg)).toEqual([
      { AssetTypes: ['Stock'], $top: 50, $skip: 0 },
      { Keywords: 'a', AssetTypes: ['Stock'], $top: 50, $skip: 0 },
      { Keywords: 'aapl', AssetTypes: ['Stock'], $top: 50, $skip: 0 },
    ]);
    // The search for "a" was superseded and cancelled in main.
    expect(desk.cancelled).toEqual([calls[1]?.requestId]);
    calls[2]?.answer({ Data: [summary('AAPL:xnas', 211)] });
    await flushPromises();
    expect(search.results.map((row) => row.Symbol)).toEqual(['AAPL:xnas']);
    expect(search.searchedKeywords).toBe('aapl');
    expect(search.loading).toBe(false);
  });

  it('cancels a search still running when the words change, and never shows its late answer', async () => {
    const desk = installRecordingDesk({});
    const { search } = useInstrumentsStore();
    search.keywords = 'nok';
    await vi.advanceTimersByTimeAsync(100);
    search.keywords = 'nokia';
    await vi.advanceTimersByTimeAsync(100);
    const [first, second] = desk.callsOf('instruments:search');
    expect(desk.cancelled).toEqual([first?.requestId]);
    second?.answer({ Data: [summary('NOKIA:xhel', 7)] });
    first?.answer({ Data: [summary('NOKTA', 8)] });
    await flushPromises();
    expect(search.results.map((row) => row.Symbol)).toEqual(['NOKIA:xhel']);
  });

  it('pages through the feed with $skip while the service says more exist', async () => {
    const page = (from: number, next: boolean) => ({
      __count: 3,
      ...(next ? { __next: 'ref/v1/instruments?$skip=2' } : {}),
      Data: [summary(`S${from}`, from), summary(`S${from + 1}`, from + 1)].slice(0, next ? 2 : 1),
    });
    const desk = installRecordingDesk({
      'instruments:search': (arg) =>
        (arg as { $skip: number }).$skip === 0 ? page(0, true) : page(2, false),
    });
    const { search } = useInstrumentsStore();
    search.keywords = 's';
    await vi.advanceTimersByTimeAsync(100);
    await flushPromises();
    expect(search.hasMore).toBe(true);
    await search.loadMore();
    expect(desk.callsOf('instruments:search')[1]?.arg).toMatchObject({ $skip: 2, $top: 50 });
    expect(search.results.map((row) => row.Symbol)).toEqual(['S0', 'S1', 'S2']);
    expect(search.hasMore).toBe(false);
    await search.loadMore();
    expect(desk.callsOf('instruments:search')).toHaveLength(2);
  });

  it('sends nothing without criteria and says why a search failed', async () => {
    const desk = installRecordingDesk({
      'instruments:search': () => {
        throw new Error('The service at http://127.0.0.1:1 could not be reached.');
      },
    });
    const { search } = useInstrumentsStore();
    search.keywords = '   ';
    await vi.advanceTimersByTimeAsync(100);
    expect(desk.calls).toHaveLength(0);
    search.keywords = 'x';
    await vi.advanceTimersByTimeAsync(100);
    await flushPromises();
    expect(search.error).toContain('could not be reached');
    expect(search.results).toEqual([]);
  });
});

describe('instrument details', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(removeFakeDesk);

  it('reads details with the chosen field groups and the schedule once per instrument', async () => {
    const desk = installRecordingDesk({
      'instruments:details': (arg) => ({
        Uic: 211,
        AssetType: 'Stock',
        Symbol: 'AAPL:xnas',
        ...(arg as object),
      }),
      'instruments:tradingSchedule': () => ({ Sessions: [] }),
    });
    const instruments = useInstrumentsStore();
    const key = { uic: 211, assetType: 'Stock' as const };
    await instruments.open(key);
    await instruments.open(key);
    expect(desk.callsOf('instruments:details').map((call) => call.arg)).toEqual([
      { Uic: 211, AssetType: 'Stock' },
    ]);
    expect(desk.callsOf('instruments:tradingSchedule')).toHaveLength(1);

    instruments.fieldGroups = ['TradingSessions', 'OrderSetting'];
    await instruments.open(key);
    expect(desk.callsOf('instruments:details')[1]?.arg).toEqual({
      Uic: 211,
      AssetType: 'Stock',
      FieldGroups: ['OrderSetting', 'TradingSessions'],
    });
    expect(instruments.detailsOf(key)?.value?.Symbol).toBe('AAPL:xnas');
    expect(desk.callsOf('instruments:tradingSchedule')).toHaveLength(1);
  });

  it('keeps a failure as words and tries again on the next ask', async () => {
    let fail = true;
    installRecordingDesk({
      'instruments:details': () => {
        if (fail) throw new Error('Instrument not found');
        return { Uic: 5 };
      },
    });
    const instruments = useInstrumentsStore();
    const key = { uic: 5, assetType: 'Bond' as const };
    await instruments.loadDetails(key);
    expect(instruments.detailsOf(key)?.error).toBe('Instrument not found');
    fail = false;
    await instruments.loadDetails(key);
    expect(instruments.detailsOf(key)?.error).toBeUndefined();
    expect(instruments.detailsOf(key)?.value).toEqual({ Uic: 5 });
  });
});
