import { describe, expect, it } from 'vitest';
import type { FuturesSpace } from '../../contract/wire/types';
import { buildLadder, frontMonthIndex, isInRollWindow } from '../../renderer/src/features/futures/logic/futuresLadder';
import { decodeContractMonth, formatContractMonth } from '../../renderer/src/features/futures/logic/monthCodes';

describe('futures month codes', () => {
  it('decodes every month code with one- and two-digit years', () => {
    const months = 'FGHJKMNQUVXZ'
      .split('')
      .map((code) => decodeContractMonth(`ES${code}6`, 'ES', '2026-06-19')?.month);
    expect(months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(decodeContractMonth('ESH26', 'ES', '2026-03-20')).toEqual({ month: 3, year: 2026, code: 'H' });
  });

  it('takes the month from the code, not from the expiry date (an August contract expiring in July)', () => {
    const august = decodeContractMonth('CLQ6', 'CL', '2026-07-21T00:00:00Z');
    expect(august && formatContractMonth(august)).toBe('Aug 2026');
  });

  it('places a one-digit year in the decade nearest the expiry, across a decade boundary', () => {
    expect(decodeContractMonth('BF0', 'B', '2029-11-30')?.year).toBe(2030);
    expect(decodeContractMonth('ESZ9', 'ES', '2030-01-02')?.year).toBe(2029);
  });

  it('reads symbols with an exchange suffix and a base that itself ends in a code letter', () => {
    expect(decodeContractMonth('ZNH6:xcbt', 'ZN', '2026-03-20')).toMatchObject({ month: 3, year: 2026 });
    expect(decodeContractMonth('FGBLM26', 'FGBL', '2026-06-08')).toMatchObject({ month: 6 });
  });

  it('gives nothing for a symbol without a month code', () => {
    expect(decodeContractMonth('ES', 'ES')).toBeUndefined();
    expect(decodeContractMonth('ESA6', 'ES')).toBeUndefined();
  });
});

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
