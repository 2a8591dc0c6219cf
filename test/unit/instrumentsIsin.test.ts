import { describe, expect, it } from 'vitest';
import { isIsin } from '../../renderer/src/features/instruments/logic/isin';

describe('ISINs', () => {
  it('accepts real ISINs with their check digits, in any case', () => {
    expect(isIsin('US0378331005')).toBe(true); // Apple
    expect(isIsin('DE0007164600')).toBe(true); // SAP
    expect(isIsin('NL0000235190')).toBe(true); // Airbus
    expect(isIsin('gb0005405286 ')).toBe(true); // HSBC
  });

  it('refuses a wrong check digit, a prefix and other words', () => {
    expect(isIsin('US0378331006')).toBe(false);
    expect(isIsin('US03783')).toBe(false);
    expect(isIsin('AAPL')).toBe(false);
    expect(isIsin('120378331005')).toBe(false);
  });
});
