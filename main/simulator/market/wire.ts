/**
 * Quotes as the platform sends them: an InfoPrice (infoprices) or Price (prices) object of field
 * groups, and for the streams the same fields flattened into a row of values, so that a delta is
 * the fields whose values changed, written straight to JSON text without building objects.
 */
import type { PricedInstrument } from './instruments';
import type { QuoteSnapshot } from './quotes';

/** Field groups of `/trade/v1/infoprices` the simulator serves. */
export const INFO_PRICE_FIELD_GROUPS = [
  'Quote',
  'PriceInfo',
  'PriceInfoDetails',
  'DisplayAndFormat',
] as const;
/** Field groups of `/trade/v1/prices`: the same and the option greeks. */
export const PRICE_FIELD_GROUPS = [...INFO_PRICE_FIELD_GROUPS, 'Greeks'] as const;
export type PriceFieldGroup = (typeof PRICE_FIELD_GROUPS)[number];

type Value = number | string | undefined;

/** One field of a row: its group (undefined: top level), its name and how it is read. */
export interface Field<Row> {
  group: string | undefined;
  name: string;
  read(row: Row): Value;
}

/** What a quote row is read from: the instrument, its quote, and the subscription's Amount. */
export interface QuoteRow {
  instrument: PricedInstrument;
  quote: QuoteSnapshot;
  amount: number;
}

const quoteFields: Field<QuoteRow>[] = [
  { group: 'Quote', name: 'Amount', read: (row) => row.amount },
  { group: 'Quote', name: 'Ask', read: (row) => row.quote.ask },
  { group: 'Quote', name: 'AskSize', read: (row) => row.quote.askSize },
  { group: 'Quote', name: 'Bid', read: (row) => row.quote.bid },
  { group: 'Quote', name: 'BidSize', read: (row) => row.quote.bidSize },
  { group: 'Quote', name: 'DelayedByMinutes', read: () => 0 },
  { group: 'Quote', name: 'ErrorCode', read: () => 'None' },
  { group: 'Quote', name: 'MarketState', read: (row) => row.quote.marketState },
  { group: 'Quote', name: 'Mid', read: (row) => row.quote.mid },
  { group: 'Quote', name: 'PriceTypeAsk', read: (row) => row.quote.priceTypeAsk },
  { group: 'Quote', name: 'PriceTypeBid', read: (row) => row.quote.priceTypeBid },
];

const priceInfoFields: Field<QuoteRow>[] = [
  { group: 'PriceInfo', name: 'High', read: (row) => row.quote.high },
  { group: 'PriceInfo', name: 'Low', read: (row) => row.quote.low },
  { group: 'PriceInfo', name: 'NetChange', read: (row) => row.quote.netChange },
  { group: 'PriceInfo', name: 'PercentChange', read: (row) => row.quote.percentChange },
];

const priceInfoDetailsFields: Field<QuoteRow>[] = [
  { group: 'PriceInfoDetails', name: 'LastClose', read: (row) => row.quote.lastClose },
  { group: 'PriceInfoDetails', name: 'LastTraded', read: (row) => row.quote.lastTraded },
  { group: 'PriceInfoDetails', name: 'Open', read: (row) => row.quote.open },
  { group: 'PriceInfoDetails', name: 'OpenInterest', read: (row) => row.quote.openInterest },
  { group: 'PriceInfoDetails', name: 'Volume', read: (row) => row.quote.volume },
];

const displayFields: Field<QuoteRow>[] = [
  { group: 'DisplayAndFormat', name: 'Currency', read: (row) => row.instrument.currency },
  { group: 'DisplayAndFormat', name: 'Decimals', read: (row) => row.instrument.display.Decimals },
  { group: 'DisplayAndFormat', name: 'Description', read: (row) => row.instrument.description },
  { group: 'DisplayAndFormat', name: 'Format', read: (row) => row.instrument.display.Format },
  { group: 'DisplayAndFormat', name: 'OrderDecimals', read: (row) => row.instrument.display.OrderDecimals },
  { group: 'DisplayAndFormat', name: 'StrikeDecimals', read: (row) => row.instrument.display.StrikeDecimals },
  { group: 'DisplayAndFormat', name: 'Symbol', read: (row) => row.instrument.symbol },
];

