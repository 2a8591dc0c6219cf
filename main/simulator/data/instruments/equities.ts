/**
 * Shares, ETFs and ETCs with their CFDs (same uic, asset type CfdOnStock/CfdOnEtf/CfdOnEtc:
 * the platform trades a CFD on the share's own uic), and stock indices with index CFDs.
 *
 * Details are object literals with their fields in alphabetical order (a field that does not
 * apply is `undefined`, which JSON leaves out): hundreds of thousands of them are built at
 * large scale, and literals of one shape are what V8 builds and serializes fastest.
 */
import type { RankCounter } from './allocator';
import {
  decimalsOf,
  exchangeOrderTypes,
  exchangeStopOrderType,
  ORDER_TYPES_FULL,
  orderDistances,
  priceFormat,
  standardAmounts,
  stockTickSizeScheme,
  tickAt,
} from './fields';
import type { InstrumentRow, ListedInstrument } from './schema';
import { countryOf, exchangeIdOf, exchangeSummary, symbolSuffixOf } from '../reference/venues';

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

/** CFDs are quoted by the platform, which triggers their stops on its own prices. */
const CFD_DISTANCES = orderDistances('Percentage', 0.5);
const CFD_AMOUNTS = standardAmounts(1, [1, 10, 50, 100, 500, 1000]);

/** Per-listing pieces shared by every share of the exchange. */
const venueCache = new Map<
  string,
  {
    exchange: ReturnType<typeof exchangeSummary>;
    exchangeId: string;
    country: string;
    tickScheme: ReturnType<typeof stockTickSizeScheme>;
    /** Orders of the share itself go to the exchange: its kind of stops. */
    orderTypes: string[];
    distances: Record<string, unknown>;
  }
>();
function venue(mic: string) {
  let cached = venueCache.get(mic);
  if (!cached) {
    cached = {
      exchange: exchangeSummary(mic),
      exchangeId: exchangeIdOf(mic),
      country: countryOf(mic),
      tickScheme: stockTickSizeScheme(mic),
      orderTypes: exchangeOrderTypes(exchangeIdOf(mic)),
      distances: orderDistances('Percentage', 0.5, exchangeStopOrderType(exchangeIdOf(mic))),
    };
    venueCache.set(mic, cached);
  }
  return cached;
}

const amountsCache = new Map<number, number[]>();
function shareAmounts(lot: number): number[] {
  let amounts = amountsCache.get(lot);
  if (!amounts) amountsCache.set(lot, (amounts = standardAmounts(lot)));
  return amounts;
}

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
  return `${ticker}:${symbolSuffixOf(mic)}`;
}

/** The identity columns of the rows `shareRows` makes of `input`, without making them. */
export function listedShareRows(input: ShareInput): ListedInstrument[] {
  const listed = {
    uic: input.uic,
    symbol: listingSymbol(input.ticker, input.mic),
    description: input.name,
    isin: input.isin,
    currency: input.currency,
    exchangeId: venue(input.mic).exchangeId,
    mic: input.mic,
  };
  const share = { ...listed, assetType: input.assetType };
  return input.withCfd ? [share, { ...listed, assetType: CFD_OF[input.assetType] }] : [share];
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
  const { exchange, exchangeId, country, tickScheme, orderTypes, distances } = venue(input.mic);
  const tick = tickAt(tickScheme, input.price);
  const cfdType = CFD_OF[input.assetType];
  const tradableAs = input.withCfd ? [input.assetType, cfdType] : [input.assetType];
  const format = priceFormat(
    Math.max(priceDecimals(input.currency, input.price), Math.min(4, decimalsOf(tick))),
  );
  const displayHint = DISPLAY_HINT_OF[input.assetType];
  const tradable = input.isTradable;
  const row = (
    assetType: string,
    isComplex: boolean,
    rank: number,
    details: Record<string, unknown>,
  ): InstrumentRow => ({
    uic: input.uic,
    assetType,
    symbol,
    description: input.name,
    isin: input.isin,
    currency: input.currency,
    exchangeId,
    mic: input.mic,
    displayHint,
    price: input.price,
    isTradable: tradable,
    isComplex,
    searchRank: rank,
    details,
  });
  const rows = [
    row(input.assetType, false, ranks.share.take(), {
      AmountDecimals: 0,
      AssetType: input.assetType,
      CurrencyCode: input.currency,
      DefaultAmount: input.lot,
      Description: input.name,
      DisplayHint: displayHint,
      Exchange: exchange,
      Format: format,
      GroupId: 0,
      IncrementSize: input.lot,
      IsComplex: false,
      IsExtendedTradingHoursEnabled: US_MICS.has(input.mic) ? true : undefined,
      IsPEAEligible: input.assetType === 'Stock' && PEA_COUNTRIES.has(country) ? true : undefined,
      IsTradable: tradable,
      LotSize: input.lot,
      LotSizeType: input.lot > 1 ? 'OddLotsNotAllowed' : 'NotUsed',
      MinimumTradeSize: input.lot,
      NonTradableReason: tradable ? 'None' : 'NotOnlineClientTradable',
      OrderDistances: distances,
      PrimaryListing: input.primaryListing,
      ShortTradeDisabled: true,
      StandardAmounts: shareAmounts(input.lot),
      SupportedOrderTypes: orderTypes,
      Symbol: symbol,
      TickSize: tick,
      TickSizeScheme: tickScheme,
      TradableAs: tradableAs,
      TradingStatus: tradable ? 'Tradable' : 'NonTradable',
      Uic: input.uic,
    }),
  ];
  if (input.withCfd) {
    rows.push(
      row(cfdType, true, ranks.cfd.take(), {
        AmountDecimals: 0,
        AssetType: cfdType,
        CurrencyCode: input.currency,
        DefaultAmount: 100,
        Description: input.name,
        DisplayHint: displayHint,
        Exchange: exchange,
        Format: format,
        GroupId: 0,
        IncrementSize: 1,
        IsComplex: true,
        IsTradable: tradable,
        MinimumTradeSize: 1,
        NonTradableReason: tradable ? 'None' : 'NotOnlineClientTradable',
        OrderDistances: CFD_DISTANCES,
        PrimaryListing: input.primaryListing,
        ShortTradeDisabled: false,
        StandardAmounts: CFD_AMOUNTS,
        SupportedOrderTypes: ORDER_TYPES_FULL,
        Symbol: symbol,
        TickSize: tick,
        TickSizeScheme: tickScheme,
        TradableAs: tradableAs,
        TradingStatus: tradable ? 'Tradable' : 'NonTradable',
        Uic: input.uic,
      }),
    );
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
      DisplayHint: 'StockIndices',
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
    price: input.level,
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
      DisplayHint: 'StockIndices',
      Exchange: exchangeSummary(input.indexMic),
      Format: priceFormat(tick === 1 ? 0 : 1),
      GroupId: 0,
      IncrementSize: 1,
      IsComplex: true,
      IsTradable: true,
      MaxGuaranteedStopOrderSize: 100,
      MinimumTradeSize: 1,
      NonTradableReason: 'None',
      OrderDistances: orderDistances('Percentage', 0.25),
      PriceToContractFactor: 1,
      RelatedInstruments: [{ AssetType: 'StockIndex', Uic: input.indexUic }],
      StandardAmounts: standardAmounts(1, [1, 2, 5, 10, 20, 50]),
      SupportedOrderTypes: [...ORDER_TYPES_FULL, 'GuaranteedStop'],
      Symbol: input.symbol,
      TickSize: tick,
      TradableAs: ['CfdOnIndex'],
      TradingStatus: 'Tradable',
      Uic: input.uic,
    },
  };
}
