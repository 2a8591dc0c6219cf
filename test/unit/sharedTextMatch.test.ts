import { describe, expect, it } from 'vitest';
import { folded, matchesEveryWord } from '../../renderer/src/shared/textMatch';

describe('matching what a trader types against names', () => {
  it('ignores case and accents', () => {
    expect(folded('São Tomé')).toBe('sao tome');
    expect(matchesEveryWord(['XNYS', 'New York Stock Exchange', 'NYSE'], 'nyse')).toBe(true);
    expect(matchesEveryWord(['XNYS'], 'xnys')).toBe(true);
    expect(matchesEveryWord(['Wiener Börse'], 'BORSE')).toBe(true);
  });

  it('reads umlauts spelt out and letters without a mark as their base letter', () => {
    expect(matchesEveryWord(['Frankfurter Wertpapierbörse'], 'boerse')).toBe(true);
    expect(matchesEveryWord(['Euronext Oslo Børs'], 'oslo bors')).toBe(true);
    expect(matchesEveryWord(['Euronext Oslo Børs'], 'oslo boers')).toBe(true);
  });

  it('wants every word typed', () => {
    expect(matchesEveryWord(['Wiener Börse'], 'wiener zurich')).toBe(false);
    expect(matchesEveryWord(['Nasdaq'], 'boerse')).toBe(false);
    expect(matchesEveryWord(['Nasdaq'], '   ')).toBe(true);
  });
});
