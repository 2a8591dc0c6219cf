/**
 * How each kind of underlying behaves: its volatility (of its random walk and at the money on
 * its volatility surface), the surface's term structure and skew, its dividend yield or carry,
 * and its liquidity (spread, quote sizes, daily volume). Figures are rules of thumb of the
 * markets they stand for (an index moves about 16 % a year and has a put skew, crude oil 35 %,
 * a major currency pair 8 %); what varies between instruments of a kind is drawn from the seed
 * and the uic, so the same instrument behaves alike in every simulator of that seed.
 */
import { UIC_BLOCKS } from '../data/instruments/allocator';
import {
  FUTURES_PRODUCTS,
  type FuturesCategory,
  type FuturesProduct,
} from '../data/instruments/futuresFacts';
import { FX_PAIRS, pipsOf, type FxClass } from '../data/instruments/fxFacts';
import { usdValueOf } from './rates';
import { uniformAt } from './noise';

/** The volatility surface and carry of one underlying. */
export interface UnderlyingProfile {
  /** Annual volatility of the walk, and the surface's at-the-money level for long expiries. */
  volatility: number;
  /** At-the-money volatility at the short end, relative to `volatility`. */
  shortEndRatio: number;
  /** Slope of volatility in log-moneyness ln(K/F), for one year (steeper for shorter expiries). */
  skew: number;
  /** Curvature of volatility in log-moneyness, for one year. */
  curvature: number;
  /** Continuous dividend yield (spots) or the carry of its futures over the spot. */
  dividendYield: number;
}

/** How much of an instrument trades and how wide it is quoted. */
export interface Liquidity {
  /** Half the bid–ask spread as a share of the price (at least half a tick is quoted). */
  halfSpread: number;
  /** Typical size quoted on each side, in the instrument's units. */
  quoteSize: number;
  /** Typical volume of a whole trading day, in the instrument's units. */
  dailyVolume: number;
}

/** Words of the noise that draw an instrument's traits, apart from its walk's. */
const TRAIT = 0x7ea1;

function trait(seed: number, uic: number, which: number): number {
  return uniformAt(seed, uic, TRAIT, which);
}

function between(low: number, high: number, draw: number): number {
  return low + (high - low) * draw;
}

const FUTURES_SURFACES: Readonly<Record<FuturesCategory, Omit<UnderlyingProfile, 'shortEndRatio'>>> = {
  Index: { volatility: 0.17, skew: -0.3, curvature: 0.4, dividendYield: 0.028 },
  Rates: { volatility: 0.05, skew: -0.02, curvature: 0.1, dividendYield: 0 },
  Energy: { volatility: 0.35, skew: -0.06, curvature: 0.3, dividendYield: 0.015 },
  Metals: { volatility: 0.18, skew: 0.08, curvature: 0.3, dividendYield: 0.035 },
  Grains: { volatility: 0.24, skew: 0.1, curvature: 0.3, dividendYield: 0.02 },
  Softs: { volatility: 0.3, skew: 0.05, curvature: 0.3, dividendYield: 0.01 },
  Livestock: { volatility: 0.18, skew: 0, curvature: 0.2, dividendYield: -0.01 },
  FX: { volatility: 0.08, skew: 0, curvature: 0.3, dividendYield: 0.02 },
  Crypto: { volatility: 0.6, skew: 0.05, curvature: 0.3, dividendYield: 0.05 },
};

/** The futures product whose continuous instrument has this uic, if any. */
export function futuresProductOf(continuousUic: number): FuturesProduct | undefined {
  return FUTURES_PRODUCTS[continuousUic - UIC_BLOCKS.continuousFutures.first];
}

/**
 * The surface of a futures product's options and the carry of its contracts over its spot
 * (`dividendYield` here is the annual rate at which later contracts price above nearer ones).
 */
export function futuresProfile(seed: number, continuousUic: number): UnderlyingProfile {
  const category = futuresProductOf(continuousUic)?.category ?? 'Index';
  return { ...FUTURES_SURFACES[category], shortEndRatio: between(0.9, 1.15, trait(seed, continuousUic, 1)) };
}

/** Indices: a put skew; VIX is the exception, a volatile index with a call skew. */
export function indexProfile(seed: number, uic: number, symbol: string): UnderlyingProfile {
  if (symbol.startsWith('VIX'))
    return { volatility: 0.85, shortEndRatio: 1.2, skew: 0.6, curvature: 0.3, dividendYield: 0 };
  return {
    volatility: between(0.14, 0.22, trait(seed, uic, 0)),
    shortEndRatio: between(0.8, 1.05, trait(seed, uic, 1)),
    skew: -0.3,
    curvature: 0.4,
    dividendYield: between(0.01, 0.03, trait(seed, uic, 2)),
  };
}

