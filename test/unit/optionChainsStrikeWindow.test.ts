import { describe, expect, it } from 'vitest';
import {
  nearestStrikeIndex,
  strikeWindow,
} from '../../renderer/src/features/instruments/optionChains/logic/strikeWindow';

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
