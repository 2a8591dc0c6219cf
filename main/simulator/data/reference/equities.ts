/**
 * Shares, ETFs and ETCs with their CFDs (same uic, asset type CfdOnStock/CfdOnEtf/CfdOnEtc:
 * the platform trades a CFD on the share's own uic), and stock indices with index CFDs.
 */
import type { RankCounter } from './allocator';
import {
  decimalsOf,
  ORDER_TYPES_EXCHANGE,
  ORDER_TYPES_FULL,
  orderDistances,
  priceFormat,
  standardAmounts,
  stockTickSizeScheme,
  tickAt,
} from './fields';
import type { InstrumentRow } from './schema';
import { countryOf, exchangeIdOf, exchangeSummary } from './venues';

export type ShareAssetType = 'Stock' | 'Etf' | 'Etc';

const CFD_OF: Record<ShareAssetType, string> = { Stock: 'CfdOnStock', Etf: 'CfdOnEtf', Etc: 'CfdOnEtc' };
const DISPLAY_HINT_OF: Record<ShareAssetType, string | undefined> = {
  Stock: undefined,
  Etf: 'Etf',
  Etc: 'Etc',
};

/** Countries whose shares are eligible for the French PEA wrapper (EU/EEA listings). */
const PEA_COUNTRIES = new Set(['FR', 'DE', 'NL', 'BE', 'IT', 'ES', 'PT', 'AT', 'FI', 'DK', 'SE', 'NO']);
const US_MICS = new Set(['XNYS', 'XNAS', 'ARCX']);

export interface ShareInput {
  uic: number;
  assetType: ShareAssetType;
  ticker: string;
  name: string;
  mic: string;
  currency: string;
  isin: string;
  price: number;
  lot: number;
  /** Uic of the primary listing (itself unless a secondary line of the same ISIN). */
  primaryListing: number;
  isTradable: boolean;
  /** Offered as a CFD too. */
  withCfd: boolean;
}

/** Platform symbol: ticker and lower-case MIC, e.g. `SAP:xetr`. */
export function listingSymbol(ticker: string, mic: string): string {
  return `${ticker}:${mic.toLowerCase()}`;
}

function priceDecimals(currency: string, price: number): number {
  if (currency === 'JPY' || currency === 'KRW') return 0;
  if (price < 1) return 4;
  return 2;
}

/** The share row and, when offered, its CFD row. */
export function shareRows(
  input: ShareInput,
  ranks: { share: RankCounter; cfd: RankCounter },
): InstrumentRow[] {
  const symbol = listingSymbol(input.ticker, input.mic);
  const tickScheme = stockTickSizeScheme(input.mic);
  const tick = tickAt(tickScheme, input.price);
  const country = countryOf(input.mic);
  const cfdType = CFD_OF[input.assetType];
  const tradableAs = input.withCfd ? [input.assetType, cfdType] : [input.assetType];
  const format = priceFormat(
    Math.max(priceDecimals(input.currency, input.price), Math.min(4, decimalsOf(tick))),
  );
  const common = {
    AmountDecimals: 0,
    CurrencyCode: input.currency,
    Description: input.name,
    Exchange: exchangeSummary(input.mic),
    Format: format,
    GroupId: 0,
    IsTradable: input.isTradable,
    NonTradableReason: input.isTradable ? 'None' : 'NotOnlineClientTradable',
    OrderDistances: orderDistances('Percentage', 0.5),
    PrimaryListing: input.primaryListing,
    Symbol: symbol,
    TickSize: tick,
    TickSizeScheme: tickScheme,
    TradableAs: tradableAs,
    TradingStatus: input.isTradable ? 'Tradable' : 'NonTradable',
    Uic: input.uic,
  };
  const share: Record<string, unknown> = {
    ...common,
    AssetType: input.assetType,
    DefaultAmount: input.lot,
    IncrementSize: input.lot,
    IsComplex: false,
    ...(US_MICS.has(input.mic) ? { IsExtendedTradingHoursEnabled: true } : {}),
    ...(input.assetType === 'Stock' && PEA_COUNTRIES.has(country) ? { IsPEAEligible: true } : {}),
    LotSize: input.lot,
    LotSizeType: input.lot > 1 ? 'OddLotsNotAllowed' : 'NotUsed',
    MinimumTradeSize: input.lot,
    ShortTradeDisabled: true,
    StandardAmounts: standardAmounts(input.lot),
    SupportedOrderTypes: ORDER_TYPES_EXCHANGE,
  };
  const rows: InstrumentRow[] = [
    {
      uic: input.uic,
      assetType: input.assetType,
      symbol,
      description: input.name,
      isin: input.isin,
      currency: input.currency,
      exchangeId: exchangeIdOf(input.mic),
      mic: input.mic,
      displayHint: DISPLAY_HINT_OF[input.assetType],
      price: input.price,
      isTradable: input.isTradable,
      isComplex: false,
      searchRank: ranks.share.take(),
      details: share,
    },
  ];
  if (input.withCfd) {
    const cfd: Record<string, unknown> = {
      ...common,
      AssetType: cfdType,
      DefaultAmount: 100,
      IncrementSize: 1,
      IsComplex: true,
      MinimumTradeSize: 1,
      ShortTradeDisabled: false,
      StandardAmounts: standardAmounts(1, [1, 10, 50, 100, 500, 1000]),
      SupportedOrderTypes: ORDER_TYPES_FULL,
    };
    rows.push({
      uic: input.uic,
      assetType: cfdType,
      symbol,
      description: input.name,
      isin: input.isin,
      currency: input.currency,
      exchangeId: exchangeIdOf(input.mic),
      mic: input.mic,
      displayHint: DISPLAY_HINT_OF[input.assetType],
      price: input.price,
      isTradable: input.isTradable,
      isComplex: true,
      searchRank: ranks.cfd.take(),
      details: cfd,
    });
  }
  return rows;
}

