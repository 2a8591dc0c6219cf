/**
 * Wire types of instrument reference data (spec 2.1–2.4, platform facts section 1). Every
 * field is optional where the service sends only what applies to the asset type and the
 * requested field groups. Read through `types.ts`.
 */
import type {
  AssetType,
  DefaultSlippageType,
  DisplayHint,
  ExerciseStyle,
  LotSizeType,
  NonTradableReason,
  OptionsStrategyType,
  OrderDistanceType,
  OrderDurationType,
  PlaceableOrderType,
  PriceDisplayFormatType,
  PutCall,
  SettlementStyle,
  SummaryType,
  TradingSessionState,
  TradingStatus,
} from './enums';

/** Search result entry (spec 2.3). */
export interface SummaryInfo {
  AssetType: AssetType;
  Description: string;
  /** May be empty (CFDs). */
  ExchangeId: string;
  /** 0 means ungrouped. */
  GroupId: number;
  /** The uic, or the option root id when SummaryType is ContractOptionRoot. */
  Identifier: number;
  IsKeywordMatch?: boolean;
  PrimaryListing?: number;
  SummaryType: SummaryType;
  Symbol: string;
  TradableAs?: AssetType[];
  CurrencyCode?: string;
  DisplayHint?: DisplayHint;
  ExchangeCountry?: string;
  ExchangeName?: string;
  IssuerCountry?: string;
  UnderlyingAssetType?: AssetType;
  UnderlyingUic?: number;
  CanParticipateInMultiLegOrder?: boolean;
  GroupOptionRootId?: number;
}

export interface PriceDisplayFormat {
  Decimals: number;
  OrderDecimals?: number;
  Format?: PriceDisplayFormatType;
  StrikeDecimals?: number;
  StrikeFormat?: PriceDisplayFormatType;
  BarrierDecimals?: number;
  BarrierFormat?: PriceDisplayFormatType;
  NumeratorDecimals?: number;
  PriceCurrency?: string;
}

export interface ExchangeSummary {
  CountryCode: string;
  ExchangeId: string;
  Name: string;
  PriceSourceName?: string;
  TimeZoneId?: string;
}

export interface TickSizeScheme {
  DefaultTickSize: number;
  Elements: { HighPrice: number; TickSize: number }[];
}

export interface OrderDistances {
  EntryDefaultDistance?: number;
  EntryDefaultDistanceType?: OrderDistanceType;
  LimitDefaultDistance?: number;
  LimitDefaultDistanceType?: OrderDistanceType;
  StopLimitDefaultDistance?: number;
  StopLimitDefaultDistanceType?: OrderDistanceType;
  StopLossDefaultDistance?: number;
  StopLossDefaultDistanceType?: OrderDistanceType;
  StopLossDefaultEnabled?: boolean;
  StopLossDefaultOrderType?: string;
  TakeProfitDefaultDistance?: number;
  TakeProfitDefaultDistanceType?: OrderDistanceType;
  TakeProfitDefaultEnabled?: boolean;
}

export interface OrderSetting {
  Currency?: string;
  MaxOrderSize?: number;
  MaxOrderValue?: number;
  MinOrderValue?: number;
}

export interface SupportedOrderTypeSetting {
  OrderType: PlaceableOrderType;
  DurationTypes: OrderDurationType[];
}

export interface InstrumentKey {
  AssetType: AssetType;
  Uic: number;
}

export interface RelatedOptionRoot {
  AssetType: AssetType;
  OptionRootId: number;
  OptionType?: string;
  SupportedStrategies?: OptionsStrategyType[];
}

export interface StrategyLeg {
  AssetType?: AssetType;
  Uic?: number;
  BuySell?: string;
  LegNumber?: number;
  Multiplier?: number;
  Description?: string;
}

export interface LocalizedInfo {
  Code?: string;
  Description?: string;
}

/** One session of a trading schedule; sessions are contiguous (each EndTime is the next StartTime). */
export interface TradingSession {
  StartTime: string;
  EndTime: string;
  State: TradingSessionState;
}

/** Trading schedule (spec 4.6), also the TradingSessions field group of instrument details. */
export interface InstrumentTradeSessions {
  Sessions: TradingSession[];
  /** Id of a /ref/v1/timezones entry (3 = US Eastern). */
  TimeZone?: number;
  TimeZoneAbbreviation?: string;
  /** e.g. `-05:00:00`. */
  TimeZoneOffset?: string;
}

