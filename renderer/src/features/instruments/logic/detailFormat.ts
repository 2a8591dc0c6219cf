/**
 * Text of instrument detail values: booleans as Yes/No, dates as days, lists joined, and the
 * service's small structures (price format, tick size scheme, order distances…) in words.
 */
import type {
  ExchangeSummary,
  OrderDistances,
  OrderSetting,
  PriceDisplayFormat,
  StrategyLeg,
  SupportedOrderTypeSetting,
  TickSizeScheme,
} from '../../../../../contract/wire/types';
import { isoDay } from '../../../shared/dates';

const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 });

/** A number with thousands separators and no rounding a trader would notice. */
export function formatAmount(value: number): string {
  return amountFormat.format(value);
}

/** Yes or No. */
export function formatBoolean(value: boolean): string {
  return value ? 'Yes' : 'No';
}

/** `yyyy-mm-dd` of a Date field. */
export function formatDate(value: string): string {
  return isoDay(value);
}

/** `yyyy-mm-dd hh:mm UTC` of a UtcDateTime field. */
export function formatDateTime(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? `${match[1]} ${match[2]} UTC` : value;
}

/** Items of a list, comma separated (numbers with separators). */
export function formatList(values: readonly (string | number)[]): string {
  return values.map((value) => (typeof value === 'number' ? formatAmount(value) : value)).join(', ');
}

/** `Decimals 4, order decimals 4, AllowDecimalPips`. */
export function formatPriceFormat(format: PriceDisplayFormat): string {
  const parts = [`Decimals ${format.Decimals}`];
  if (format.OrderDecimals !== undefined) parts.push(`order decimals ${format.OrderDecimals}`);
  if (format.StrikeDecimals !== undefined) parts.push(`strike decimals ${format.StrikeDecimals}`);
  if (format.BarrierDecimals !== undefined) parts.push(`barrier decimals ${format.BarrierDecimals}`);
  if (format.NumeratorDecimals !== undefined) parts.push(`numerator decimals ${format.NumeratorDecimals}`);
  if (format.Format) parts.push(format.Format);
  if (format.StrikeFormat) parts.push(`strike ${format.StrikeFormat}`);
  if (format.PriceCurrency) parts.push(`in ${format.PriceCurrency}`);
  return parts.join(', ');
}

/** `Default 0.01; up to 1: 0.0001; up to 10: 0.001`. */
export function formatTickSizeScheme(scheme: TickSizeScheme): string {
  const steps = scheme.Elements.map(
    (element) => `up to ${formatAmount(element.HighPrice)}: ${formatAmount(element.TickSize)}`,
  );
  return [`Default ${formatAmount(scheme.DefaultTickSize)}`, ...steps].join('; ');
}

const distanceNames: [keyof OrderDistances, keyof OrderDistances, string][] = [
  ['EntryDefaultDistance', 'EntryDefaultDistanceType', 'Entry'],
  ['LimitDefaultDistance', 'LimitDefaultDistanceType', 'Limit'],
  ['StopLimitDefaultDistance', 'StopLimitDefaultDistanceType', 'Stop limit'],
  ['StopLossDefaultDistance', 'StopLossDefaultDistanceType', 'Stop loss'],
  ['TakeProfitDefaultDistance', 'TakeProfitDefaultDistanceType', 'Take profit'],
];

/** `Entry 0.25 Percentage; Stop loss 10 Pips (enabled, Stop)`. */
export function formatOrderDistances(distances: OrderDistances): string {
  const parts: string[] = [];
  for (const [valueKey, typeKey, name] of distanceNames) {
    const value = distances[valueKey];
    if (typeof value !== 'number') continue;
    const type = distances[typeKey];
    parts.push(`${name} ${formatAmount(value)}${typeof type === 'string' ? ` ${type}` : ''}`);
  }
  if (distances.StopLossDefaultEnabled !== undefined) {
    parts.push(`stop loss by default: ${formatBoolean(distances.StopLossDefaultEnabled)}`);
  }
  if (distances.StopLossDefaultOrderType)
    parts.push(`stop loss order type ${distances.StopLossDefaultOrderType}`);
  if (distances.TakeProfitDefaultEnabled !== undefined) {
    parts.push(`take profit by default: ${formatBoolean(distances.TakeProfitDefaultEnabled)}`);
  }
  return parts.join('; ');
}

/** `Max order size 1,000,000; max order value 5,000,000 USD`. */
export function formatOrderSetting(setting: OrderSetting): string {
  const currency = setting.Currency ? ` ${setting.Currency}` : '';
  const parts: string[] = [];
  if (setting.MaxOrderSize !== undefined) parts.push(`Max order size ${formatAmount(setting.MaxOrderSize)}`);
  if (setting.MaxOrderValue !== undefined)
    parts.push(`max order value ${formatAmount(setting.MaxOrderValue)}${currency}`);
  if (setting.MinOrderValue !== undefined)
    parts.push(`min order value ${formatAmount(setting.MinOrderValue)}${currency}`);
  if (parts.length === 0 && setting.Currency) parts.push(`Currency ${setting.Currency}`);
  return parts.join('; ');
}

/** `Limit: DayOrder, GoodTillCancel; Market: DayOrder`. */
export function formatOrderTypeSettings(settings: readonly SupportedOrderTypeSetting[]): string {
  return settings.map((setting) => `${setting.OrderType}: ${setting.DurationTypes.join(', ')}`).join('; ');
}

/** `Eurex (XEUR), DE, price source Eurex, time zone 4`. */
export function formatExchange(exchange: ExchangeSummary): string {
  const parts = [`${exchange.Name} (${exchange.ExchangeId})`, exchange.CountryCode];
  if (exchange.PriceSourceName) parts.push(`price source ${exchange.PriceSourceName}`);
  if (exchange.TimeZoneId !== undefined) parts.push(`time zone ${exchange.TimeZoneId}`);
  return parts.join(', ');
}

/** `1: Buy 1 × uic 123 (ContractFutures)`. */
export function formatLegs(legs: readonly StrategyLeg[]): string {
  return legs
    .map((leg, index) => {
      const parts = [`${leg.LegNumber ?? index + 1}:`];
      if (leg.BuySell) parts.push(leg.BuySell);
      if (leg.Multiplier !== undefined) parts.push(`${leg.Multiplier} ×`);
      if (leg.Description) parts.push(leg.Description);
      else if (leg.Uic !== undefined) parts.push(`uic ${leg.Uic}`);
      if (leg.AssetType) parts.push(`(${leg.AssetType})`);
      return parts.join(' ');
    })
    .join('; ');
}
