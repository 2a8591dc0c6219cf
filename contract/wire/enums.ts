/**
 * The service's enumerations: the value sets known from the spec and the platform (platform
 * facts section 1). Requests are checked against these lists (the IPC schemas use them);
 * responses are typed as `Open<…>` because the service may answer with values not seen yet.
 * Plain data only: the renderer may read these lists (for filters) through `types.ts`.
 */

/** A known value set that stays open to values the service has not shown yet. */
export type Open<Known extends string> = Known | (string & {});

// prettier-ignore
export const assetTypes = [
  'Bond', 'Cash', 'CertificateBonus', 'CertificateCappedBonus', 'CertificateCappedCapitalProtected',
  'CertificateCappedOutperformance', 'CertificateConstantLeverage', 'CertificateDiscount', 'CertificateExpress',
  'CertificateTracker', 'CertificateUncappedCapitalProtection', 'CertificateUncappedOutperformance', 'CfdIndexOption',
  'CfdIndices', 'CfdOnCompanyWarrant', 'CfdOnEtc', 'CfdOnEtf', 'CfdOnEtn', 'CfdOnFund', 'CfdOnFutures', 'CfdOnIndex',
  'CfdOnRights', 'CfdOnStock', 'CompanyWarrant', 'ContractFutures', 'ContractOptions', 'Etc', 'Etf', 'Etn', 'Fund',
  'Futures', 'FuturesOption', 'FuturesStrategy', 'FxBinaryOption', 'FxCrypto', 'FxForwards', 'FxKnockInOption',
  'FxKnockOutOption', 'FxNoTouchOption', 'FxOneTouchOption', 'FxSpot', 'FxSwap', 'FxVanillaOption', 'GuaranteeNote',
  'IpoOnStock', 'ManagedFund', 'MiniFuture', 'MutualFund', 'PortfolioNote', 'Rights', 'SrdOnEtf', 'SrdOnStock',
  'Stock', 'StockIndex', 'StockIndexOption', 'StockOption', 'Warrant', 'WarrantDoubleKnockOut', 'WarrantKnockOut',
  'WarrantOpenEndKnockOut', 'WarrantSpread',
] as const;
export type AssetType = Open<(typeof assetTypes)[number]>;

export const instrumentClasses = ['Complex', 'NonComplex'] as const;
export type InstrumentClass = Open<(typeof instrumentClasses)[number]>;

// prettier-ignore
export const instrumentFieldGroups = [
  'MarketData', 'OrderSetting', 'SupportedOrderTypeSettings', 'TickSizeScheme', 'TradingSessions',
] as const;
export type InstrumentFieldGroup = Open<(typeof instrumentFieldGroups)[number]>;

export const optionSpaceSegments = [
  'AllDates',
  'DefaultDates',
  'None',
  'SpecificDates',
  'UnderlyingUic',
] as const;
export type OptionSpaceSegment = Open<(typeof optionSpaceSegments)[number]>;

export const tradingStatuses = ['NonTradable', 'NotDefined', 'ReduceOnly', 'Tradable'] as const;
export type TradingStatus = Open<(typeof tradingStatuses)[number]>;

// prettier-ignore
export const displayHints = [
  'Continuous', 'CryptoCurrencies', 'Etc', 'Etf', 'Etn', 'Forex', 'Fund', 'Interests', 'None', 'PreciousMetal',
  'Rights', 'StockIndices', 'Warrant',
] as const;
export type DisplayHint = Open<(typeof displayHints)[number]>;

export type SummaryType = Open<'ContractOptionRoot' | 'Instrument'>;
// prettier-ignore
export type PriceDisplayFormatType = Open<
  'AllowDecimalPips' | 'AllowTwoDecimalPips' | 'Fractions' | 'ModernFractions' | 'Normal' | 'Percentage'
>;
export type OrderDistanceType = Open<'Percentage' | 'Pips' | 'Price' | 'Undefined'>;
// prettier-ignore
export type PlaceableOrderType = Open<
  | 'Algorithmic' | 'DealCapture' | 'GuaranteedStop' | 'Limit' | 'Market' | 'Stop' | 'StopIfTraded' | 'StopLimit'
  | 'Switch' | 'TrailingStop' | 'TrailingStopIfTraded' | 'Traspaso' | 'TraspasoIn' | 'TriggerBreakout'
  | 'TriggerLimit' | 'TriggerStop'