export interface IndexInput {
  uic: number;
  symbol: string;
  name: string;
  mic: string;
  currency: string;
  isin?: string | undefined;
  level: number;
}

/** A stock index: reference only, never tradable (its CFDs and futures are). */
export function indexRow(input: IndexInput, rank: number): InstrumentRow {
  const symbol = `${input.symbol}.I`;
  return {
    uic: input.uic,
    assetType: 'StockIndex',
    symbol,
    description: input.name,
    isin: input.isin,
    currency: input.currency,
    exchangeId: exchangeIdOf(input.mic),
    mic: input.mic,
    displayHint: 'StockIndices',
    price: input.level,
    isTradable: false,
    isComplex: false,
    searchRank: rank,
    details: {
      AssetType: 'StockIndex',
      CurrencyCode: input.currency,
      Description: input.name,
      Exchange: exchangeSummary(input.mic),
      Format: priceFormat(2),
      GroupId: 0,
      IsTradable: false,
      NonTradableReason: 'NotOnlineClientTradable',
      Symbol: symbol,
      TickSize: 0.01,
      TradableAs: ['StockIndex'],
      TradingStatus: 'NonTradable',
      Uic: input.uic,
    },
  };
}

/** A CFD on a stock index; its exchange is the one of the index's underlying ticker. */
export function indexCfdRow(
  input: {
    uic: number;
    symbol: string;
    name: string;
    currency: string;
    indexMic: string;
    level: number;
    indexUic: number;
  },
  rank: number,
): InstrumentRow {
  const tick = input.level > 10000 ? 1 : 0.1;
  return {
    uic: input.uic,
    assetType: 'CfdOnIndex',
    symbol: input.symbol,
    description: input.name,
    currency: input.currency,
    exchangeId: exchangeIdOf(input.indexMic),
    mic: input.indexMic,
    displayHint: 'StockIndices',
    isTradable: true,
    isComplex: true,
    searchRank: rank,
    underlyingUic: input.indexUic,
    details: {
      AmountDecimals: 0,
      AssetType: 'CfdOnIndex',
      CurrencyCode: input.currency,
      DefaultAmount: 1,
      Description: input.name,
      Exchange: exchangeSummary(input.indexMic),
      Format: priceFormat(tick === 1 ? 0 : 1),
      GroupId: 0,
      IncrementSize: 1,
      IsComplex: true,
      IsTradable: true,
      MinimumTradeSize: 1,
      NonTradableReason: 'None',
      OrderDistances: orderDistances('Percentage', 0.25),
      PriceToContractFactor: 1,
      RelatedInstruments: [{ AssetType: 'StockIndex', Uic: input.indexUic }],
      StandardAmounts: standardAmounts(1, [1, 2, 5, 10, 20, 50]),
      SupportedOrderTypes: [...ORDER_TYPES_FULL, 'GuaranteedStop'],
      MaxGuaranteedStopOrderSize: 100,
      Symbol: input.symbol,
      TickSize: tick,
      TradableAs: ['CfdOnIndex'],
      TradingStatus: 'Tradable',
      Uic: input.uic,
    },
  };
}
