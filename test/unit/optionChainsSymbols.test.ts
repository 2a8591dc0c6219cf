import { describe, expect, it } from 'vitest';
import {
  chainCellText,
  type ChainExpiryFacts,
} from '../../renderer/src/features/instruments/optionChains/logic/chainCells';
import {
  occRoot,
  occSymbol,
  occUnavailableReason,
} from '../../renderer/src/features/instruments/optionChains/logic/optionSymbols';

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

describe('which roots have an OCC symbol', () => {
  const cboe = { CountryCode: 'US', ExchangeId: 'CBOE', Name: 'Cboe Options Exchange' };

  it('gives one to US equity and index options, cleared by the OCC', () => {
    expect(
      occUnavailableReason({ AssetType: 'StockIndexOption', Exchange: cboe, Symbol: 'SPXW:xcbo' }),
    ).toBeUndefined();
    expect(
      occUnavailableReason({ AssetType: 'StockOption', Exchange: cboe, Symbol: 'AAPL:xcbo' }),
    ).toBeUndefined();
  });

  it('gives none to futures options on CME or COMEX, with the reason', () => {
    const cme = { CountryCode: 'US', ExchangeId: 'CME', Name: 'Chicago Mercantile Exchange' };
    expect(occUnavailableReason({ AssetType: 'FuturesOption', Exchange: cme, Symbol: 'ES:xcme' })).toBe(
      'Futures options clear at their exchange (Chicago Mercantile Exchange), not the OCC: they have no OCC symbol.',
    );
    const comex = { CountryCode: 'US', ExchangeId: 'COMEX', Name: 'COMEX' };
    expect(occUnavailableReason({ AssetType: 'FuturesOption', Exchange: comex, Symbol: 'OG:xcec' })).toMatch(
      /not the OCC/,
    );
  });

  it('gives none to options listed outside the US, nor where the service names no country', () => {
    const eurex = { CountryCode: 'DE', ExchangeId: 'EUREX', Name: 'Eurex' };
    expect(
      occUnavailableReason({ AssetType: 'StockIndexOption', Exchange: eurex, Symbol: 'ODAX:xeur' }),
    ).toBe('Options listed on Eurex (DE) are not cleared by the OCC: they have no OCC symbol.');
    expect(occUnavailableReason({ AssetType: 'StockOption', Symbol: 'AAPL:xcbo' })).toMatch(
      /does not say where/,
    );
  });
});

describe('chain cells', () => {
  const facts: ChainExpiryFacts = {
    rootSymbol: 'SPX:xcbo',
    expiry: '2026-03-20',
    occUnavailable: undefined,
    symbols: new Map([[11, 'SPX/20H26C5000:xcbo']]),
  };
  const call = { PutCall: 'Call', StrikePrice: 5000, Uic: 11, TradingStatus: 'Tradable' } as const;

  it('shows the contract’s own symbol, its OCC symbol, its uic and its status', () => {
    expect(chainCellText('symbol', call, facts)).toBe('SPX/20H26C5000:xcbo');
    expect(chainCellText('occSymbol', call, facts)).toBe('SPX   260320C05000000');
    expect(chainCellText('uic', call, facts)).toBe('11');
    expect(chainCellText('status', call, facts)).toBe('Tradable');
  });

  it('never spells an OCC symbol for a contract the OCC does not clear', () => {
    const es = {
      ...facts,
      rootSymbol: 'ES:xcme',
      occUnavailable: 'Futures options clear at their exchange.',
    };
    expect(chainCellText('occSymbol', call, es)).toBe('—');
  });

  it('says a symbol is on its way until the details are read, and a dash when they carry none', () => {
    expect(chainCellText('symbol', { ...call, Uic: 12 }, { ...facts, symbols: undefined })).toBe('…');
    expect(chainCellText('symbol', { ...call, Uic: 12 }, facts)).toBe('—');
  });
});
