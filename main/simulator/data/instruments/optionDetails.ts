/**
 * InstrumentDetails of one specific option, derived from its root's fields and its own row
 * (strike, side, expiry, status): what the platform returns for an option's uic. Fields are
 * listed in alphabetical order, as everywhere on the wire.
 */
import type { InstrumentRecord } from './store';

/** The wire details of a specific option. */
export function specificOptionDetails(
  root: Record<string, unknown>,
  option: InstrumentRecord,
): Record<string, unknown> {
  const tradable = option.is_tradable === 1;
  return {
    AmountDecimals: root.AmountDecimals,
    AssetType: option.asset_type,
    ContractSize: root.ContractSize,
    CurrencyCode: root.CurrencyCode,
    DefaultAmount: root.DefaultAmount,
    Description: option.description,
    Exchange: root.Exchange,
    ExerciseStyle: root.ExerciseStyle,
    ExpiryDate: `${option.expiry}T00:00:00Z`,
    Format: root.Format,
    GroupId: root.GroupId,
    IncrementSize: root.IncrementSize,
    IsComplex: root.IsComplex,
    IsTradable: tradable,
    LotSize: root.LotSize,
    LotSizeType: root.LotSizeType,
    MinimumTradeSize: root.MinimumTradeSize,
    NonTradableReason: tradable ? 'None' : 'OtherReason',
    OptionsChainSubscriptionAllowed: true,
    OrderDistances: root.OrderDistances,
    PriceToContractFactor: root.PriceToContractFactor,
    PutCall: option.put_call,
    RelatedInstruments: [{ AssetType: root.UnderlyingAssetType, Uic: option.underlying_uic }],
    RelatedOptionRootsEnhanced: [
      { AssetType: option.asset_type, OptionRootId: option.option_root_id, OptionType: 'Standard' },
    ],
    SettlementStyle: root.SettlementStyle,
    StandardAmounts: root.StandardAmounts,
    StrikePrice: option.strike,
    SupportedOrderTypes: root.SupportedOrderTypes,
    Symbol: option.symbol,
    TickSize: root.TickSize,
    TickSizeScheme: root.TickSizeScheme,
    TradableAs: [option.asset_type],
    TradingStatus: option.trading_status,
    Uic: option.uic,
    UnderlyingAssetType: root.UnderlyingAssetType,
  };
}