>;
// prettier-ignore
export type OrderDurationType = Open<
  | 'AtTheClose' | 'AtTheOpening' | 'DayOrder' | 'FillOrKill' | 'GoodForPeriod' | 'GoodTillCancel' | 'GoodTillDate'
  | 'ImmediateOrCancel'
>;
// prettier-ignore
export type NonTradableReason = Open<
  | 'ETFsWithoutKIIDs' | 'ExpiredInstrument' | 'NonShortableInstrument' | 'None' | 'NotOnlineClientTradable'
  | 'OfflineTradableBonds' | 'OtherReason' | 'ReduceOnlyInstrument'
>;
export type ExerciseStyle = Open<'American' | 'European' | 'None'>;
export type SettlementStyle = Open<'CashDelivery' | 'PhysicalDelivery'>;
export type LotSizeType = Open<'BuyOnly' | 'NotUsed' | 'OddLotsAllowed' | 'OddLotsNotAllowed'>;
export type PutCall = Open<'Call' | 'None' | 'Put'>;
export type DefaultSlippageType = Open<'Percentage' | 'Pips' | 'Ticks'>;
// prettier-ignore
export type OptionsStrategyType = Open<
  | 'BackRatio' | 'Butterfly' | 'CalendarSpread' | 'Combo' | 'Condor' | 'Custom' | 'Diagonal' | 'Gut'
  | 'IronButterfly' | 'IronCondor' | 'RiskReversal' | 'Straddle' | 'Strangle' | 'Synthetic' | 'Vertical'
>;
/** State of one trading session of a trading schedule. */
// prettier-ignore
export type TradingSessionState = Open<
  | 'Auction' | 'AutomatedTrading' | 'Break' | 'CallAuctionTrading' | 'Closed' | 'Halt' | 'OpeningAuction'
  | 'PitTrading' | 'PostAutomatedTrading' | 'PostMarket' | 'PostTrading' | 'PreAutomatedTrading' | 'PreMarket'
  | 'PreTrading' | 'Suspended' | 'TradingAtLast' | 'Undefined'
>;

export const corporateActionTypes = ['Mandatory', 'Voluntary'] as const;
export type CorporateActionType = Open<(typeof corporateActionTypes)[number]>;

/** Spec section 3 plus the platform's older model (Complete). */
export const eventStates = [
  'Approved',
  'Cancelled',
  'Complete',
  'Confirmed',
  'Preliminary',
  'Withdrawn',
] as const;
export type EventState = Open<(typeof eventStates)[number]>;

export const eventStatuses = ['Active', 'Past', 'Upcoming'] as const;
export type EventStatus = Open<(typeof eventStatuses)[number]>;

export const electionStatuses = ['Elected', 'NotElected', 'PartialElected'] as const;
export type ElectionStatus = Open<(typeof electionStatuses)[number]>;

// prettier-ignore
export const eventSortColumns = [
  'AffectedAccounts', 'AnnouncedDate', 'CorporateActionType', 'Date', 'EligibleHoldings', 'EventId', 'EventType',
  'InstrumentDescription', 'UpdatedDateTime',
] as const;
export type EventSortColumn = Open<(typeof eventSortColumns)[number]>;

/**
 * Field groups of `GET /ca/v2/events/lookupdata` (platform facts section 1): the code lists the
 * event list's filters take. `All` asks for every group.
 */
// prettier-ignore
export const eventLookupFieldGroups = [
  'All', 'AssetTypes', 'CorporateActionTypes', 'ElectionStatuses', 'EventStates', 'EventStatuses', 'EventTypes', 'OptionTypes',
] as const;
export type EventLookupFieldGroup = Open<(typeof eventLookupFieldGroups)[number]>;

/** The spec says "Ascending or descending"; the platform's values are Asc and Desc. */
export const sortTypes = ['Asc', 'Desc'] as const;
export type SortType = Open<(typeof sortTypes)[number]>;

export type Electable = Open<'Electable' | 'NotElectable'>;
export type InformationToComply = Open<'RestrictionsMayApply'>;
export type DateStatus = Open<'Ongoing' | 'Unknown'>;

// prettier-ignore
export const appStatuses = [
  'Approved', 'OK', 'Pending', 'PendingUserApprovalCheck', 'Rejected', 'Requestable', 'Requested',
] as const;
export type AppStatus = Open<(typeof appStatuses)[number]>;

export const inlineCounts = ['AllPages', 'None'] as const;
export type InlineCount = Open<(typeof inlineCounts)[number]>;
