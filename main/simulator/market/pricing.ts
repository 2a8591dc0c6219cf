/**
 * Theoretical prices at an instant: every source of instruments.ts turned into a number, with
 * the freeze of closed markets applied (each instrument is taken at the instant its exchange
 * last traded), and options valued on their underlying's volatility surface. Pure functions of
 * (seed, instrument, instant) but for memos that only save work.
 */
import { keyOfText } from './noise';
import {
  forwardOf,
  optionPrice,
  valueOption,
  type OptionInputs,
  type OptionValuation,
} from './optionFormulas';
import type { PricedInstrument, PriceSource } from './instruments';
import { slotOf } from './randomWalk';
import { WalkMemo } from './walkMemo';
import { shortRate, usdValueOf, usdVolatilityOf } from './rates';
import type { MarketSessions } from './sessions';
import { volatilityAt } from './volSurface';

export const YEAR_MS = 365.25 * 86_400_000;
const DAY_MS = 86_400_000;
/** Walks of currencies are keyed apart from instruments' walks (which use uics). */
const CURRENCY_DOMAIN = 0x40000000;

type OptionSource = Extract<PriceSource, { kind: 'option' }>;

/** An option valued at an instant, with what it was valued on. */
export interface OptionValue {
  valuation: OptionValuation;
  inputs: OptionInputs;
  forward: number;
  /** The instant it was valued at (its exchange's last trading moment when closed). */
  effective: number;
}

/** Finds the front contract of a futures product on a day (the first listed that has not expired). */
export type FrontContractOf = (productUic: number, instant: number) => PricedInstrument | undefined;

export class Pricing {
  private readonly walks: WalkMemo;

  constructor(
    private readonly seed: number,
    private readonly sessions: MarketSessions,
    private readonly frontContractOf: FrontContractOf,
  ) {
    this.walks = new WalkMemo(seed);
  }

  /** The instant an instrument's prices are taken at, for `instant`. */
  effectiveInstant(instrument: PricedInstrument, instant: number): number {
    return this.sessions.effective(instrument.scheduleExchange, instant);
  }

  /** An underlying's walk value at an instant (memoised: a chain's options all ask for the same ones). */
  private walk(key: number, instant: number): number {
    return this.walks.valueAt(key, slotOf(instant));
  }

  private currencyInUsd(currency: string, instant: number): number {
    const volatility = usdVolatilityOf(currency);
    const level = usdValueOf(currency) ?? 1;
    return volatility === 0
      ? level
      : level * Math.exp(volatility * this.walk(CURRENCY_DOMAIN ^ keyOfText(currency), instant));
  }

  /** The theoretical mid of a non-option instrument at `instant` (nothing moves while its market is closed). */
  midAt(instrument: PricedInstrument, instant: number): number {
    const source = instrument.source;
    if (source.kind === 'option') return this.optionAt(instrument, instant).valuation.price;
    if (source.kind === 'continuous') {
      const front = this.frontContractOf(source.productUic, instant);
      return front ? this.midAt(front, instant) : Number.NaN;
    }
    if (source.kind === 'follows') return this.midAt(source.instrument, instant);
    const at = this.effectiveInstant(instrument, instant);
    switch (source.kind) {
      case 'walk': {
        const taken = source.daily ? Math.floor(at / DAY_MS) * DAY_MS : at;
        return source.reference * Math.exp(source.profile.volatility * this.walk(source.key, taken));
      }
      case 'fx': {
        const spot = this.currencyInUsd(source.base, at) / this.currencyInUsd(source.quote, at);
        if (source.forwardDays === undefined) return spot;
        return (
          spot * Math.exp(((shortRate(source.quote) - shortRate(source.base)) * source.forwardDays) / 365)
        );
      }
      case 'futures': {
        const spot =
          source.reference * Math.exp(source.profile.volatility * this.walk(source.productUic, at));
        return spot * Math.exp((source.profile.dividendYield * Math.max(source.expiry - at, 0)) / YEAR_MS);
      }
    }
  }

  /** An option's theoretical price at `instant` (what optionAt values, without the greeks). */
  optionPriceAt(instrument: PricedInstrument, instant: number): number {
    return optionPrice(this.optionInputsAt(instrument, instant).inputs);
  }

  /** An option's value and greeks at `instant`, on its underlying's surface. */
  optionAt(instrument: PricedInstrument, instant: number): OptionValue {
    const { inputs, forward, effective } = this.optionInputsAt(instrument, instant);
    return { valuation: valueOption(inputs), inputs, forward, effective };
  }

  /** What an option is valued on at `instant`: its underlying's mid, the time left, rate and surface. */
  private optionInputsAt(
    instrument: PricedInstrument,
    instant: number,
  ): { inputs: OptionInputs; forward: number; effective: number } {
    const source = instrument.source as OptionSource;
    const effective = this.effectiveInstant(instrument, instant);
    const underlying = this.midAt(source.underlying, effective);
    const years = Math.max(source.expiry - effective, 0) / YEAR_MS;
    const rate = shortRate(instrument.currency);
    const dividendYield = source.model === 'BlackScholes' ? source.profile.dividendYield : 0;
    const forward = forwardOf({ model: source.model, underlying, years, rate, dividendYield });
    const inputs: OptionInputs = {
      model: source.model,
      underlying,
      strike: source.strike,
      years,
      volatility: volatilityAt(source.profile, forward, source.strike, years),
      rate,
      dividendYield,
      putCall: source.putCall,
    };
    return { inputs, forward, effective };
  }
}
