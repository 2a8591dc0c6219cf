import { describe, expect, it } from 'vitest';
import { isTradingDay } from '../../main/simulator/calendar/businessDays';
import {
  europeanStockSteps,
  listExpiries,
  strikeLadder,
  usStockSteps,
} from '../../main/simulator/data/instruments/optionChains';
import { WELL_KNOWN_OPTION_ROOTS } from '../../main/simulator/data/instruments/optionFacts';
import { matchTextOf, symbolKeys, wordsOf } from '../../main/simulator/data/instruments/searchIndex';
import { isKeywordMatch, keywordTerms } from '../../main/simulator/data/instruments/searchQuery';

const asOf = new Date('2026-11-21T00:00:00Z');
const root = (symbol: string) => WELL_KNOWN_OPTION_ROOTS.find((candidate) => candidate.root === symbol)!;

describe('option expiries (universe-facts §5)', () => {
  it('lists the AM-settled SPX on third Fridays: monthlies, quarterlies and December long-dated expiries', () => {
    const expiries = listExpiries(root('SPX').schedule, 'CBOE', asOf);
    const kinds = new Set(expiries.map((expiry) => expiry.kind));
    expect(kinds).toEqual(new Set(['Monthly', 'Quarterly', 'LongDated']));
    expect(expiries.length).toBeGreaterThanOrEqual(18);
    expect(expiries.every((expiry) => expiry.date > asOf && isTradingDay('CBOE', expiry.date))).toBe(true);
    const dates = expiries.map((expiry) => expiry.date.getTime());
    expect(new Set(dates).size).toBe(dates.length);
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    const monthly = expiries.find((expiry) => expiry.kind === 'Monthly')!;
    expect(monthly.date.getUTCDay()).toBe(5);
    expect(monthly.date.getUTCDate()).toBeGreaterThanOrEqual(15);
    const longDated = expiries.filter((expiry) => expiry.kind === 'LongDated');
    expect(longDated.every((expiry) => expiry.month === 12)).toBe(true);
    expect(longDated.at(-1)!.date.getUTCFullYear()).toBe(2031);
  });

  it('lists the PM-settled SPXW every weekday for four weeks, on Fridays, third Fridays and month ends', () => {
    const expiries = listExpiries(root('SPXW').schedule, 'CBOE', asOf);
    expect(new Set(expiries.map((expiry) => expiry.kind))).toEqual(
      new Set(['Daily', 'Weekly', 'Monthly', 'EndOfMonth']),
    );
    expect(expiries.length).toBeGreaterThanOrEqual(40);
    const ends = expiries
      .filter((expiry) => expiry.kind === 'EndOfMonth')
      .map((expiry) => expiry.date.toISOString().slice(0, 10));
    // 31 Jan 2027 is a Sunday: its month ends on Friday the 29th.
    expect(ends).toEqual(expect.arrayContaining(['2026-12-31', '2027-01-29', '2027-03-31']));
    expect(expiries.every((expiry) => expiry.date > asOf && isTradingDay('CBOE', expiry.date))).toBe(true);
    // The two roots of the S&P 500: one underlying, the weeklies' root says so.
    expect(root('SPXW').underlying).toEqual(root('SPX').underlying);
    expect([root('SPX').amSettled, root('SPXW').amSettled, root('SPXW').optionType]).toEqual([
      true,
      undefined,
      'Weekly',
    ]);
  });

  it('pairs each AM-settled index root with a PM-settled weeklies root, as the platform lists them', () => {
    for (const [standard, weekly] of [
      ['SPX', 'SPXW'],
      ['NDX', 'NDXP'],
      ['RUT', 'RUTW'],
    ] as const) {
      expect(root(weekly).underlying, weekly).toEqual(root(standard).underlying);
      const standardKinds = new Set(
        listExpiries(root(standard).schedule, 'CBOE', asOf).map((expiry) => expiry.kind),
      );
      expect(standardKinds.has('Weekly') || standardKinds.has('Daily'), standard).toBe(false);
      const weeklyKinds = new Set(
        listExpiries(root(weekly).schedule, 'CBOE', asOf).map((expiry) => expiry.kind),
      );
      expect(weeklyKinds.has('Weekly'), weekly).toBe(true);
    }
  });

  it('lists VIX expiries on the Wednesday 30 days before the next third Friday', () => {
    const expiries = listExpiries(root('VIX').schedule, 'CBOE', asOf);
    expect(expiries.length).toBe(7);
    for (const expiry of expiries) expect([2, 3]).toContain(expiry.date.getUTCDay());
  });
});

