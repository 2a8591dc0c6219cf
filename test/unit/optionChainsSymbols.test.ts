import { describe, expect, it } from 'vitest';
import {
  chainCellText,
  lastTradeText,
  type ChainExpiryFacts,
} from '../../renderer/src/features/instruments/optionChains/logic/chainCells';
import { occRoot, occSymbol } from '../../renderer/src/features/instruments/optionChains/logic/optionSymbols';

describe('OCC-style option symbols', () => {
  it('spells root in six characters, yymmdd, C/P and the strike times 1000 in eight digits', () => {
    expect(occSymbol('SPX:xcbo', '2026-03-20T00:00:00Z', 'Call', 5000)).toBe('SPX   260320C05000000');
    expect(occSymbol('AAPL:xcbo', '2026-01-16', 'Put', 187.5)).toBe('AAPL  260116P00187500');
    expect(occSymbol('OZN:xcbt', '2026-05-22', 'Call', 112.25)).toBe('OZN   260522C00112250');
    expect(occSymbol('SPX:xcbo', '2026-03-20', 'Call', 5000)).toHaveLength(21);
  });

  it('takes the root without its market and spaces', () => {
    expect(occRoot('NOVO B:xcse')).toBe('NOVOB');
    expect(occRoot('ODAX:xeur')).toBe('ODAX');
  });

  it('writes none it cannot spell: a long root, a strike of 100,000 or more, an unreadable expiry', () => {
    expect(occSymbol('VERYLONGROOT:xcbo', '2026-03-20', 'Call', 10)).toBeUndefined();
    expect(occSymbol('NK225:xose', '2026-03-13', 'Call', 100_000)).toBeUndefined();
    expect(occSymbol('NK225:xose', '2026-03-13', 'Call', 40_000)).toBe('NK225 260313C40000000');
    expect(occSymbol('SPX:xcbo', 'soon', 'Call', 5000)).toBeUndefined();
    expect(occSymbol('SPX:xcbo', '2026-03-20', 'None', 5000)).toBeUndefined();
  });
});

describe('chain cells', () => {
  const facts: ChainExpiryFacts = {
    rootSymbol: 'SPX:xcbo',
    expiry: '2026-03-20',
    lastTrade: '2026-03-19T20:15:00Z',
    daysToLastTrade: 11,
    zoneName: 'America/New_York',
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    symbols: new Map([[11, 'SPX/20H26C5000:xcbo']]),
  };
  const call = { PutCall: 'Call', StrikePrice: 5000, Uic: 11, TradingStatus: 'Tradable' } as const;

  it('shows the contract’s own symbol, its OCC symbol and the facts of its expiry and root', () => {
    expect(chainCellText('symbol', call, facts)).toBe('SPX/20H26C5000:xcbo');
    expect(chainCellText('occSymbol', call, facts)).toBe('SPX   260320C05000000');
    expect(chainCellText('lastTrade', call, facts)).toBe('2026-03-19 16:15');
    expect(chainCellText('daysToLastTrade', call, facts)).toBe('11');
    expect(chainCellText('exerciseStyle', call, facts)).toBe('European');
    expect(chainCellText('settlement', call, facts)).toBe('Cash');
    expect(chainCellText('uic', call, facts)).toBe('11');
  });

  it('says a symbol is on its way until the details are read, and a dash when they carry none', () => {
    expect(chainCellText('symbol', { ...call, Uic: 12 }, { ...facts, symbols: undefined })).toBe('…');
    expect(chainCellText('symbol', { ...call, Uic: 12 }, facts)).toBe('—');
  });

  it('gives the last trade in the exchange’s time, or in UTC when its zone is unknown', () => {
    expect(lastTradeText('2026-03-19T20:15:00Z', undefined)).toBe('2026-03-19 20:15 UTC');
    expect(lastTradeText(undefined, 'Europe/Berlin')).toBe('—');
  });
});