/** Shares, funds traded on exchanges, and certificates. */
export function equityProfile(seed: number, uic: number, assetType: string): UnderlyingProfile {
  const fund =
    assetType === 'Etf' ||
    assetType === 'CfdOnEtf' ||
    assetType === 'Etc' ||
    assetType === 'CfdOnEtc' ||
    assetType === 'Etn';
  const certificate = assetType.startsWith('Certificate');
  const [low, high] = fund ? [0.14, 0.28] : certificate ? [0.1, 0.25] : [0.2, 0.55];
  return {
    volatility: between(low, high, trait(seed, uic, 0)),
    shortEndRatio: between(0.9, 1.2, trait(seed, uic, 1)),
    skew: -0.15,
    curvature: 0.5,
    dividendYield: certificate ? 0 : between(0, 0.035, trait(seed, uic, 2)),
  };
}

/** Bonds (clean price per 100) and mutual funds (net asset value). */
export function slowProfile(assetType: string): UnderlyingProfile {
  return {
    volatility: assetType === 'Bond' ? 0.05 : 0.12,
    shortEndRatio: 1,
    skew: 0,
    curvature: 0,
    dividendYield: 0,
  };
}

/** Liquidity by kind of instrument; `wellKnown`: one of the universe's real listings. */
export function liquidityOf(seed: number, uic: number, assetType: string, wellKnown: boolean): Liquidity {
  const draw = trait(seed, uic, 3);
  if (assetType === 'StockIndex') return { halfSpread: 0, quoteSize: 0, dailyVolume: 0 };
  if (assetType === 'MutualFund') return { halfSpread: 0, quoteSize: 0, dailyVolume: 0 };
  if (assetType === 'Bond')
    return { halfSpread: between(0.0004, 0.0015, draw), quoteSize: 1_000_000, dailyVolume: 50_000_000 };
  if (assetType === 'ContractFutures' || assetType === 'CfdOnFutures')
    return {
      halfSpread: 0,
      quoteSize: Math.round(between(20, 400, draw)),
      dailyVolume: Math.round(between(20_000, 1_500_000, draw)),
    };
  if (assetType.startsWith('Certificate'))
    return { halfSpread: 0.001, quoteSize: 10_000, dailyVolume: 50_000 };
  if (wellKnown)
    return {
      halfSpread: between(0.00005, 0.0002, draw),
      quoteSize: Math.round(between(200, 3_000, draw)),
      dailyVolume: Math.round(between(3e6, 6e7, draw)),
    };
  return {
    halfSpread: between(0.0004, 0.002, draw),
    quoteSize: Math.round(between(100, 800, draw)),
    dailyVolume: Math.round(between(1e5, 3e6, draw)),
  };
}

/** Whether a uic is one of the universe's real listings rather than a generated one. */
export function isWellKnownUic(uic: number): boolean {
  return uic >= UIC_BLOCKS.wellKnownEquities.first && uic <= UIC_BLOCKS.wellKnownEquities.last;
}

/** Half the usual spread of a currency pair, in pips, by its class. */
const FX_HALF_SPREAD_PIPS: Readonly<Record<FxClass, number>> = {
  Major: 0.4,
  Cross: 0.9,
  Minor: 12,
  Exotic: 25,
  Metal: 15,
};

function fxClassOf(pair: string): FxClass {
  const found = (Object.keys(FX_PAIRS) as FxClass[]).find((fxClass) => FX_PAIRS[fxClass].includes(pair));
  return found ?? 'Exotic';
}

/** Liquidity of a currency pair: spreads of a fraction of a pip on majors to tens on exotics. */
export function fxLiquidity(seed: number, uic: number, base: string, quote: string): Liquidity {
  const pair = `${base}${quote}`;
  const level = (usdValueOf(base) ?? 1) / (usdValueOf(quote) ?? 1);
  const halfSpreadPips = FX_HALF_SPREAD_PIPS[fxClassOf(pair)] * between(0.8, 1.25, trait(seed, uic, 3));
  const metal = base === 'XAU' || base === 'XAG';
  return {
    halfSpread: (halfSpreadPips * pipsOf(pair).pip) / level,
    quoteSize: metal
      ? Math.round(between(50, 500, trait(seed, uic, 4)))
      : Math.round(between(1, 10, trait(seed, uic, 4))) * 1_000_000,
    dailyVolume: metal ? 200_000 : 5_000_000_000,
  };
}
