import { describe, expect, it } from 'vitest';
import { invertedPairOf, typedPair } from '../../renderer/src/features/instruments/logic/invertedPair';

const pairs = [
  { pair: 'EURUSD', base: 'EUR', quote: 'USD' },
  { pair: 'USDJPY', base: 'USD', quote: 'JPY' },
];

describe('a currency pair typed the other way round', () => {
  it('reads two currency codes however they are separated', () => {
    expect(typedPair('usdeur')).toEqual(['USD', 'EUR']);
    expect(typedPair(' USD/EUR ')).toEqual(['USD', 'EUR']);
    expect(typedPair('usd eur')).toEqual(['USD', 'EUR']);
    expect(typedPair('usd-eur')).toEqual(['USD', 'EUR']);
    expect(typedPair('apple')).toBeUndefined();
    expect(typedPair('usdusd')).toBeUndefined();
    expect(typedPair('usdeur futures')).toBeUndefined();
  });

  it('points usdeur to EURUSD and jpyusd to USDJPY', () => {
    expect(invertedPairOf('usdeur', pairs)).toEqual({ typed: 'USDEUR', pair: 'EURUSD' });
    expect(invertedPairOf('JPY/USD', pairs)).toEqual({ typed: 'JPYUSD', pair: 'USDJPY' });
  });

  it('says nothing for a pair typed as quoted or one the service does not list', () => {
    expect(invertedPairOf('eurusd', pairs)).toBeUndefined();
    expect(invertedPairOf('chfgbp', pairs)).toBeUndefined();
    expect(invertedPairOf('usdeur', [])).toBeUndefined();
  });
});
