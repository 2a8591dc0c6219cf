import { describe, expect, it } from 'vitest';
import type { QuoteView } from '../../contract/prices';
import { quoteStateText } from '../../renderer/src/features/prices/logic/quoteState';

const quote = (fields: Partial<QuoteView>): QuoteView => ({ uic: 211, assetType: 'Stock', bid: 10, ask: 10.2, ...fields });

describe('what a quote may be taken for', () => {
  it('reads a silent quote of a closed market as closed: a closed market sends nothing', () => {
    expect(quoteStateText(quote({ marketState: 'Closed', silent: true }), true)).toBe('Market closed: last price');
  });

  it('reads a silent quote of an open market, or any quote of a stream that is down, as stale', () => {
    expect(quoteStateText(quote({ marketState: 'Open', priceTypeBid: 'Tradable', priceTypeAsk: 'Tradable', silent: true }), true)).toBe(
      'Stale: no update for a while',
    );
    expect(quoteStateText(quote({ marketState: 'Closed' }), false)).toBe('Stale: no update for a while (closed)');
  });

  it('reads only a tradable quote of an open market heard from lately as live', () => {
    expect(quoteStateText(quote({ marketState: 'Open', priceTypeBid: 'Tradable', priceTypeAsk: 'Tradable' }), true)).toBe('Live');
    expect(quoteStateText(quote({ marketState: 'Open', priceTypeBid: 'Indicative', priceTypeAsk: 'Tradable' }), true)).toBe('Indicative');
  });
});
