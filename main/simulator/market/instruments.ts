/**
 * What the market needs to know of an instrument, read once from the universe: how it is
 * priced (its own random walk, a currency pair's two, a futures product's spot with carry, or an
 * option on another instrument), how it is shown (decimals, format, tick), which exchange's
 * sessions move it, and how liquid it is. The universe never changes while the simulator runs,
 * so resolved instruments are kept (bounded).
 */
import { LRUCache } from 'lru-cache';
import type { TickSizeScheme } from '../../../contract/wire/instruments';
import { scheduleExchangeFor } from '../calendar/tradingSessions';
import { tickAt } from '../data/instruments/fields';
import type { InstrumentRecord, ReferenceStore } from '../data/instruments/store';
import type { DayHolder } from './dayStats';
import type { OptionModel, PutCall } from './optionFormulas';
import {
  equityProfile,
  futuresProfile,
  fxLiquidity,
  indexProfile,
  isWellKnownUic,
  liquidityOf,
  slowProfile,
  type Liquidity,
  type UnderlyingProfile,
} from './profiles';
import { usdValueOf } from './rates';

/** How an instrument's price comes about. */
export type PriceSource =
  /** Its own walk around a reference level (shares, indices, CFDs on them, bonds, funds, certificates). */
  | { kind: 'walk'; key: number; reference: number; profile: UnderlyingProfile; daily: boolean }
  /** A currency pair: the two currencies' walks against the dollar. */
  | { kind: 'fx'; base: string; quote: string; forwardDays?: number }
  /** A futures contract: its product's spot walk carried to the contract's expiry. */
  | { kind: 'futures'; productUic: number; reference: number; profile: UnderlyingProfile; expiry: number }
  /** A continuous futures instrument: its front contract of the day. */
  | { kind: 'continuous'; productUic: number }
  /** A CFD on a futures contract: the contract's price. */
  | { kind: 'follows'; instrument: PricedInstrument }
  /** A specific option. */
  | {
      kind: 'option';
      model: OptionModel;
      underlying: PricedInstrument;
      strike: number;
      putCall: PutCall;
      expiry: number;
      rootId: number;
      profile: UnderlyingProfile;
      /** Quoting width relative to an index option's. */
      widthFactor: number;
    };

export interface PricedInstrument extends DayHolder {
  /** `uic|assetType`: what memos of the market know it by. */
  key: string;
  uic: number;
  assetType: string;
  symbol: string;
  description: string;
  currency: string;
  /** Where its trading day is taken from (an ExchangeId with a schedule). */
  scheduleExchange: string;
  /** Decimals prices are shown with (an FX pair's decimal pip included). */
  priceDecimals: number;
  /** DisplayAndFormat as the platform sends it. */
  display: { Decimals: number; Format?: string; OrderDecimals: number; StrikeDecimals?: number };
  tick(price: number): number;
  defaultAmount: number;
  tradable: boolean;
  /** Quoted for information only (indices): bid and ask are the level itself. */
  indicativeOnly: boolean;
  liquidity: Liquidity;
  /** Futures and options carry open interest. */
  hasOpenInterest: boolean;
  source: PriceSource;
}

/** Asset types the market quotes. */
export const QUOTED_ASSET_TYPES = [
  'Stock',
  'Etf',
  'Etc',
  'Etn',
  'StockIndex',
  'CfdOnStock',
  'CfdOnEtf',
  'CfdOnEtc',
  'CfdOnEtn',
  'CfdOnIndex',
  'CfdOnFutures',
  'ContractFutures',
  'FxSpot',
  'FxForwards',
  'Bond',
  'MutualFund',
  'StockOption',
  'StockIndexOption',
  'FuturesOption',
] as const;
const QUOTED = new Set<string>(QUOTED_ASSET_TYPES);

/** Whether the market quotes instruments of this asset type (certificates are quoted too). */
export function isQuotedAssetType(assetType: string): boolean {
  return QUOTED.has(assetType) || assetType.startsWith('Certificate');
}

const OPTION_TYPES = new Set(['StockOption', 'StockIndexOption', 'FuturesOption']);
const INDEX_LIKE = new Set(['StockIndex', 'CfdOnIndex']);
/** Futures contracts and options expire at their last trade; without an hour stored, at 21:00Z. */
const FUTURES_EXPIRY_HOUR = 'T21:00:00Z';

