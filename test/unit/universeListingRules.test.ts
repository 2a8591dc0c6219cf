import { describe, expect, it } from 'vitest';
import { isTradingDay } from '../../main/simulator/calendar/businessDays';
import { EXPIRY_RULES, thirdFriday } from '../../main/simulator/data/instruments/expiryRules';
import { listedContracts } from '../../main/simulator/data/instruments/futures';
import { FUTURES_PRODUCTS, MONTH_CODES } from '../../main/simulator/data/instruments/futuresFacts';
import { completeIsin, isinCheckDigit, isValidIsin } from '../../main/simulator/data/instruments/isin';
import { exchangeIdOf } from '../../main/simulator/data/reference/venues';
import {
  WELL_KNOWN_ETFS,
  WELL_KNOWN_INDICES,
  WELL_KNOWN_STOCKS,
} from '../../main/simulator/data/instruments/listings';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const product = (root: string) => FUTURES_PRODUCTS.find((candidate) => candidate.root === root)!;

describe('ISIN check digits', () => {
  it('accepts every well-known ISIN and computes their check digits', () => {
    for (const listing of [...WELL_KNOWN_STOCKS, ...WELL_KNOWN_ETFS, ...WELL_KNOWN_INDICES]) {
      if (listing.isin) expect(isValidIsin(listing.isin), listing.symbol).toBe(true);
    }
    expect(isinCheckDigit('US037833100')).toBe(5);
    expect(completeIsin('DE000716460')).toBe('DE0007164600');
    expect(isValidIsin('US0378331006')).toBe(false);
    expect(isValidIsin('US037833100')).toBe(false);
  });
});

describe('futures expiry rules (universe-facts §4)', () => {
  it('equity index futures expire on the third Friday, before a holiday when it falls on one', () => {
    expect(iso(EXPIRY_RULES.thirdFriday('CME', 2027, 3).lastTrade)).toBe('2027-03-19');
    expect(iso(thirdFriday('EUREX', 2026, 12))).toBe('2026-12-18');
    // Good Friday 2025-04-18 was the third Friday of April: XEUR closed, so the day before.
    expect(iso(thirdFriday('EUREX', 2025, 4))).toBe('2025-04-17');
  });

  it('WTI expires 3 business days before the 25th of the month before delivery', () => {
    // January 2027 contract: 25 Dec 2026 is a holiday, so 3 business days before the 24th.
    expect(iso(EXPIRY_RULES.wti('NYMEX', 2027, 1).lastTrade)).toBe('2026-12-21');
    // March 2027 contract: 25 Feb 2027 is a Thursday, 3 business days before is Monday 22 Feb.
    expect(iso(EXPIRY_RULES.wti('NYMEX', 2027, 3).lastTrade)).toBe('2027-02-22');
  });

  it('Brent, Treasuries, COMEX metals, grains and SOFR follow their own rules, with notice days where delivered', () => {
    expect(iso(EXPIRY_RULES.brent('IPE', 2027, 3).lastTrade)).toBe('2027-01-29');
    const zn = EXPIRY_RULES.longTreasury('CBOT', 2027, 3);
    expect(iso(zn.notice!)).toBe('2027-02-26');
    // 7 business days before 31 March 2027, skipping Good Friday (26 March).
    expect(iso(zn.lastTrade)).toBe('2027-03-19');
    const gold = EXPIRY_RULES.comex('COMEX', 2027, 2);
    expect(iso(gold.lastTrade)).toBe('2027-02-24');
    expect(iso(gold.notice!)).toBe('2027-01-29');
    expect(iso(EXPIRY_RULES.grains('CBOT', 2027, 3).lastTrade)).toBe('2027-03-12');
    expect(iso(EXPIRY_RULES.sofr('CME', 2027, 3).lastTrade)).toBe('2027-06-15');
    expect(iso(EXPIRY_RULES.eurexBond('EUREX', 2027, 3).lastTrade)).toBe('2027-03-08');
    expect(iso(EXPIRY_RULES.nikkei('OSE_JP', 2027, 3).lastTrade)).toBe('2027-03-11');
  });

  it('lists contracts after the universe date, in expiry order, with month-code symbols, on business days', () => {
    const asOf = day('2026-11-21');
    for (const futures of FUTURES_PRODUCTS) {
      const contracts = listedContracts(futures, asOf);
      expect(contracts.length, futures.root).toBe(futures.listed);
      const expiries = contracts.map((contract) => contract.lastTrade.getTime());
      expect([...expiries].sort((a, b) => a - b)).toEqual(expiries);
      for (const contract of contracts) {
        expect(contract.lastTrade > asOf).toBe(true);
        expect(
          isTradingDay(exchangeIdOf(futures.mic), contract.lastTrade),
          `${contract.symbol} ${iso(contract.lastTrade)}`,
        ).toBe(true);
        expect(contract.symbol).toBe(
          `${futures.root}${MONTH_CODES[contract.month - 1]}${contract.year % 10}`,
        );
        if (contract.notice) expect(contract.notice < contract.lastTrade).toBe(true);
      }
      expect(new Set(contracts.map((contract) => contract.symbol)).size).toBe(contracts.length);
    }
    expect(listedContracts(product('ES'), asOf).map((contract) => contract.symbol)).toEqual([
      'ESZ6',
      'ESH7',
      'ESM7',
      'ESU7',
      'ESZ7',
    ]);
    // An energy contract is named for its delivery month and expires in the month before.
    const cl = listedContracts(product('CL'), asOf)[0]!;
    expect(cl.symbol).toBe('CLF7');
    expect(cl.lastTrade.getUTCMonth()).toBe(11);
  });
});
