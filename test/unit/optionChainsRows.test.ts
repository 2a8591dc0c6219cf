import { describe, expect, it } from 'vitest';
import {
  chainRows,
  isTradableStatus,
  strikesOf,
  tradingStatusText,
} from '../../renderer/src/features/instruments/optionChains/logic/chainRows';

describe('chain rows', () => {
  it('pairs calls and puts by strike and sorts the unsorted options', () => {
    const rows = chainRows([
      { PutCall: 'Put', StrikePrice: 105, Uic: 4 },
      { PutCall: 'Call', StrikePrice: 100, Uic: 1 },
      { PutCall: 'Call', StrikePrice: 105, Uic: 3 },
      { PutCall: 'Put', StrikePrice: 100, Uic: 2 },
      { PutCall: 'Call', StrikePrice: 110, Uic: 5 },
    ]);
    expect(strikesOf(rows)).toEqual([100, 105, 110]);
    expect(rows[1]).toMatchObject({ call: { Uic: 3 }, put: { Uic: 4 } });
    expect(rows[2]?.put).toBeUndefined();
  });

  it('reads trading status flags', () => {
    expect(isTradableStatus('NonTradable')).toBe(false);
    expect(isTradableStatus('NonTradable, ReduceOnly')).toBe(false);
    expect(isTradableStatus('ReduceOnly')).toBe(true);
    expect(isTradableStatus(undefined)).toBe(true);
    expect(tradingStatusText('NotDefined')).toBe('—');
    expect(tradingStatusText('Tradable,ReduceOnly')).toBe('Tradable, ReduceOnly');
  });
});