interface DetailsView {
  Format?: { Decimals?: number; OrderDecimals?: number; Format?: string; StrikeDecimals?: number };
  TickSize?: number;
  TickSizeScheme?: TickSizeScheme;
  DefaultAmount?: number;
  IsTradable?: boolean;
  UnderlyingAssetType?: string;
}

function extraDecimals(format: string | undefined): number {
  return format === 'AllowDecimalPips' ? 1 : format === 'AllowTwoDecimalPips' ? 2 : 0;
}

export class MarketInstruments {
  private resolvedCache: LRUCache<string, PricedInstrument> | undefined;
  // Made at first use: lru-cache allocates its `max` up front (8–11 ms of every start).
  private get resolved(): LRUCache<string, PricedInstrument> {
    return (this.resolvedCache ??= new LRUCache<string, PricedInstrument>({ max: 50_000 }));
  }
  private readonly rootDetails = new Map<number, DetailsView>();
  private readonly lastTrades = new Map<number, Map<string, number>>();
  private readonly fxPairs: Map<number, { base: string; quote: string }>;

  constructor(
    private readonly store: ReferenceStore,
    private readonly seed: number,
  ) {
    this.fxPairs = new Map(store.fxPairs().map((pair) => [pair.uic, { base: pair.base, quote: pair.quote }]));
  }

  /**
   * The instrument `uic` of `assetType`, or undefined when the universe has none. Throws
   * nothing for an instrument the market does not quote: `isQuotedAssetType` says that first.
   */
  find(uic: number, assetType: string, forwardDays?: number): PricedInstrument | undefined {
    const key = `${uic}|${assetType}|${forwardDays ?? ''}`;
    let instrument = this.resolved.get(key);
    if (instrument === undefined) {
      const record = this.store.instrument(uic, assetType);
      if (!record || !isQuotedAssetType(assetType)) return undefined;
      instrument = this.resolve(record, forwardDays);
      if (instrument === undefined) return undefined;
      this.resolved.set(key, instrument);
    }
    return instrument;
  }

  /** The option root's details (the fields its specific options share). */
  rootOf(rootId: number): DetailsView | undefined {
    let details = this.rootDetails.get(rootId);
    if (details === undefined) {
      const root = this.store.optionRoot(rootId);
      if (!root) return undefined;
      details = JSON.parse(root.details) as DetailsView;
      this.rootDetails.set(rootId, details);
    }
    return details;
  }

  /** The last trade instant of an expiry of a root (epoch ms). */
  private lastTradeOf(rootId: number, expiry: string): number {
    let byExpiry = this.lastTrades.get(rootId);
    if (!byExpiry) {
      byExpiry = new Map(this.store.expiries(rootId).map((row) => [row.expiry, Date.parse(row.last_trade)]));
      this.lastTrades.set(rootId, byExpiry);
    }
    return byExpiry.get(expiry) ?? Date.parse(`${expiry}${FUTURES_EXPIRY_HOUR}`);
  }

  private resolve(record: InstrumentRecord, forwardDays: number | undefined): PricedInstrument | undefined {
    const option = OPTION_TYPES.has(record.asset_type);
    const details: DetailsView = option
      ? (this.rootOf(record.option_root_id ?? -1) ?? {})
      : record.details
        ? (JSON.parse(record.details) as DetailsView)
        : {};
    const source = this.sourceOf(record, details, forwardDays);
    if (source === undefined) return undefined;
    const format = details.Format ?? {};
    const decimals = format.Decimals ?? 2;
    const priceDecimals = decimals + extraDecimals(format.Format);
    const scheme = details.TickSizeScheme;
    const fixedTick = details.TickSize ?? 10 ** -priceDecimals;
    return {
      key: `${record.uic}|${record.asset_type}${forwardDays !== undefined ? `|${forwardDays}` : ''}`,
      uic: record.uic,
      assetType: record.asset_type,
      symbol: record.symbol,
      description: record.description,
      currency: record.currency,
      scheduleExchange: scheduleExchangeFor(record.exchange_id, record.mic),
      priceDecimals,
      display: {
        Decimals: decimals,
        ...(format.Format !== undefined ? { Format: format.Format } : {}),
        OrderDecimals: format.OrderDecimals ?? decimals,
        ...(format.StrikeDecimals !== undefined ? { StrikeDecimals: format.StrikeDecimals } : {}),
      },
      tick: scheme ? (price) => tickAt(scheme, price) : () => fixedTick,
      defaultAmount: details.DefaultAmount ?? 1,
      tradable: record.is_tradable === 1 && record.trading_status !== 'NonTradable',
      indicativeOnly: record.asset_type === 'StockIndex' || record.asset_type === 'MutualFund',
      liquidity:
        source.kind === 'fx'
          ? fxLiquidity(this.seed, record.uic, source.base, source.quote)
          : liquidityOf(this.seed, record.uic, record.asset_type, isWellKnownUic(record.uic)),
      hasOpenInterest: record.asset_type === 'ContractFutures' || option,
      source,
    };
  }

