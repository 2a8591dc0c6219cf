/**
 * Instrument details grouped as in spec 2.1 (identity, currency and pricing, amounts and
 * sizes, tradability, exchange, dates, options and derivatives, bonds, mutual funds). Only the
 * fields the response carries are listed; a group with none is left out.
 */
import type { ContractOptionSpace, InstrumentDetails } from '../../../../../contract/wire/types';
import * as text from './detailFormat';

/** Where a link in the details leads. */
export type DetailLinkTarget =
  { kind: 'details'; uic: number; assetType: string } | { kind: 'optionChain'; optionRootId: number };

export interface DetailLink {
  label: string;
  target: DetailLinkTarget;
}

export interface DetailField {
  label: string;
  text?: string;
  links?: DetailLink[];
}

export interface DetailSection {
  id: string;
  title: string;
  fields: DetailField[];
}

/** What RefDesk knows of an instrument beyond its details: the ISIN a search found it by. */
export interface KnownBeyondDetails {
  isin?: string | undefined;
}

/** Details of an instrument or of an option root (which adds ExerciseStyle). */
type AnyDetails = InstrumentDetails | ContractOptionSpace;
type Reader = (details: AnyDetails & { ExerciseStyle?: string }) => string | undefined;
type Linker = (details: AnyDetails) => DetailLink[] | undefined;
type FieldSpec = [label: string, read: Reader] | [label: string, read: null, links: Linker];

const plain = (value: string | undefined) => (value === '' ? undefined : value);
const id = (value: number | undefined) => (value === undefined ? undefined : String(value));
const amount = (value: number | undefined) => (value === undefined ? undefined : text.formatAmount(value));
const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : text.formatBoolean(value));
const day = (value: string | undefined) => (value === undefined ? undefined : text.formatDate(value));
const moment = (value: string | undefined) => (value === undefined ? undefined : text.formatDateTime(value));
const list = (value: readonly (string | number)[] | undefined) =>
  value === undefined || value.length === 0 ? undefined : text.formatList(value);

