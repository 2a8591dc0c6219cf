/**
 * The simulator's market: quotes of every quoted instrument at any instant, deterministic for
 * (seed, instrument, instant). The routes and the streams ask it for quotes; it owns nothing that
 * changes but memos, so two markets of the same seed and universe agree at every instant.
 */
import type { ReferenceStore } from '../data/instruments/store';
import { MarketInstruments, type PricedInstrument } from './instruments';
import type { MarketClock } from './marketClock';
import { Pricing } from './pricing';
import { Quotes, type QuoteSnapshot } from './quotes';
import { MarketSessions } from './sessions';

const DAY_MS = 86_400_000;

export class Market {
  readonly instruments: MarketInstruments;
  readonly sessions = new MarketSessions();
  readonly pricing: Pricing;
  private readonly quotes: Quotes;
  private readonly fronts = new Map<string, PricedInstrument | undefined>();

  constructor(
    readonly store: ReferenceStore,
    readonly seed: number,
    /** The market instant now (see marketClock.ts). */
    readonly now: MarketClock,
  ) {
    this.instruments = new MarketInstruments(store, seed);
    this.pricing = new Pricing(seed, this.sessions, (productUic, instant) =>
      this.frontContract(productUic, instant),
    );
    this.quotes = new Quotes(seed, this.sessions, this.pricing);
  }

  /** The quote of `instrument` at `instant` (default: now). */
  quote(instrument: PricedInstrument, instant = this.now(), withGreeks = false): QuoteSnapshot {
    return this.quotes.quoteOf(instrument, instant, withGreeks);
  }

  /** The front contract of a futures product on the day of `instant`: the first listed not expired. */
  frontContract(productUic: number, instant: number): PricedInstrument | undefined {
    const day = new Date(Math.floor(instant / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
    const key = `${productUic}|${day}`;
    if (!this.fronts.has(key)) {
      if (this.fronts.size > 10_000) this.fronts.clear();
      const element = this.store.futuresElements(productUic).find((candidate) => candidate.expiry >= day);
      this.fronts.set(key, element && this.instruments.find(element.uic, 'ContractFutures'));
    }
    return this.fronts.get(key);
  }
}
