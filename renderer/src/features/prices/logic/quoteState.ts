/**
 * What a quote may be taken for. Only a quote of a live stream, heard from lately, on an open
 * market with tradable prices is shown as live; a closed market, an indicative or missing side,
 * a quote whose subscription went silent or a stream that is down each say so instead, so an
 * old price is never read as the price now.
 */
import type { QuoteView } from '../../../../../contract/prices';

export type QuoteState = 'live' | 'indicative' | 'closed' | 'stale' | 'none' | 'unavailable';

/** Market states in which a quote is not a price one can deal at now. */
const CLOSED_STATES = new Set(['Closed', 'Halted', 'Suspended']);
/** Price types of a side that is not a live dealing price. */
const CLOSED_TYPES = new Set(['NoMarket', 'OldIndicative', 'NoAccess']);

/** The state of `quote` while the price stream is (or is not) live. */
export function quoteState(quote: QuoteView | undefined, streamLive: boolean): QuoteState {
  if (!quote) return 'none';
  if (quote.problem) return 'unavailable';
  if (quote.bid === undefined && quote.ask === undefined && quote.lastTraded === undefined) return 'none';
  if (!streamLive) return 'stale';
  const types = [quote.priceTypeBid, quote.priceTypeAsk].filter((type): type is string => type !== undefined);
  // A closed market sends nothing: its silence is expected, so it reads as closed, not stale.
  if (
    (quote.marketState && CLOSED_STATES.has(quote.marketState)) ||
    (types.length > 0 && types.every((type) => CLOSED_TYPES.has(type)))
  )
    return 'closed';
  if (quote.silent) return 'stale';
  if (types.some((type) => type !== 'Tradable') || (quote.delayedByMinutes ?? 0) > 0) return 'indicative';
  return 'live';
}

/** How each state is said next to a price. */
export const quoteStateWords: Readonly<Record<QuoteState, string>> = {
  live: 'Live',
  indicative: 'Indicative',
  closed: 'Market closed: last price',
  stale: 'Stale: no update for a while',
  none: 'No price',
  unavailable: 'No price from the service',
};

/** The words of a quote's state, with the market state and delay where they add something. */
export function quoteStateText(quote: QuoteView | undefined, streamLive: boolean): string {
  const state = quoteState(quote, streamLive);
  if (state === 'unavailable') return `${quoteStateWords.unavailable}: ${quote?.problem ?? ''}`.trim();
  const market =
    quote?.marketState && quote.marketState !== 'Open' && state !== 'closed'
      ? ` (${marketStateWords(quote.marketState)})`
      : '';
  const delay = quote?.delayedByMinutes ? `, delayed ${quote.delayedByMinutes} min` : '';
  return `${quoteStateWords[state]}${market}${delay}`;
}

/** The platform's market states in words (`PreMarket` → `pre-market`). */
export function marketStateWords(state: string): string {
  return state
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^pre market$/, 'pre-market')
    .replace(/^post market$/, 'post-market');
}
