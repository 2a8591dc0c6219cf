/**
 * The quotes of one refresh: each instrument is priced once per tick however many
 * subscriptions of however many connections carry it.
 */
import type { PricedInstrument } from '../market/instruments';
import type { Market } from '../market/market';
import type { QuoteSnapshot } from '../market/quotes';

export class TickMemo {
  private readonly quotes = new Map<string, QuoteSnapshot>();
  private readonly withGreeks = new Map<string, QuoteSnapshot>();

  constructor(
    private readonly market: Market,
    /** The market instant of this tick. */
    readonly instant: number,
  ) {}

  /** The instrument's quote at this tick (with an option's greeks when asked). */
  quote(instrument: PricedInstrument, greeks = false): QuoteSnapshot {
    const full = this.withGreeks.get(instrument.key);
    if (full) return full;
    if (!greeks) {
      let plain = this.quotes.get(instrument.key);
      if (!plain) this.quotes.set(instrument.key, (plain = this.market.quote(instrument, this.instant)));
      return plain;
    }
    const quote = this.market.quote(instrument, this.instant, true);
    this.withGreeks.set(instrument.key, quote);
    return quote;
  }
}