const greekFields: Field<QuoteRow>[] = [
  { group: 'Greeks', name: 'AskVol', read: (row) => row.quote.greeks?.askVolatility },
  { group: 'Greeks', name: 'BidVol', read: (row) => row.quote.greeks?.bidVolatility },
  { group: 'Greeks', name: 'Delta', read: (row) => row.quote.greeks?.delta },
  { group: 'Greeks', name: 'Gamma', read: (row) => row.quote.greeks?.gamma },
  { group: 'Greeks', name: 'MidVol', read: (row) => row.quote.greeks?.midVolatility },
  { group: 'Greeks', name: 'Rho', read: (row) => row.quote.greeks?.rho },
  { group: 'Greeks', name: 'TheoreticalPrice', read: (row) => row.quote.greeks?.theoreticalPrice },
  { group: 'Greeks', name: 'Theta', read: (row) => row.quote.greeks?.theta },
  { group: 'Greeks', name: 'Vega', read: (row) => row.quote.greeks?.vega },
];

const FIELDS_OF_GROUP: Readonly<Record<PriceFieldGroup, Field<QuoteRow>[]>> = {
  Quote: quoteFields,
  PriceInfo: priceInfoFields,
  PriceInfoDetails: priceInfoDetailsFields,
  DisplayAndFormat: displayFields,
  Greeks: greekFields,
};

/** The fields of a row with `groups` (in the platform's alphabetical order of groups). */
export function quoteLayout(groups: readonly PriceFieldGroup[]): Field<QuoteRow>[] {
  return [...new Set(groups)].sort().flatMap((group) => FIELDS_OF_GROUP[group]);
}

/** Values of a row's fields, in layout order. */
export function valuesOf<Row>(layout: readonly Field<Row>[], row: Row): Value[] {
  return layout.map((field) => field.read(row));
}

/** A row as a nested object: `{Group: {Name: value}}` and top-level fields, absent values left out. */
export function objectOf<Row>(
  layout: readonly Field<Row>[],
  values: readonly Value[],
): Record<string, unknown> {
  const object: Record<string, Record<string, unknown> | unknown> = {};
  layout.forEach((field, index) => {
    const value = values[index];
    if (value === undefined) return;
    if (field.group === undefined) object[field.name] = value;
    else ((object[field.group] ??= {}) as Record<string, unknown>)[field.name] = value;
  });
  return object;
}

function jsonValue(value: number | string): string {
  return typeof value === 'number'
    ? Number.isFinite(value)
      ? String(value)
      : 'null'
    : JSON.stringify(value);
}

/**
 * The fields of `current` that differ from `previous`, as the inside of a JSON object (no
 * braces: the caller adds its own members), or '' when none changed. A field with no value now
 * is not written (its last value stands).
 */
export function membersBetween<Row>(
  layout: readonly Field<Row>[],
  previous: readonly Value[],
  current: readonly Value[],
): string {
  let out = '';
  let openGroup: string | undefined;
  for (let index = 0; index < layout.length; index++) {
    const value = current[index];
    if (value === undefined || value === previous[index]) continue;
    const field = layout[index]!;
    if (field.group !== openGroup) {
      if (openGroup !== undefined) out += '}';
      openGroup = field.group;
      out += `${out === '' ? '' : ','}${field.group === undefined ? '' : `"${field.group}":{`}"${field.name}":${jsonValue(value)}`;
    } else {
      out += `${out === '' || out.endsWith('{') ? '' : ','}"${field.name}":${jsonValue(value)}`;
    }
  }
  if (openGroup !== undefined) out += '}';
  return out;
}

/** membersBetween, bringing `previous` up to date with what was written. */
export function changedMembers<Row>(layout: readonly Field<Row>[], previous: Value[], current: readonly Value[]): string {
  const members = membersBetween(layout, previous, current);
  current.forEach((value, index) => {
    if (value !== undefined) previous[index] = value;
  });
  return members;
}

/** The wire time of an instant: ISO 8601 in UTC with milliseconds. */
export function wireInstant(instant: number): string {
  return new Date(instant).toISOString();
}

/** The InfoPrice (or Price) object of one quote: AssetType, Uic, LastUpdated and the groups asked for. */
export function priceObject(layout: readonly Field<QuoteRow>[], row: QuoteRow): Record<string, unknown> {
  return {
    AssetType: row.instrument.assetType,
    ...objectOf(layout, valuesOf(layout, row)),
    LastUpdated: wireInstant(row.quote.lastUpdated),
    Uic: row.instrument.uic,
  };
}