  private sourceOf(
    record: InstrumentRecord,
    details: DetailsView,
    forwardDays: number | undefined,
  ): PriceSource | undefined {
    const { uic, asset_type: assetType } = record;
    const reference = record.price ?? undefined;
    if (assetType === 'FxSpot' || assetType === 'FxForwards') {
      const pair = this.fxPairs.get(uic);
      if (!pair || usdValueOf(pair.base) === undefined || usdValueOf(pair.quote) === undefined)
        return undefined;
      return {
        kind: 'fx',
        base: pair.base,
        quote: pair.quote,
        ...(forwardDays !== undefined ? { forwardDays } : {}),
      };
    }
    if (assetType === 'ContractFutures') {
      if (record.underlying_uic === null) return { kind: 'continuous', productUic: uic };
      return {
        kind: 'futures',
        productUic: record.underlying_uic,
        reference: reference ?? 100,
        profile: futuresProfile(this.seed, record.underlying_uic),
        expiry: Date.parse(`${record.expiry}${FUTURES_EXPIRY_HOUR}`),
      };
    }
    if (assetType === 'CfdOnFutures') {
      const contract =
        record.underlying_uic === null ? undefined : this.find(record.underlying_uic, 'ContractFutures');
      return contract && { kind: 'follows', instrument: contract };
    }
    if (OPTION_TYPES.has(assetType)) return this.optionSource(record, details);
    if (reference === undefined) return undefined;
    const profile = INDEX_LIKE.has(assetType)
      ? indexProfile(this.seed, uic, record.symbol)
      : assetType === 'Bond' || assetType === 'MutualFund'
        ? slowProfile(assetType)
        : equityProfile(this.seed, uic, assetType);
    return { kind: 'walk', key: uic, reference, profile, daily: assetType === 'MutualFund' };
  }

  private optionSource(record: InstrumentRecord, root: DetailsView): PriceSource | undefined {
    if (
      record.strike === null ||
      record.put_call === null ||
      record.underlying_uic === null ||
      record.expiry === null
    )
      return undefined;
    const underlyingType =
      root.UnderlyingAssetType ?? (record.asset_type === 'StockIndexOption' ? 'StockIndex' : 'Stock');
    const underlying = this.find(record.underlying_uic, underlyingType);
    if (!underlying) return undefined;
    const futures = record.asset_type === 'FuturesOption';
    const underlyingSource = underlying.source;
    const profile =
      underlyingSource.kind === 'walk' || underlyingSource.kind === 'futures'
        ? underlyingSource.profile
        : futuresProfile(this.seed, record.underlying_uic);
    return {
      kind: 'option',
      model: futures ? 'Black76' : 'BlackScholes',
      underlying,
      strike: record.strike,
      putCall: record.put_call === 'Put' ? 'Put' : 'Call',
      expiry: this.lastTradeOf(record.option_root_id ?? -1, record.expiry),
      rootId: record.option_root_id ?? -1,
      profile,
      widthFactor:
        record.asset_type === 'StockIndexOption'
          ? 1
          : futures
            ? 1.2
            : isWellKnownUic(record.underlying_uic)
              ? 1.5
              : 3,
    };
  }
}
