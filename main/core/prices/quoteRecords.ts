/**
 * A quote as the service sent it, kept whole: the snapshot with every delta since merged in (a
 * delta holds only the fields that changed, groups included: `{"Quote":{"Bid":1.2}}`), and read
 * into the desk's view. Two wire shapes arrive: an InfoPrice of field groups (`Quote.Bid`,
 * `PriceInfo.NetChange`, `PriceInfoDetails.LastTraded`, `DisplayAndFormat.Decimals`) and an
 * option chain's side, flat with its `Greeks` (`Bid`, `NetChange`, `Greeks.MidVolatility`).
 */
import type { QuoteView } from '../../../contract/prices';

export type RawQuote = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Merges a delta into the raw quote: objects member by member, anything else replaced. */
export function mergeDelta(target: RawQuote, delta: unknown): void {
  if (!isObject(delta)) return;
  for (const [name, value] of Object.entries(delta)) {
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') continue;
    const current = target[name];
    if (isObject(value)) {
      if (!isObject(current)) target[name] = {};
      mergeDelta(target[name] as RawQuote, value);
    } else target[name] = value;
  }
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const word = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 40 ? value : undefined;

/** The first finite number among the places a field may be. */
function numberAt(raw: RawQuote, group: string | undefined, ...names: string[]): number | undefined {
  const groupObject = group !== undefined && isObject(raw[group]) ? (raw[group] as RawQuote) : undefined;
  for (const name of names) {
    const value = finite(groupObject?.[name]) ?? finite(raw[name]);
    if (value !== undefined) return value;
  }
  return undefined;
}

function wordAt(raw: RawQuote, group: string, name: string): string | undefined {
  const groupObject = isObject(raw[group]) ? (raw[group] as RawQuote) : undefined;
  return word(groupObject?.[name]) ?? word(raw[name]);
}

/** Leaves out members without a value (the contract's views are absent rather than undefined). */
function defined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function greeksOf(raw: RawQuote): QuoteView['greeks'] {
  if (!isObject(raw.Greeks)) return undefined;
  const greeks = raw.Greeks;
  const read = (...names: string[]) => {
    for (const name of names) if (finite(greeks[name]) !== undefined) return finite(greeks[name]);
    return undefined;
  };
  const view = defined({
    delta: read('Delta'),
    gamma: read('Gamma'),
    theta: read('Theta'),
    vega: read('Vega'),
    rho: read('Rho'),
    midVolatility: read('MidVolatility', 'MidVol'),
    bidVolatility: read('BidVolatility', 'BidVol'),
    askVolatility: read('AskVolatility', 'AskVol'),
    theoreticalPrice: read('TheoreticalPrice'),
    inTheMoneyProbability: read('InTheMoneyProbability'),
  });
  return Object.keys(view).length > 0 ? view : undefined;
}

/** What main adds to a quote: silence of its subscription, or a refusal in words. */
export interface QuoteFlags {
  silent?: boolean;
  problem?: string | undefined;
}

/** The desk's view of a raw quote of instrument `uic` of `assetType`. */
export function quoteViewOf(
  assetType: string,
  uic: number,
  raw: RawQuote,
  flags: QuoteFlags = {},
): QuoteView {
  const bid = numberAt(raw, 'Quote', 'Bid');
  const ask = numberAt(raw, 'Quote', 'Ask');
  // An option chain's sides carry no mid: it is the middle of a two-sided quote.
  const mid =
    numberAt(raw, 'Quote', 'Mid') ??
    (bid !== undefined && ask !== undefined && bid > 0 && ask > 0 ? (bid + ask) / 2 : undefined);
  const decimals = numberAt(raw, 'DisplayAndFormat', 'Decimals');
  const delayed = numberAt(raw, 'Quote', 'DelayedByMinutes');
  const greeks = greeksOf(raw);
  const lastUpdated =
    typeof raw.LastUpdated === 'string' && raw.LastUpdated.length <= 40 ? raw.LastUpdated : undefined;
  return {
    uic,
    assetType,
    ...defined({
      bid,
      ask,
      mid,
      bidSize: numberAt(raw, 'Quote', 'BidSize'),
      askSize: numberAt(raw, 'Quote', 'AskSize'),
      lastTraded: numberAt(raw, 'PriceInfoDetails', 'LastTraded'),
      lastClose: numberAt(raw, 'PriceInfoDetails', 'LastClose'),
      open: numberAt(raw, 'PriceInfoDetails', 'Open'),
      high: numberAt(raw, 'PriceInfo', 'High'),
      low: numberAt(raw, 'PriceInfo', 'Low'),
      netChange: numberAt(raw, 'PriceInfo', 'NetChange'),
      percentChange: numberAt(raw, 'PriceInfo', 'PercentChange'),
      volume: numberAt(raw, 'PriceInfoDetails', 'Volume'),
      openInterest: numberAt(raw, 'PriceInfoDetails', 'OpenInterest'),
      priceTypeBid: wordAt(raw, 'Quote', 'PriceTypeBid'),
      priceTypeAsk: wordAt(raw, 'Quote', 'PriceTypeAsk'),
      marketState: wordAt(raw, 'Quote', 'MarketState'),
      delayedByMinutes:
        delayed !== undefined && Number.isInteger(delayed) && delayed >= 0 ? delayed : undefined,
      decimals:
        decimals !== undefined && Number.isInteger(decimals) && decimals >= 0 && decimals <= 12
          ? decimals
          : undefined,
      currency: wordAt(raw, 'DisplayAndFormat', 'Currency')?.slice(0, 10),
      greeks,
      lastUpdated,
      silent: flags.silent ? (true as const) : undefined,
      problem: flags.problem?.slice(0, 300),
    }),
  };
}
