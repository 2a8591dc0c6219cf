import { describe, expect, it } from 'vitest';
import { channels, type ChannelName } from '../../contract/channels';

const accepts = (channel: ChannelName, arg: unknown) => channels[channel].arg.safeParse(arg).success;

/** Per endpoint channel: arguments a caller may send, and arguments main must refuse. */
const cases: Record<string, { good: unknown[]; bad: unknown[] }> = {
  'instruments:search': {
    good: [
      {},
      { Keywords: 'nokia', AssetTypes: ['Stock', 'CfdOnStock'], $top: 50, $skip: 0 },
      { Uics: [21, 22], Class: ['NonComplex'], IncludeNonTradable: true, ExchangeId: 'CSE', Tags: ['Etf'] },
      { ExchangeId: 'EUR_AMS2' },
      { ExchangeId: 'SGX-ST' },
      {
        OneMonthTotalValueChangesFrom: -5.5,
        OneMonthTotalValueChangesTo: 10,
        AccountKey: 'LZTc7DdejXODf-WSl2aCyQ==',
      },
    ],
    bad: [
      undefined,
      { Keywords: 'x'.repeat(256) },
      { Keywords: 42 },
      { AssetTypes: ['Shoe'] },
      { AssetTypes: 'Stock' },
      { $top: -1 },
      { $top: 1001 },
      { $top: 1.5 },
      { $skip: -10 },
      { Uics: [] },
      { Uics: Array.from({ length: 201 }, (_, i) => i + 1) },
      { Uics: [-3] },
      { Tags: ['Etf', 'Etc'] },
      { ExchangeId: '../../etc' },
      { AccountKey: 'a'.repeat(101) },
      { OneWeekTotalValueChangesFrom: Number.NaN },
      { unexpected: true },
      'nokia',
    ],
  },
  'instruments:details': {
    good: [
      { Uic: 21, AssetType: 'FxSpot' },
      { Uic: 21, AssetType: 'FxSpot', FieldGroups: ['OrderSetting'], refresh: true },
    ],
    bad: [
      { Uic: 21 },
      { Uic: '21', AssetType: 'FxSpot' },
      { Uic: 21, AssetType: 'fxspot' },
      { Uic: 0, AssetType: 'Stock' },
      { Uic: 21, AssetType: 'Stock', FieldGroups: ['Everything'] },
    ],
  },
  'instruments:detailsList': {
    good: [{ Uics: [21], AssetTypes: ['FxSpot'], $top: 10 }, {}],
    bad: [{ Uics: [21], $top: -1 }, { FieldGroups: [] }, { AssetTypes: ['FxSpot', 'Nope'] }],
  },
  'instruments:optionSpace': {
    good: [
      { OptionRootId: 18 },
      {
        OptionRootId: 18,
        OptionSpaceSegment: 'SpecificDates',
        ExpiryDates: ['2026-06-19'],
        TradingStatus: 'Tradable',
      },
      { OptionRootId: 18, OptionSpaceSegment: 'UnderlyingUic', UnderlyingUic: 211 },
    ],
    bad: [
      {},
      { OptionRootId: 18, ExpiryDates: ['2026-02-30'] },
      { OptionRootId: 18, ExpiryDates: ['19/06/2026'] },
      { OptionRootId: 18, OptionSpaceSegment: 'Everything' },
      { OptionRootId: 18, ExpiryDates: Array.from({ length: 101 }, () => '2026-06-19') },
    ],
  },
  'instruments:futuresSpace': {
    good: [{ ContinuousFuturesUic: 28016 }],
    bad: [{}, { ContinuousFuturesUic: -1 }, { ContinuousFuturesUic: 1, extra: 1 }],
  },
  'instruments:tradingSchedule': {
    good: [{ Uic: 211, AssetType: 'Stock' }],
    bad: [{ Uic: 211 }, { Uic: 211, AssetType: 'Stonk' }],
  },
  'reference:countries': {
    good: [undefined, {}, { refresh: true }],
    bad: [{ refresh: 'yes' }, { refresh: true, top: 1 }, null],
  },
  'reference:timeZones': { good: [undefined, { refresh: false }], bad: [{ refresh: 1 }] },
  'reference:exchanges': { good: [undefined, { refresh: true }], bad: [{ refresh: 'yes' }, { ExchangeId: 'NASDAQ' }] },
  'reference:exchangeHolidays': {
    good: [
      { FromDate: '2025-01-01', ToDate: '2027-12-31' },
      { FromDate: '2026-11-27', ToDate: '2026-11-27', ExchangeIds: ['NYSE', 'LSE_SETS'], refresh: true },
    ],
    bad: [
      undefined,
      { FromDate: '2026-01-01' },
      { FromDate: '2026-02-01', ToDate: '2026-01-31' },
      { FromDate: '2026-01-01', ToDate: '2026-12-31', ExchangeIds: [] },
      { FromDate: '2026-01-01', ToDate: '2026-12-31', ExchangeIds: ['X NYS'] },
    ],
  },
  'reference:currencyPairs': {
    good: [undefined, { AccountKey: 'abc|def', refresh: true }],
    bad: [{ AccountKey: '' }, { AccountKey: 'has space' }, { ClientKey: 7 }],
  },
  'corporateActions:events': {
    good: [
      undefined,
      {
        $top: 100,
        EventStates: ['Preliminary', 'Confirmed'],
        EventStatus: 'Active',
        EventTypes: ['DVCA', 'SPLF'],
        FromExDate: '2026-01-01',
        ToExDate: '2026-12-31',
        SortColumn: 'Date',
        SortType: 'Desc',
        IncludeLapsedEvents: true,
        Keywords: 'DK0010244508',
      },
    ],
    bad: [
      { EventStates: ['Lapsed'] },
      { EventStatus: ['Active'] },
      { EventTypes: ['dividend'] },
      { FromExDate: '2026-13-01' },
      { FromExDate: '2026-01-01T00:00:00Z' },
      { SortType: 'Descending' },
      { $top: -1 },
      { Keywords: 'k'.repeat(500) },
    ],
  },
  'corporateActions:event': {
    good: [
      { EventId: '9652429' },
      { EventId: '9652429', IncludeSubAccounts: true, EventStates: ['Withdrawn'] },
    ],
    bad: [{}, { EventId: '' }, { EventId: '../apps' }, { EventId: 'x'.repeat(65) }, { EventId: 9652429 }],
  },
  'apps:list': {
    good: [{ $top: 20, $skip: 40 }],
    bad: [undefined, { $top: 20, $skip: 0, IncludeSecrets: true }, { $top: -5, $skip: 0 }, { $top: 101, $skip: 0 }],
  },
  'apps:get': {
    good: [{ AppKey: 'a1b2c3d4e5f6' }],
    bad: [{}, { AppKey: '' }, { AppKey: 'a/b' }, { AppKey: 'k'.repeat(101) }],
  },
};

describe('endpoint channel schemas', () => {
  it('cover every service endpoint channel (instruments, reference, events, apps)', () => {
    expect(Object.keys(cases).sort()).toEqual(
      (Object.keys(channels) as string[])
        .filter((name) => /^(instruments|reference|corporateActions:events?$|apps:(list|get)$)/.test(name))
        .sort(),
    );
    expect(Object.keys(cases)).toHaveLength(15);
  });

  for (const [channel, { good, bad }] of Object.entries(cases)) {
    it(`${channel} accepts good arguments and refuses bad ones`, () => {
      for (const arg of good) expect(accepts(channel as ChannelName, arg), JSON.stringify(arg)).toBe(true);
      for (const arg of bad) expect(accepts(channel as ChannelName, arg), JSON.stringify(arg)).toBe(false);
    });
  }

  it('names the offending field in the parse error', () => {
    const result = channels['corporateActions:events'].arg.safeParse({ FromExDate: '2026-02-30' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['FromExDate']);
  });
});
