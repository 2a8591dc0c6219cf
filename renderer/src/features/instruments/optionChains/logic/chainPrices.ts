/**
 * The prices of an option chain: each contract's quote and greeks in its price columns, said
 * with their state (live, indicative, market closed, stale) so an old figure is never read as
 * live; the underlying's price, which the chain centres on and shades the money by (a call is in
 * the money below it, a put above it).
 */
import type { QuoteView } from '../../../../../../contract/prices';
import { formatGreek, formatPrice } from '../../../prices/logic/priceFormat';
import type { QuoteCell } from '../../../prices/logic/quoteCells';
import { quoteState } from '../../../prices/logic/quoteState';
import type { ChainPriceColumnId } from './chainColumns';

/** What a price cell shows: the figure and the state it is in. */
export type ChainPriceCell = QuoteCell;

/** The cell of one price column for a contract's quote (`decimals`: the root's price decimals). */
export function chainPriceCell(
  column: ChainPriceColumnId,
  quote: QuoteView | undefined,
  decimals: number | undefined,
  streamLive: boolean,
): ChainPriceCell {
  const state = quoteState(quote, streamLive);
  const places = quote?.decimals ?? decimals;
  const greeks = quote?.greeks;
  switch (column) {
    case 'bid':
      return { text: formatPrice(quote?.bid, places), state };
    case 'ask':
      return { text: formatPrice(quote?.ask, places), state };
    case 'mid':
      return { text: formatPrice(quote?.mid, places), state };
    case 'impliedVolatility':
      return { text: formatGreek('impliedVolatility', greeks?.midVolatility), state };
    case 'delta':
    case 'gamma':
    case 'theta':
    case 'vega':
      return { text: formatGreek(column, greeks?.[column]), state };
  }
}

/** The underlying's price the chain goes by: its mid, else its last trade. */
export function underlyingPriceOf(quote: QuoteView | undefined): number | undefined {
  if (!quote || quote.problem) return undefined;
  return quote.mid ?? quote.lastTraded ?? quote.lastClose;
}

/** True when the option of `side` at `strike` is in the money with the underlying at `underlying`. */
export function isInTheMoney(side: 'call' | 'put', strike: number, underlying: number | undefined): boolean {
  if (underlying === undefined) return false;
  return side === 'call' ? strike < underlying : strike > underlying;
}
