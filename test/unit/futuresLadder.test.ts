import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { FuturesSpace, InstrumentDetails } from '../../contract/wire/types';
import { calendarSpreads } from '../../renderer/src/features/instruments/futures/logic/calendarSpreads';
import {
  buildLadder,
  frontMonthIndex,
  daysToRollText,
  isInRollWindow,
  serviceToday,
} from '../../renderer/src/features/instruments/futures/logic/futuresLadder';

/** WTI seen on 2026-05-15: CLM6's last trade is 4 days ahead. */
const space: FuturesSpace = {
  BaseIdentifier: 'CL',
  Elements: [
    { DaysToExpiry: 4, ExpiryDate: '2026-05-19T00:00:00Z', Symbol: 'CLM6', Uic: 11 },
    { DaysToExpiry: 38, ExpiryDate: '2026-06-22T00:00:00Z', Symbol: 'CLN6', Uic: 12 },
    { DaysToExpiry: 67, ExpiryDate: '2026-07-21T00:00:00Z', Symbol: 'CLQ6', Uic: 13 },
  ],
};

/** Gold seen on 2026-05-28: GCM6's first notice (May 29) is tomorrow, its last trade a month on. */
const gold: FuturesSpace = {
  BaseIdentifier: 'GC',
  Elements: [
    { DaysToExpiry: 29, ExpiryDate: '2026-06-26T00:00:00Z', Symbol: 'GCM6', Uic: 21 },
    { DaysToExpiry: 91, ExpiryDate: '2026-08-27T00:00:00Z', Symbol: 'GCQ6', Uic: 22 },
  ],
};
const goldNotices = new Map([
  [21, '2026-05-29T00:00:00Z'],
  [22, '2026-07-31T00:00:00Z'],
]);

describe('futures ladder', () => {
  it('counts days from the service’s own today', () => {
    expect(serviceToday(space).toISODate()).toBe('2026-05-15');
  });

  it('counts the roll to the first notice date where a contract has one, else to its last trade', () => {
    const rows = buildLadder(gold, goldNotices, 5);
    expect(rows.map((row) => [row.symbol, row.rollsBefore, row.daysToRoll])).toEqual([
      ['GCM6', 'notice', 1],
      ['GCQ6', 'notice', 64],
    ]);
    expect(rows[0]).toMatchObject({
      inRollWindow: true,
      lastTradeDate: '2026-06-26',
      daysToLastTrade: 29,
      noticeDate: '2026-05-29',
    });
    // Without a notice date (cash-settled or not yet read) the last trade counts.
    expect(buildLadder(gold, new Map(), 5)[0]).toMatchObject({
      rollsBefore: 'lastTrade',
      daysToRoll: 29,
      inRollWindow: false,
    });
  });

  it('makes the nearest contract not yet in its delivery period the front month', () => {
    const before = buildLadder(gold, goldNotices, 5);
    expect(before.map((row) => row.isFront)).toEqual([true, false]);
    // From the first notice day on, June is in delivery: August is the front month.
    const onNotice = buildLadder(gold, goldNotices, 5, DateTime.fromISO('2026-05-29', { zone: 'utc' }));
    expect(onNotice.map((row) => [row.inDelivery, row.isFront, row.inRollWindow])).toEqual([
      [true, false, false],
      [false, true, false],
    ]);
  });

  it('skips contracts past their last trade for the front month', () => {
    expect(frontMonthIndex([{ inDelivery: false, daysToLastTrade: -1 }])).toBe(-1);
    expect(
      frontMonthIndex([
        { inDelivery: false, daysToLastTrade: 9 },
        { inDelivery: false, daysToLastTrade: 0 },
      ]),
    ).toBe(1);
  });

  it('badges contracts inside the roll window only before their roll date', () => {
    expect(isInRollWindow(5, 5)).toBe(true);
    expect(isInRollWindow(6, 5)).toBe(false);
    expect(isInRollWindow(-1, 5)).toBe(false);
  });

  it('builds rows with decoded months, notice dates only where the details had one', () => {
    const rows = buildLadder(space, new Map([[12, '2026-05-29T00:00:00Z']]), 5);
    expect(rows.map((row) => row.contractMonth)).toEqual(['Jun 2026', 'Jul 2026', 'Aug 2026']);
    expect(rows.map((row) => row.isFront)).toEqual([true, false, false]);
    expect(rows.map((row) => row.noticeDate)).toEqual([undefined, '2026-05-29', undefined]);
    expect(rows[0]).toMatchObject({
      symbol: 'CLM6',
      uic: 11,
      lastTradeDate: '2026-05-19',
      daysToRoll: 4,
      inRollWindow: true,
    });
  });

  it('widening the roll window badges more contracts', () => {
    expect(
      buildLadder(space, new Map(), 40)
        .filter((row) => row.inRollWindow)
        .map((row) => row.symbol),
    ).toEqual(['CLM6', 'CLN6']);
  });
});

describe('the days to roll in words', () => {
  it('says how long ago the notice passed for a contract in delivery, never a negative count', () => {
    expect(daysToRollText({ daysToRoll: -9, rollsBefore: 'notice', inDelivery: true })).toBe('notice passed 9 days ago');
    expect(daysToRollText({ daysToRoll: -1, rollsBefore: 'notice', inDelivery: true })).toBe('notice passed 1 day ago');
    expect(daysToRollText({ daysToRoll: 0, rollsBefore: 'notice', inDelivery: true })).toBe('notice today');
    expect(daysToRollText({ daysToRoll: 13, rollsBefore: 'notice', inDelivery: false })).toBe('13 days (to notice)');
    expect(daysToRollText({ daysToRoll: 1, rollsBefore: 'lastTrade', inDelivery: false })).toBe('1 day (to last trade)');
  });
});

describe('calendar spreads', () => {
  const symbols = new Map([
    [11, 'CLM6'],
    [12, 'CLN6'],
  ]);
  const strategy = (uic: number, legs: InstrumentDetails['Legs']): InstrumentDetails => ({
    Uic: uic,
    AssetType: 'FuturesStrategy',
    Symbol: `CLS${uic}`,
    Legs: legs,
  });

  it('keeps strategies whose legs are all contracts of the ladder, legs in order', () => {
    const spreads = calendarSpreads(
      [
        strategy(90, [
          { Uic: 12, LegNumber: 2, BuySell: 'Sell' },
          { Uic: 11, LegNumber: 1, BuySell: 'Buy' },
        ]),
        strategy(91, [{ Uic: 11 }, { Uic: 99 }]),
        strategy(92, [{ Uic: 11 }]),
      ],
      symbols,
    );
    expect(spreads).toEqual([
      {
        uic: 90,
        symbol: 'CLS90',
        description: '',
        legs: [
          { uic: 11, label: 'CLM6', buySell: 'Buy' },
          { uic: 12, label: 'CLN6', buySell: 'Sell' },
        ],
      },
    ]);
  });
});
