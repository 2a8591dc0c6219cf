import { describe, expect, it } from 'vitest';
import type { FuturesSpace } from '../../contract/wire/types';
import { buildLadder, frontMonthIndex, isInRollWindow } from '../../renderer/src/features/futures/logic/futuresLadder';

const space: FuturesSpace = {
  BaseIdentifier: 'CL',
  Elements: [
    { DaysToExpiry: -2, ExpiryDate: '2026-04-21T00:00:00Z', Symbol: 'CLK6', Uic: 10 },
    { DaysToExpiry: 4, ExpiryDate: '2026-05-19T00:00:00Z', Symbol: 'CLM6', Uic: 11 },
    { DaysToExpiry: 35, ExpiryDate: '2026-06-22T00:00:00Z', Symbol: 'CLN6', Uic: 12 },
  ],
};

describe('futures ladder', () => {
  it('highlights the nearest unexpired contract as the front month', () => {
    expect(frontMonthIndex(space.Elements)).toBe(1);
    expect(frontMonthIndex([{ DaysToExpiry: -1 }])).toBe(-1);
    expect(frontMonthIndex([{ DaysToExpiry: 9 }, { DaysToExpiry: 0 }])).toBe(1);
  });

  it('badges contracts inside the roll window only while unexpired', () => {
    expect(isInRollWindow(5, 5)).toBe(true);
    expect(isInRollWindow(6, 5)).toBe(false);
    expect(isInRollWindow(-1, 5)).toBe(false);
  });

  it('builds rows with decoded months, notice dates only where the details had one', () => {
    const rows = buildLadder(space, new Map([[12, '2026-05-29T00:00:00Z']]), 5);
    expect(rows.map((row) => row.contractMonth)).toEqual(['May 2026', 'Jun 2026', 'Jul 2026']);
    expect(rows.map((row) => row.isFront)).toEqual([false, true, false]);
    expect(rows.map((row) => row.inRollWindow)).toEqual([false, true, false]);
    expect(rows.map((row) => row.noticeDate)).toEqual([undefined, undefined, '2026-05-29']);
    expect(rows[1]).toMatchObject({ symbol: 'CLM6', uic: 11, expiryDate: '2026-05-19', daysToExpiry: 4 });
  });

  it('widening the roll window badges more contracts', () => {
    expect(
      buildLadder(space, new Map(), 40)
        .filter((row) => row.inRollWindow)
        .map((row) => row.symbol),
    ).toEqual(['CLM6', 'CLN6']);
  });
});
