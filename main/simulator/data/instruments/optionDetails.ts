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
  // The root lists its underlying's roots with their kinds (SPX Standard, SPXW Weekly).
  const related = Array.isArray(root.RelatedOptionRootsEnhanced)
    ? (root.RelatedOptionRootsEnhanced as { OptionRootId?: number; OptionType?: string }[])
    : [];
  const optionType =
    related.find((entry) => entry.OptionRootId === option.option_root_id)?.OptionType ?? 'Standard';
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
      { AssetType: option.asset_type, OptionRootId: option.option_root_id, OptionType: optionType },
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
