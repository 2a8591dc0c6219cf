/**
 * Building blocks of InstrumentDetails shared by the asset types: price formats, tick size
 * schemes, order distances, order types, standard amounts. Each asset type's builder picks
 * the ones that apply to it (spec 2.1), so no instrument carries a field it should not. The
 * shapes are the contract's wire types.
 */
import type { OrderDistanceType, PriceDisplayFormat, TickSizeScheme } from '../../../../contract/wire/types';
import { exchangeById } from '../reference/exchanges';

/** Format of a price shown with `decimals` decimals. */
export function priceFormat(decimals: number, extra: Partial<PriceDisplayFormat> = {}): PriceDisplayFormat {
  return { Decimals: decimals, OrderDecimals: extra.OrderDecimals ?? decimals, ...extra };
}

/** A tick size table: ticks apply up to each HighPrice; DefaultTickSize above the last. */
function scheme(bands: [number, number][], defaultTick: number): TickSizeScheme {
  return {
    DefaultTickSize: defaultTick,
    Elements: bands.map(([HighPrice, TickSize]) => ({ HighPrice, TickSize })),
  };
}

/** Tick size scheme of a share by listing (MiFID II bands in Europe, yen bands in Tokyo...). */
export function stockTickSizeScheme(mic: string): TickSizeScheme {
  switch (mic) {
    case 'XNYS':
    case 'XNAS':
    case 'ARCX':
    case 'XTSE':
      return scheme([[0.9999, 0.0001]], 0.01);
    case 'XTKS':
      return scheme(
        [
          [3000, 1],
          [5000, 5],
          [30000, 10],
          [50000, 50],
          [300000, 100],
        ],
        500,
      );
    case 'XHKG':
      return scheme(
        [
          [0.25, 0.001],
          [0.5, 0.005],
          [10, 0.01],
          [20, 0.02],
          [100, 0.05],
          [200, 0.1],
          [500, 0.2],
          [1000, 0.5],
        ],
        1,
      );
    case 'XLON':
    case 'XJSE':
      return scheme(
        [
          [10, 0.01],
          [100, 0.05],
          [1000, 0.1],
          [10000, 0.5],
        ],
        1,
      );
    default:
      return scheme(
        [
          [0.9999, 0.0001],
          [9.998, 0.001],
          [99.98, 0.01],
          [999.9, 0.1],
        ],
        0.5,
      );
  }
}

/** The tick of a price under a scheme. */
export function tickAt(tickScheme: TickSizeScheme, price: number): number {
  return (
    tickScheme.Elements.find((element) => price <= element.HighPrice)?.TickSize ?? tickScheme.DefaultTickSize
  );
}

export type DistanceType = Extract<OrderDistanceType, 'Percentage' | 'Pips'>;

/**
 * Default order distances shown in trade tickets. `stopOrderType` is the order type a default
 * stop loss is placed as (StopIfTraded on exchanges that trigger stops on trades).
 */
export function orderDistances(
  type: DistanceType,
  distance: number,
  stopOrderType: 'Stop' | 'StopIfTraded' = 'Stop',
): Record<string, unknown> {
  return {
    EntryDefaultDistance: distance / 2,
    EntryDefaultDistanceType: type,
    LimitDefaultDistance: distance,
    LimitDefaultDistanceType: type,
    StopLimitDefaultDistance: distance,
    StopLimitDefaultDistanceType: type,
    StopLossDefaultDistance: distance * 2,
    StopLossDefaultDistanceType: type,
    StopLossDefaultEnabled: false,
    StopLossDefaultOrderType: stopOrderType,
    TakeProfitDefaultDistance: distance * 2,
    TakeProfitDefaultDistanceType: type,
    TakeProfitDefaultEnabled: false,
  };
}

export const ORDER_TYPES_FULL = ['Market', 'Limit', 'Stop', 'TrailingStop', 'StopLimit'];
export const ORDER_TYPES_EXCHANGE = ['Market', 'Limit', 'Stop', 'StopLimit'];
/** Exchange-traded order types where the exchange triggers stops on a trade (exchanges.ts). */
const ORDER_TYPES_EXCHANGE_STOP_IF_TRADED = [
  'Market',
  'Limit',
  'StopIfTraded',
  'TrailingStopIfTraded',
  'StopLimit',
];

/**
 * Order types of an instrument whose orders go to `exchangeId` (shares, ETFs, futures, listed
 * certificates): where that exchange triggers stops on a traded price, stops are StopIfTraded
 * and TrailingStopIfTraded instead of the quote-triggered Stop (platform PlaceableOrderType).
 */
export function exchangeOrderTypes(exchangeId: string): string[] {
  return exchangeById(exchangeId).StopsTriggeredByTrades
    ? ORDER_TYPES_EXCHANGE_STOP_IF_TRADED
    : ORDER_TYPES_EXCHANGE;
}

/** The order type a stop loss on an instrument of `exchangeId` is placed as. */
export function exchangeStopOrderType(exchangeId: string): 'Stop' | 'StopIfTraded' {
  return exchangeById(exchangeId).StopsTriggeredByTrades ? 'StopIfTraded' : 'Stop';
}
export const ORDER_TYPES_LIMIT_ONLY = ['Limit'];
export const ORDER_TYPES_FUNDS = ['Market'];

/** Amounts offered in drop-downs: multiples of the minimum. */
export function standardAmounts(
  minimum: number,
  multipliers: readonly number[] = [1, 2, 5, 10, 25, 50, 100],
): number[] {
  return multipliers.map((multiplier) => roundTo(minimum * multiplier, 6));
}

/** Rounds to `digits` decimals without binary noise. */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Number of decimals of a step such as 0.25 or 0.0001. */
export function decimalsOf(step: number): number {
  const text = String(step);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** `yyyy-mm-dd` of a UTC date. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Date field on the wire: the date at 00:00:00Z. */
export function wireDate(day: string): string {
  return `${day}T00:00:00Z`;
}

/** The option strategies a multi-leg capable root supports. */
export const OPTION_STRATEGIES = [
  'Vertical',
  'Straddle',
  'Strangle',
  'Butterfly',
  'Condor',
  'IronButterfly',
  'IronCondor',
  'CalendarSpread',
  'Diagonal',
  'RiskReversal',
  'Combo',
  'Custom',
];

/** Wire objects list their fields alphabetically, as the platform's serializer does; undefined ones are left out. */
export function sortKeys(object: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(object).sort()) if (object[key] !== undefined) sorted[key] = object[key];
  return sorted;
}
