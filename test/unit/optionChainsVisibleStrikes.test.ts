/**
 * The price window of a chain on screen: the strikes of the rows in view with two rows' margin,
 * following the scroll, clipped to the chain's ends; and the watch of the expiries shown.
 */
import { describe, expect, it } from 'vitest';
import {
  centreRange,
  chainWatchOf,
  visibleStrikeRange,
} from '../../renderer/src/features/instruments/optionChains/logic/visibleStrikes';

/** 100 strikes, 4000 to 4990 by 10; rows of 28 px. */
const STRIKES = Array.from({ length: 100 }, (_, index) => 4000 + index * 10);
const ROW = 28;

describe('the strikes a chain quotes', () => {
  it('quotes the rows in view and two either side, and moves with the scroll', () => {
    // Rows 10 to 19 in view (280 px to 560 px): strikes 4080 to 4210 with the margin.
    expect(visibleStrikeRange(STRIKES, 10 * ROW, 20 * ROW, ROW)).toEqual({ low: 4080, high: 4210 });
    // Scrolled down by 30 rows: the window leaves the old strikes behind.
    expect(visibleStrikeRange(STRIKES, 40 * ROW, 50 * ROW, ROW)).toEqual({ low: 4380, high: 4510 });
    // A row half in view counts.
    expect(visibleStrikeRange(STRIKES, 10 * ROW + 14, 20 * ROW + 14, ROW)).toEqual({ low: 4080, high: 4220 });
  });

  it('stops at the ends of the chain and quotes nothing for no rows', () => {
    expect(visibleStrikeRange(STRIKES, 0, 5 * ROW, ROW)).toEqual({ low: 4000, high: 4060 });
    expect(visibleStrikeRange(STRIKES, 95 * ROW, 120 * ROW, ROW)).toEqual({ low: 4930, high: 4990 });
    expect(visibleStrikeRange([], 0, 100, ROW)).toBeUndefined();
    expect(visibleStrikeRange(STRIKES, 0, 100, 0)).toBeUndefined();
  });

  it('starts around the centre before the grid says what it shows', () => {
    expect(centreRange(STRIKES, 4500, 10)).toEqual({ low: 4450, high: 4540 });
    expect(centreRange(STRIKES, 4000, 10)).toEqual({ low: 4000, high: 4090 });
    expect(centreRange(STRIKES, undefined, 4)).toEqual({ low: 4480, high: 4510 });
  });

  it('watches each shown expiry’s window, and nothing when none is shown', () => {
    expect(
      chainWatchOf(7, 'StockIndexOption', [
        { expiry: '2026-03-20', range: { low: 4080, high: 4210 } },
        { expiry: '2026-03-27', range: undefined },
      ]),
    ).toEqual({
      OptionRootId: 7,
      AssetType: 'StockIndexOption',
      Expiries: [{ Expiry: '2026-03-20', LowStrike: 4080, HighStrike: 4210 }],
    });
    expect(chainWatchOf(7, 'StockIndexOption', [{ expiry: '2026-03-20', range: undefined }])).toBeUndefined();
  });
});
