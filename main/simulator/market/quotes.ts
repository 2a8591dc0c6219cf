/**
 * An instrument's quote at an instant: bid and ask around the theoretical price (half the
 * spread its liquidity gives, at least half a tick, bid rounded down and ask up to the tick, so
 * the theoretical price always lies within them and put–call parity holds within the spread),
 * sizes, price types and market state, the day's figures, and for options the greeks and the
 * volatilities implied by the bid and the ask.
 */
import { dayActivity, dayFiguresOf, openInterestOf, rangeStepMs, tradeStepMs, volumeSoFar } from './dayStats';
import type { PricedInstrument, PriceSource } from './instruments';
import { uniformAt } from './noise';
import { impliedVolatility } from './optionFormulas';
import type { OptionValue, Pricing } from './pricing';
import { slotOf } from './randomWalk';
import type { MarketSession, MarketSessions, MarketState } from './sessions';

/** The platform's PriceType values of a quote's sides. */
export type PriceType = 'Tradable' | 'Indicative' | 'OldIndicative' | 'NoMarket' | 'NoAccess';

export interface OptionGreeks {
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  rho: number;
  /** Volatilities in percent. */
  midVolatility: number;
  bidVolatility?: number;
  askVolatility?: number;
  theoreticalPrice: number;
  inTheMoneyProbability: number;
}

export interface QuoteSnapshot {
  /** When the quote was last changed (its exchange's last trading moment when closed). */
  lastUpdated: number;
  marketState: MarketState;
  bid: number;
  ask: number;
  mid: number;
  bidSize: number;
  askSize: number;
  priceTypeBid: PriceType;
  priceTypeAsk: PriceType;
  high: number;
  low: number;
  open: number;
  lastClose: number;
  lastTraded: number;
  netChange: number;
  percentChange: number;
  volume: number;
  openInterest?: number;
  greeks?: OptionGreeks;
  /** The underlying's price the option was valued on (an option chain's centre follows it). */
  underlyingPrice?: number;
}

type OptionSource = Extract<PriceSource, { kind: 'option' }>;

/** Sizes change once a second at most. */
const SIZE_SLOTS = 10;
/** Words of the noise that draw quote sizes. */
const SIZES = 0x512e;

export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** Bid and ask around `theoretical`, rounded outwards to the tick. */
function sidesOf(
  theoretical: number,
  halfSpread: number,
  tick: number,
  decimals: number,
): { bid: number; ask: number } {
  const bidTicks = Math.floor((theoretical - halfSpread) / tick + 1e-9);
  let askTicks = Math.ceil((theoretical + halfSpread) / tick - 1e-9);
  if (askTicks <= bidTicks) askTicks = bidTicks + 1;
  return { bid: roundTo(Math.max(bidTicks, 0) * tick, decimals), ask: roundTo(askTicks * tick, decimals) };
}

function priceTypeOf(instrument: PricedInstrument, session: MarketSession): PriceType {
  if (!instrument.tradable && !instrument.indicativeOnly) return 'NoAccess';
  if (!session.moving) return session.marketState === 'Closed' ? 'OldIndicative' : 'Indicative';
  return instrument.indicativeOnly ? 'Indicative' : 'Tradable';
}

export class Quotes {
  constructor(
    private readonly seed: number,
    private readonly sessions: MarketSessions,
    private readonly pricing: Pricing,
  ) {}

