/**
 * The quotes of one refresh: each instrument is priced once per tick however many
 * subscriptions of however many connections carry it; and since subscriptions of one rate are
 * due together, most of them were sent the same values last time, so a row's values and its
 * delta text are worked out once per tick and shared (rows compare by identity).
 */
import type { PricedInstrument } from '../market/instruments';
import type { Market } from '../market/market';
import type { QuoteSnapshot } from '../market/quotes';

export class TickMemo {
  private readonly quotes = new Map<string, QuoteSnapshot>();
  private readonly withGreeks = new Map<string, QuoteSnapshot>();
  private readonly rows = new Map<string, readonly unknown[]>();
  private readonly parts = new Map<string, { from: readonly unknown[]; part: string }>();

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

  /** The values of the row `key` this tick (the same array for every subscription asking). */
  valuesFor<Value>(key: string, compute: () => Value[]): readonly Value[] {
    let values = this.rows.get(key);
    if (!values) this.rows.set(key, (values = compute()));
    return values as readonly Value[];
  }

  /** The delta text of row `key` from the values `from` (to this tick's), computed once for every row that had them. */
  partFor(key: string, from: readonly unknown[], compute: () => string): string {
    const known = this.parts.get(key);
    if (known && known.from === from) return known.part;
    const part = compute();
    this.parts.set(key, { from, part });
    return part;
  }
}
