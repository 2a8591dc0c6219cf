/**
 * InstrumentDetails of one specific option, derived from its root's fields and its own row
 * (strike, side, expiry, status): what the platform returns for an option's uic.
 */
import type { InstrumentRecord } from './store';

/** Root fields every specific option of the root shares. */
const SHARED_ROOT_FIELDS = [
  'AmountDecimals',
  'ContractSize',
  'CurrencyCode',
  'DefaultAmount',
  'Exchange',
  'ExerciseStyle',
  'Format',
  'GroupId',
  'IncrementSize',
  'IsComplex',
  'LotSize',
  'LotSizeType',
  'MinimumTradeSize',
  'OrderDistances',
  'PriceToContractFactor',
  'SettlementStyle',
  'StandardAmounts',
  'SupportedOrderTypes',
  'TickSize',
  'TickSizeScheme',
  'UnderlyingAssetType',
] as const;

/** The wire details of a specific option, fields in alphabetical order. */
export function specificOptionDetails(
  root: Record<string, unknown>,
  option: InstrumentRecord,
): Record<string, unknown> {
  const details: Record<string, unknown> = {
    AssetType: option.asset_type,
    Description: option.description,
    ExpiryDate: `${option.expiry}T00:00:00Z`,
    IsTradable: option.is_tradable === 1,
    NonTradableReason: option.is_tradable === 1 ? 'None' : 'OtherReason',
    OptionsChainSubscriptionAllowed: true,
    PutCall: option.put_call,
    RelatedInstruments: [{ AssetType: root.UnderlyingAssetType, Uic: option.underlying_uic }],
    RelatedOptionRootsEnhanced: [
      { AssetType: option.asset_type, OptionRootId: option.option_root_id, OptionType: 'Standard' },
    ],
    StrikePrice: option.strike,
    Symbol: option.symbol,
    TradableAs: [option.asset_type],
    TradingStatus: option.trading_status,
    Uic: option.uic,
  };
  for (const field of SHARED_ROOT_FIELDS) if (root[field] !== undefined) details[field] = root[field];
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(details).sort()) sorted[key] = details[key];
  return sorted;
}
