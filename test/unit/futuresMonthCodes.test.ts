import { describe, expect, it } from 'vitest';
import {
  decodeContractMonth,
  formatContractMonth,
} from '../../renderer/src/features/instruments/futures/logic/monthCodes';

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