const sections: { id: string; title: string; fields: FieldSpec[] }[] = [
  {
    id: 'identity',
    title: 'Identity',
    fields: [
      ['Uic', (d) => id(d.Uic)],
      ['Asset type', (d) => plain(d.AssetType)],
      ['Symbol', (d) => plain(d.Symbol)],
      ['Description', (d) => plain(d.Description)],
      [
        'Group id',
        (d) => (d.GroupId === undefined ? undefined : d.GroupId === 0 ? '0 (ungrouped)' : String(d.GroupId)),
      ],
      [
        'Primary listing',
        null,
        (d) =>
          d.PrimaryListing !== undefined && d.AssetType
            ? [
                {
                  label: `Uic ${d.PrimaryListing}`,
                  target: { kind: 'details', uic: d.PrimaryListing, assetType: d.AssetType },
                },
              ]
            : undefined,
      ],
    ],
  },
  {
    id: 'pricing',
    title: 'Currency and pricing',
    fields: [
      ['Currency', (d) => plain(d.CurrencyCode)],
      ['Price currency', (d) => plain(d.PriceCurrency)],
      ['Price format', (d) => (d.Format ? text.formatPriceFormat(d.Format) : undefined)],
      ['Tick size', (d) => amount(d.TickSize)],
      ['Tick size, limit orders', (d) => amount(d.TickSizeLimitOrder)],
      ['Tick size, stop orders', (d) => amount(d.TickSizeStopOrder)],
      [
        'Tick size scheme',
        (d) => (d.TickSizeScheme ? text.formatTickSizeScheme(d.TickSizeScheme) : undefined),
      ],
      ['Increment size', (d) => amount(d.IncrementSize)],
      ['Price to contract factor', (d) => amount(d.PriceToContractFactor)],
      ['Display hint', (d) => plain(d.DisplayHint)],
    ],
  },
  {
    id: 'amounts',
    title: 'Amounts and sizes',
    fields: [
      ['Amount decimals', (d) => id(d.AmountDecimals)],
      ['Default amount', (d) => amount(d.DefaultAmount)],
      ['Standard amounts', (d) => list(d.StandardAmounts)],
      ['Minimum trade size', (d) => amount(d.MinimumTradeSize)],
      ['Minimum lot size', (d) => amount(d.MinimumLotSize)],
      ['Lot size', (d) => amount(d.LotSize)],
      ['Lot size text', (d) => plain('LotSizeText' in d ? d.LotSizeText : undefined)],
      ['Lot size type', (d) => plain(d.LotSizeType)],
      ['Minimum order value', (d) => amount(d.MinimumOrderValue)],
      ['Contract size', (d) => amount(d.ContractSize)],
      ['Max guaranteed stop order size', (d) => amount(d.MaxGuaranteedStopOrderSize)],
      ['Default slippage', (d) => amount(d.DefaultSlippage)],
      ['Default slippage type', (d) => plain(d.DefaultSlippageType)],
      ['IPO denominations', (d) => list(d.IpoDetails?.Denominations)],
    ],
  },
  {
    id: 'tradability',
    title: 'Tradability',
    fields: [
      ['Tradable', (d) => yesNo(d.IsTradable)],
      ['Trading status', (d) => plain(d.TradingStatus)],
      ['Non-tradable reason', (d) => plain(d.NonTradableReason)],
      ['Short trade disabled', (d) => yesNo(d.ShortTradeDisabled)],
      ['DMA enabled', (d) => yesNo(d.IsDmaEnabled)],
      ['Extended trading hours', (d) => yesNo(d.IsExtendedTradingHoursEnabled)],
      ['Complex', (d) => yesNo(d.IsComplex)],
      ['Pit traded', (d) => yesNo(d.IsPitTraded)],
      ['PEA eligible', (d) => yesNo(d.IsPEAEligible)],
      ['PEA-SME eligible', (d) => yesNo(d.IsPEASMEEligible)],
      ['Multi-leg orders', (d) => yesNo(d.CanParticipateInMultiLegOrder)],
      ['Tradable as', (d) => list(d.TradableAs)],
      ['Tradable on accounts', (d) => list(d.TradableOn)],
      ['Order types', (d) => list(d.SupportedOrderTypes)],
      [
        'Order type settings',
        (d) =>
          'SupportedOrderTypeSettings' in d && d.SupportedOrderTypeSettings
            ? text.formatOrderTypeSettings(d.SupportedOrderTypeSettings)
            : undefined,
      ],
      ['Strategies', (d) => list(d.SupportedStrategies)],
      [
        'Order setting',
        (d) => ('OrderSetting' in d && d.OrderSetting ? text.formatOrderSetting(d.OrderSetting) : undefined),
      ],
      [
        'Order distances',
        (d) => (d.OrderDistances ? text.formatOrderDistances(d.OrderDistances) : undefined),
      ],
      [
        'Trading sessions',
        (d) => {
          const sessions = 'TradingSessions' in d ? d.TradingSessions : undefined;
          if (!sessions) return undefined;
          const zone =
            sessions.TimeZoneAbbreviation ??
            (sessions.TimeZone !== undefined ? `time zone ${sessions.TimeZone}` : '');
          return `${sessions.Sessions.length} sessions${zone ? `, ${zone}` : ''}${sessions.TimeZoneOffset ? ` (${sessions.TimeZoneOffset})` : ''}`;
        },
      ],
    ],
  },
  {
    id: 'exchange',
    title: 'Exchange',
    fields: [['Exchange', (d) => (d.Exchange ? text.formatExchange(d.Exchange) : undefined)]],
  },
  {
    id: 'dates',
    title: 'Dates',
    fields: [
      ['Expiry date', (d) => day(d.ExpiryDate)],
      ['Expiry date-time', (d) => moment(d.ExpiryDateTime)],
      ['Notice date', (d) => day(d.NoticeDate)],
      ['Exercise cut-off time', (d) => plain('ExerciseCutOffTime' in d ? d.ExerciseCutOffTime : undefined)],
      ['FX forward min date', (d) => moment(d.FxForwardMinForwardDate)],
      ['FX forward max date', (d) => moment(d.FxForwardMaxForwardDate)],
      ['FX spot date (obsolete)', (d) => moment(d.FxSpotDate)],
    ],
  },
  {
    id: 'derivatives',
    title: 'Options and derivatives',
    fields: [
      ['Put/call', (d) => plain(d.PutCall)],
      ['Strike price', (d) => amount(d.StrikePrice)],
      ['Exercise style', (d) => plain(d.ExerciseStyle)],
      ['Settlement style', (d) => plain(d.SettlementStyle)],
      ['Options chain subscription', (d) => yesNo(d.OptionsChainSubscriptionAllowed)],
      ['Underlying asset type', (d) => plain(d.UnderlyingAssetType)],
      ['Underlying type category', (d) => plain(d.UnderlyingTypeCategory)],
      ['Legs', (d) => (d.Legs && d.Legs.length > 0 ? text.formatLegs(d.Legs) : undefined)],
      ['Strategy type', (d) => plain(d.StrategyType)],
      [
        'Trading units',
        (d) =>
          d.TradingUnitsSingular || d.TradingUnitsPlural
            ? [d.TradingUnitsSingular, d.TradingUnitsPlural].filter(Boolean).join(' / ')
            : undefined,
      ],
      [
        'Related instruments',
        null,
        (d) =>
          d.RelatedInstruments?.map((key) => ({
            label: `${key.AssetType} ${key.Uic}`,
            target: { kind: 'details', uic: key.Uic, assetType: key.AssetType },
          })),
      ],
      [
        'Option roots',
        null,
        (d) =>
          d.RelatedOptionRootsEnhanced?.map((root) => ({
            label: `${root.AssetType} root ${root.OptionRootId}${root.OptionType ? ` (${root.OptionType})` : ''}`,
            target: { kind: 'optionChain', optionRootId: root.OptionRootId },
          })),
      ],
      [
        'Option roots (obsolete list)',
        (d) => (d.RelatedOptionRootsEnhanced === undefined ? list(d.RelatedOptionRoots) : undefined),
      ],
    ],
  },
  {
    id: 'bonds',
    title: 'Bonds',
    fields: [
      ['Bond type', (d) => plain(d.BondType)],
      ['Bond index ratio', (d) => amount(d.BondIndexRatio)],
      ['Coupon', (d) => amount(d.Coupon)],
      ['Coupon type', (d) => plain(d.CouponType)],
      [
        'Deflation floor protection',
        (d) => plain(d.DeflationFloorProtectionType?.Description ?? d.DeflationFloorProtectionType?.Code),
      ],
    ],
  },
  {
    id: 'funds',
    title: 'Mutual funds',
    fields: [
      ['Additional minimum trade size', (d) => amount(d.AdditionalMinimumTradeSize)],
      ['Additional minimum trade units', (d) => amount(d.AdditionalMinimumTradeUnits)],
      ['Subscription cut-off time', (d) => plain(d.CutOffTimeForSubscriptions)],
      ['Distribution policy', (d) => plain(d.DistributionPolicy)],
      ['Dividend periodicity', (d) => plain(d.DividendPeriodicity)],
      ['Redemption by amounts', (d) => yesNo(d.IsRedemptionByAmounts)],
      ['Minimum trade size currency', (d) => plain(d.MinimumTradeSizeCurrency)],
      [
        'Redemption days',
        (d) =>
          d.RedemptionDays === undefined
            ? undefined
            : `${d.RedemptionDays} ${d.RedemptionDaysType ?? ''}`.trim(),
      ],
      ['Subscription by amounts', (d) => amount(d.SubscriptionByAmounts)],
      ['Subscription by shares', (d) => amount(d.SubscriptionByShares)],
      [
        'Subscription days',
        (d) =>
          d.SubscriptionDays === undefined
            ? undefined
            : `${d.SubscriptionDays} ${d.SubscriptionDaysType ?? ''}`.trim(),
      ],
    ],
  },
];

/** The sections of `details` that carry at least one field, each with only its present fields. */
export function detailSections(details: AnyDetails, known: KnownBeyondDetails = {}): DetailSection[] {
  const result: DetailSection[] = [];
  for (const section of sections) {
    const fields: DetailField[] = [];
    // The ISIN a search matched exactly, after the symbol: the details themselves carry none.
    if (section.id === 'identity' && known.isin) fields.push({ label: 'ISIN', text: `${known.isin} (matched by your search)` });
    for (const [label, read, links] of section.fields) {
      if (read) {
        const value = read(details);
        if (value !== undefined && value !== '') fields.push({ label, text: value });
      } else {
        const found = links(details);
        if (found && found.length > 0) fields.push({ label, links: found });
      }
    }
    if (fields.length > 0) result.push({ id: section.id, title: section.title, fields });
  }
  return result;
}
