import { describe, expect, it } from 'vitest';
import {
  chainRows,
  isTradableStatus,
  strikesOf,
  tradingStatusText,
} from '../../renderer/src/features/optionChains/logic/chainRows';
import { nearestStrikeIndex, strikeWindow } from '../../renderer/src/features/optionChains/logic/strikeWindow';

const strikes = [90, 95, 100, 105, 110, 115, 120];

describe('strike window', () => {
  it('centres on the middle strike when no reference price is typed, and says so', () => {
    const window = strikeWindow(strikes, 1);
    expect(window).toEqual({ centre: 105, centreSource: 'middle', strikes: [100, 105, 110] });
  });

  it('centres on the strike nearest the reference price', () => {
    expect(strikeWindow(strikes, 1, 112)).toEqual({
      centre: 110,
      centreSource: 'reference',
      strikes: [105, 110, 115],
    });
    expect(strikeWindow(strikes, 2, 118).strikes).toEqual([110, 115, 120]);
  });

  it('clips at the ends of the ladder and keeps everything with "all"', () => {
    expect(strikeWindow(strikes, 3, 1).strikes).toEqual([90, 95, 100, 105]);
    expect(strikeWindow(strikes, 'all', 100).strikes).toEqual(strikes);
  });

  it('ignores a reference price that is not a positive number', () => {
    expect(strikeWindow(strikes, 0, Number.NaN)).toMatchObject({
      centre: 105,
      centreSource: 'middle',
      strikes: [105],
    });
    expect(strikeWindow(strikes, 0, 0).centreSource).toBe('middle');
    expect(strikeWindow([], 5, 100)).toEqual({ centre: undefined, centreSource: 'reference', strikes: [] });
  });

  it('picks the lower strike on a tie', () => {
    expect(strikes[nearestStrikeIndex(strikes, 97.5)]).toBe(95);
    expect(strikes[nearestStrikeIndex(strikes, 1000)]).toBe(120);
  });
});

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