/** Instrument details (spec 2.1); only the fields that apply are present. */
export interface InstrumentDetails {
  Uic?: number;
  AssetType?: AssetType;
  Symbol?: string;
  Description?: string;
  GroupId?: number;
  PrimaryListing?: number;
  CurrencyCode?: string;
  PriceCurrency?: string;
  Format?: PriceDisplayFormat;
  TickSize?: number;
  TickSizeLimitOrder?: number;
  TickSizeStopOrder?: number;
  TickSizeScheme?: TickSizeScheme;
  IncrementSize?: number;
  PriceToContractFactor?: number;
  DisplayHint?: DisplayHint;
  AmountDecimals?: number;
  DefaultAmount?: number;
  StandardAmounts?: number[];
  MinimumTradeSize?: number;
  MinimumLotSize?: number;
  LotSize?: number;
  LotSizeText?: string;
  LotSizeType?: LotSizeType;
  MinimumOrderValue?: number;
  ContractSize?: number;
  MaxGuaranteedStopOrderSize?: number;
  DefaultSlippage?: number;
  DefaultSlippageType?: DefaultSlippageType;
  IsTradable?: boolean;
  TradingStatus?: TradingStatus;
  NonTradableReason?: NonTradableReason;
  ShortTradeDisabled?: boolean;
  IsDmaEnabled?: boolean;
  IsExtendedTradingHoursEnabled?: boolean;
  IsComplex?: boolean;
  IsPitTraded?: boolean;
  IsPEAEligible?: boolean;
  IsPEASMEEligible?: boolean;
  CanParticipateInMultiLegOrder?: boolean;
  TradableAs?: AssetType[];
  TradableOn?: string[];
  SupportedOrderTypes?: PlaceableOrderType[];
  SupportedOrderTypeSettings?: SupportedOrderTypeSetting[];
  SupportedStrategies?: string[];
  OrderSetting?: OrderSetting;
  OrderDistances?: OrderDistances;
  TradingSessions?: InstrumentTradeSessions;
  Exchange?: ExchangeSummary;
  /** Date: `yyyy-mm-ddT00:00:00Z`. */
  ExpiryDate?: string;
  ExpiryDateTime?: string;
  NoticeDate?: string;
  /** Latest exercise time within a day, exchange local time. */
  ExerciseCutOffTime?: string;
  FxForwardMinForwardDate?: string;
  FxForwardMaxForwardDate?: string;
  /** Obsolete. */
  FxSpotDate?: string;
  PutCall?: PutCall;
  StrikePrice?: number;
  SettlementStyle?: SettlementStyle;
  OptionsChainSubscriptionAllowed?: boolean;
  UnderlyingAssetType?: AssetType;
  UnderlyingTypeCategory?: string;
  Legs?: StrategyLeg[];
  StrategyType?: string;
  RelatedInstruments?: InstrumentKey[];
  /** Obsolete: use RelatedOptionRootsEnhanced. */
  RelatedOptionRoots?: number[];
  RelatedOptionRootsEnhanced?: RelatedOptionRoot[];
  TradingUnitsPlural?: string;
  TradingUnitsSingular?: string;
  BondType?: string;
  BondIndexRatio?: number;
  Coupon?: number;
  CouponType?: string;
  DeflationFloorProtectionType?: LocalizedInfo;
  AdditionalMinimumTradeSize?: number;
  AdditionalMinimumTradeUnits?: number;
  CutOffTimeForSubscriptions?: string;
  DistributionPolicy?: string;
  DividendPeriodicity?: string;
  IsRedemptionByAmounts?: boolean;
  MinimumTradeSizeCurrency?: string;
  RedemptionDays?: number;
  RedemptionDaysType?: string;
  SubscriptionByAmounts?: number;
  SubscriptionByShares?: number;
  SubscriptionDays?: number;
  SubscriptionDaysType?: string;
  IpoDetails?: { Denominations?: number[] };
}

/** One option of an option space entry. */
export interface SpecificOption {
  PutCall: PutCall;
  StrikePrice: number;
  TradingStatus?: TradingStatus;
  Uic: number;
  UnderlyingUic?: number;
}

/** One expiry of an option space (spec 2.2). */
export interface ContractOptionEntry {
  DisplayDaysToExpiry: number;
  DisplayDaysToLastTradeDate?: number;
  DisplayExpiry: string;
  Expiry: string;
  /** The minimum date-time value when there is none. */
  LastTradeDate?: string;
  TickSizeScheme?: TickSizeScheme;
  /** Present only on entries selected by OptionSpaceSegment. */
  SpecificOptions?: SpecificOption[];
}

/** Option root with its option space (spec 2.2). */
export interface ContractOptionSpace extends Omit<
  InstrumentDetails,
  'SupportedStrategies' | 'ExerciseCutOffTime'
> {
  OptionRootId: number;
  ExerciseStyle?: ExerciseStyle;
  SupportedStrategies?: OptionsStrategyType[];
  OptionSpace: ContractOptionEntry[];
  /** Obsolete. */
  DefaultExpiry?: string;
  /** Obsolete. */
  DefaultOption?: SpecificOption;
}

export interface FuturesSpaceElement {
  DaysToExpiry: number;
  ExpiryDate: string;
  Symbol: string;
  Uic: number;
}

/** Futures space of a continuous futures instrument (spec 2.4). */
export interface FuturesSpace {
  BaseIdentifier: string;
  /** Ordered by expiry as returned. */
  Elements: FuturesSpaceElement[];
}