describe('strike ladders (universe-facts §5, rules of thumb 1, 2 and 5)', () => {
  it('uses the fine step near the money and coarser steps further out, on multiples of each step', () => {
    const strikes = strikeLadder(6800, 0.02, { near: 5, mid: 25, far: 50 }, true);
    expect([...strikes].sort((a, b) => a - b)).toEqual(strikes);
    expect(new Set(strikes).size).toBe(strikes.length);
    expect(strikes.length).toBeGreaterThanOrEqual(250);
    expect(strikes.length).toBeLessThanOrEqual(500);
    const nearMoney = strikes.filter((strike) => Math.abs(strike - 6800) < 6800 * 0.05);
    expect(nearMoney.every((strike, index) => index === 0 || strike - nearMoney[index - 1]! === 5)).toBe(
      true,
    );
    const farBelow = strikes.filter((strike) => strike < 6800 * 0.55);
    expect(farBelow.every((strike) => strike % 50 === 0)).toBe(true);
  });

  it('puts index chains skewed below spot, and widens ladders with time', () => {
    const spot = 6800;
    const index = strikeLadder(spot, 0.25, { near: 5, mid: 25, far: 50 }, true);
    expect(index.filter((strike) => strike < spot).length).toBeGreaterThan(
      index.filter((strike) => strike > spot).length,
    );
    const near = strikeLadder(100, 0.05, usStockSteps(100), false);
    const far = strikeLadder(100, 2, usStockSteps(100), false);
    expect(far[0]!).toBeLessThan(near[0]!);
    expect(far.at(-1)!).toBeGreaterThan(near.at(-1)!);
  });

  it('steps single-stock strikes by share price', () => {
    expect(usStockSteps(20)).toMatchObject({ far: 2.5 });
    expect(usStockSteps(150)).toMatchObject({ mid: 5 });
    expect(usStockSteps(700)).toMatchObject({ mid: 10 });
    expect(europeanStockSteps(15).mid).toBe(0.5);
    expect(europeanStockSteps(210).mid).toBe(10);
    const strikes = strikeLadder(270, 0.05, usStockSteps(270), false);
    expect(strikes.length).toBeGreaterThanOrEqual(40);
    expect(strikes.length).toBeLessThanOrEqual(120);
  });
});

describe('keyword matching of the search', () => {
  it('splits keywords into words the way the index does', () => {
    expect(keywordTerms('  BRK.B  Nestlé &  ')).toEqual([['brk', 'b'], ['nestle']]);
    expect(wordsOf("L'Oréal SA")).toEqual(['l', 'oreal', 'sa']);
  });

  it('reports a keyword match only when every keyword is a whole word, or they spell the symbol or ISIN', () => {
    const matches = (keywords: string, symbol: string, description: string, isin?: string) =>
      isKeywordMatch(keywordTerms(keywords), matchTextOf(symbol, description, symbolKeys(symbol), isin));
    expect(matches('apple', 'AAPL:xnas', 'Apple Inc.')).toBe(true);
    expect(matches('aapl inc', 'AAPL:xnas', 'Apple Inc.')).toBe(true);
    expect(matches('appl', 'AAPL:xnas', 'Apple Inc.')).toBe(false);
    expect(matches('nestle', 'NESN:xswx', 'Nestlé')).toBe(true);
    expect(matches('ore', 'OR:xpar', "L'Oréal")).toBe(false);
    expect(matches('brk.b', 'BRK.B:xnys', 'Berkshire Hathaway Class B')).toBe(true);
    expect(matches('EUR/USD', 'EURUSD', 'Euro/US Dollar')).toBe(true);
    expect(matches('eur us', 'EURUSD', 'Euro/US Dollar')).toBe(false);
    expect(matches('us0378331005', 'AAPL:xnas', 'Apple Inc.', 'US0378331005')).toBe(true);
    expect(matches('us03783', 'AAPL:xnas', 'Apple Inc.', 'US0378331005')).toBe(false);
  });
});