  /** The quote of `instrument` at `instant`; an option's greeks only when `withGreeks` (they cost two implied volatilities). */
  quoteOf(instrument: PricedInstrument, instant: number, withGreeks = false): QuoteSnapshot {
    const session = this.sessions.at(instrument.scheduleExchange, instant);
    const option =
      instrument.source.kind === 'option' ? this.pricing.optionAt(instrument, instant) : undefined;
    const theoretical = option ? option.valuation.price : this.pricing.midAt(instrument, instant);
    const tick = instrument.tick(theoretical);
    const decimals = instrument.priceDecimals;
    const halfSpread = option
      ? this.optionHalfSpread(instrument, option, tick)
      : instrument.indicativeOnly
        ? 0
        : Math.max(theoretical * instrument.liquidity.halfSpread, tick / 2);
    const { bid, ask } = instrument.indicativeOnly
      ? { bid: roundTo(theoretical, decimals), ask: roundTo(theoretical, decimals) }
      : sidesOf(theoretical, halfSpread, tick, decimals);
    const priceType = priceTypeOf(instrument, session);
    const isOption = option !== undefined;
    const day = dayFiguresOf(
      instrument,
      session,
      theoretical,
      rangeStepMs(isOption),
      tradeStepMs(isOption),
      (at) => this.theoreticalAt(instrument, at),
    );
    const lastClose = roundTo(day.lastClose, decimals);
    const mid = roundTo((bid + ask) / 2, decimals + 1);
    const dailyVolume = option
      ? this.optionDailyVolume(instrument, session)
      : instrument.liquidity.dailyVolume;
    const slot = Math.floor(slotOf(session.effective) / SIZE_SLOTS);
    const size = (side: number) =>
      Math.max(
        1,
        Math.round(
          instrument.liquidity.quoteSize * (0.5 + uniformAt(this.seed, instrument.uic, SIZES + side, slot)),
        ),
      );
    return {
      lastUpdated: session.effective,
      marketState: session.marketState,
      bid,
      ask,
      mid,
      bidSize: instrument.indicativeOnly ? 0 : size(0),
      askSize: instrument.indicativeOnly ? 0 : size(1),
      priceTypeBid: option && bid === 0 && priceType === 'Tradable' ? 'NoMarket' : priceType,
      priceTypeAsk: priceType,
      high: roundTo(day.high, decimals),
      low: roundTo(day.low, decimals),
      open: roundTo(day.open, decimals),
      lastClose,
      lastTraded: roundTo(day.lastTraded, decimals),
      netChange: roundTo(mid - lastClose, decimals + 1),
      percentChange: lastClose !== 0 ? roundTo(((mid - lastClose) / lastClose) * 100, 2) : 0,
      volume: instrument.indicativeOnly
        ? 0
        : volumeSoFar(dailyVolume, dayActivity(this.seed, instrument.uic, session.dayOpen), session),
      ...(instrument.hasOpenInterest
        ? { openInterest: openInterestOf(this.seed, instrument.uic, dailyVolume, session.dayOpen) }
        : {}),
      ...(option ? { underlyingPrice: option.inputs.underlying } : {}),
      ...(option && withGreeks ? { greeks: this.greeksOf(option, bid, ask, decimals) } : {}),
    };
  }

  /** The theoretical price at an instant (options valued, others their mid). */
  theoreticalAt(instrument: PricedInstrument, instant: number): number {
    return instrument.source.kind === 'option'
      ? this.pricing.optionPriceAt(instrument, instant)
      : this.pricing.midAt(instrument, instant);
  }

  /**
   * An option is quoted wider the more of its price is time value and the more its volatility
   * matters; deep in the money it is quoted about as tightly as its underlying.
   */
  private optionHalfSpread(instrument: PricedInstrument, option: OptionValue, tick: number): number {
    const source = instrument.source as OptionSource;
    const { price, vega } = option.valuation;
    const intrinsic = Math.max((source.putCall === 'Call' ? 1 : -1) * (option.forward - source.strike), 0);
    const timeValue = Math.max(price - intrinsic, 0);
    return Math.max(tick, source.widthFactor * (0.03 * vega + 0.005 * timeValue + 0.0005 * price));
  }

  /** Options trade most at the money: the day's volume falls off with distance in standard deviations. */
  private optionDailyVolume(instrument: PricedInstrument, session: MarketSession): number {
    const source = instrument.source as OptionSource;
    const spot = this.pricing.midAt(source.underlying, session.dayOpen);
    const years = Math.max(source.expiry - session.dayOpen, 60_000) / (365.25 * 86_400_000);
    const distance = Math.log(source.strike / spot) / (source.profile.volatility * Math.sqrt(years));
    const base = source.widthFactor === 1 ? 20_000 : source.widthFactor < 2 ? 3_000 : 300;
    return Math.round(base * Math.exp(-0.5 * distance * distance));
  }

  private greeksOf(option: OptionValue, bid: number, ask: number, decimals: number): OptionGreeks {
    const { valuation, inputs } = option;
    const bidVolatility = bid > 0 ? impliedVolatility(bid, inputs, inputs.volatility) : undefined;
    const askVolatility = impliedVolatility(ask, inputs, inputs.volatility);
    return {
      delta: roundTo(valuation.delta, 4),
      gamma: roundTo(valuation.gamma, 6),
      theta: roundTo(valuation.theta, 4),
      vega: roundTo(valuation.vega, 4),
      rho: roundTo(valuation.rho, 4),
      midVolatility: roundTo(inputs.volatility * 100, 2),
      ...(bidVolatility !== undefined ? { bidVolatility: roundTo(bidVolatility * 100, 2) } : {}),
      ...(askVolatility !== undefined ? { askVolatility: roundTo(askVolatility * 100, 2) } : {}),
      theoreticalPrice: roundTo(valuation.price, decimals + 2),
      inTheMoneyProbability: roundTo(valuation.inTheMoneyProbability, 4),
    };
  }
}
