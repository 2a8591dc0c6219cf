/**
 * The option chain subscription (`/trade/v1/optionschain/subscriptions`): a chain's expiries,
 * and for the expiries asked for, a window of `MaxStrikesPerExpiry` strikes (from
 * `StrikeStartIndex`, or centred on the strike nearest the underlying's price) whose calls and
 * puts stream. Deltas name expiries and strikes by index:
 *   {"Expiries":[{"Index":0,"Strikes":[{"Index":24,"Call":{"Bid":1.2}}]}],"LastUpdated":…}
 * and an expiry's MidStrikePrice when the underlying moves to another strike. A PATCH moves the
 * windows; a window on an expiry not shown before brings its strikes in the next delta.
 */
import type { PricedInstrument } from '../market/instruments';
import type { Market } from '../market/market';
import type { Chain, ChainExpiry, ChainStrike, OptionChains } from '../market/optionChain';
import type { QuoteSnapshot } from '../market/quotes';
import { changedMembers, objectOf, valuesOf, wireInstant, type Field } from '../market/wire';
import { Subscription } from './subscription';
import type { TickMemo } from './tickMemo';

type Value = number | string | undefined;

interface SideRow {
  instrument: PricedInstrument;
  quote: QuoteSnapshot;
}

const top = (name: string, read: (row: SideRow) => Value): Field<SideRow> => ({
  group: undefined,
  name,
  read,
});
const greek = (name: string, read: (row: SideRow) => Value): Field<SideRow> => ({
  group: 'Greeks',
  name,
  read,
});

/** A side (call or put) of a strike: its quote and its greeks. */
const SIDE_LAYOUT: Field<SideRow>[] = [
  top('Ask', (row) => row.quote.ask),
  top('AskSize', (row) => row.quote.askSize),
  top('Bid', (row) => row.quote.bid),
  top('BidSize', (row) => row.quote.bidSize),
  top('High', (row) => row.quote.high),
  top('LastClose', (row) => row.quote.lastClose),
  top('LastTraded', (row) => row.quote.lastTraded),
  top('Low', (row) => row.quote.low),
  top('NetChange', (row) => row.quote.netChange),
  top('Open', (row) => row.quote.open),
  top('OpenInterest', (row) => row.quote.openInterest),
  top('PriceTypeAsk', (row) => row.quote.priceTypeAsk),
  top('PriceTypeBid', (row) => row.quote.priceTypeBid),
  top('Uic', (row) => row.instrument.uic),
  top('Volume', (row) => row.quote.volume),
  greek('AskVolatility', (row) => row.quote.greeks?.askVolatility),
  greek('BidVolatility', (row) => row.quote.greeks?.bidVolatility),
  greek('Delta', (row) => row.quote.greeks?.delta),
  greek('Gamma', (row) => row.quote.greeks?.gamma),
  greek('InTheMoneyProbability', (row) => row.quote.greeks?.inTheMoneyProbability),
  greek('MidVolatility', (row) => row.quote.greeks?.midVolatility),
  greek('Rho', (row) => row.quote.greeks?.rho),
  greek('TheoreticalPrice', (row) => row.quote.greeks?.theoreticalPrice),
  greek('Theta', (row) => row.quote.greeks?.theta),
  greek('Vega', (row) => row.quote.greeks?.vega),
];

/** Which expiries and strikes a subscription asks for. */
export interface ChainWindowRequest {
  expiries: { index: number; strikeStartIndex?: number }[];
  maxStrikesPerExpiry: number;
}

interface Side {
  instrument: PricedInstrument;
  previous: Value[];
}

interface Window {
  expiry: ChainExpiry;
  strikes: ChainStrike[];
  start: number;
  end: number;
  sides: Map<number, Side>;
  midStrike: number | undefined;
  /** The expiry's strikes have been sent (in the snapshot or a delta). */
  shown: boolean;
}

const DAY_MS = 86_400_000;

export class ChainSubscription extends Subscription {
  private windows: Window[] = [];

  constructor(
    private readonly market: Market,
    private readonly chains: OptionChains,
    private readonly chain: Chain,
    request: ChainWindowRequest,
    referenceId: string,
    refreshRate: number,
    tag: string | undefined,
    now: number,
  ) {
    super('optionschain', referenceId, refreshRate, tag, now);
    this.windows = this.windowsOf(request, []);
  }

  /** Moves the windows (PATCH); sides already streaming keep what they sent. */
  move(request: ChainWindowRequest): void {
    this.windows = this.windowsOf(request, this.windows);
  }

  private underlyingPrice(strikes: readonly ChainStrike[]): number | undefined {
    for (const row of strikes) {
      const uic = row.call ?? row.put;
      const option = uic === undefined ? undefined : this.market.instruments.find(uic, this.chain.assetType);
      if (option?.source.kind === 'option')
        return this.market.pricing.midAt(option.source.underlying, this.market.now());
    }
    return undefined;
  }

  private windowsOf(request: ChainWindowRequest, before: readonly Window[]): Window[] {
    const windows: Window[] = [];
    for (const asked of request.expiries) {
      const expiry = this.chain.expiries[asked.index];
      if (!expiry || windows.some((window) => window.expiry === expiry)) continue;
      const strikes = this.chains.strikesOf(this.chain, expiry);
      const count = Math.min(request.maxStrikesPerExpiry, strikes.length);
      const spot = this.underlyingPrice(strikes);
      const middle = spot === undefined ? Math.floor(strikes.length / 2) : nearestIndex(strikes, spot);
      const start =
        asked.strikeStartIndex !== undefined
          ? Math.min(asked.strikeStartIndex, strikes.length)
          : Math.max(0, Math.min(middle - Math.floor(count / 2), strikes.length - count));
      const end = Math.min(start + count, strikes.length);
      const old = before.find((window) => window.expiry === expiry);
      const sides = new Map<number, Side>();
      for (const row of strikes.slice(start, end)) {
        for (const uic of [row.call, row.put]) {
          if (uic === undefined) continue;
          const instrument = this.market.instruments.find(uic, this.chain.assetType);
          if (instrument) sides.set(uic, old?.sides.get(uic) ?? { instrument, previous: [] });
        }
      }
      windows.push({
        expiry,
        strikes,
        start,
        end,
        sides,
        midStrike: old?.midStrike,
        shown: old?.shown ?? false,
      });
    }
    return windows;
  }

  private sideObject(side: Side, tick: TickMemo): Record<string, unknown> {
    const row = { instrument: side.instrument, quote: tick.quote(side.instrument, true) };
    side.previous = valuesOf(SIDE_LAYOUT, row);
    return objectOf(SIDE_LAYOUT, side.previous);
  }

  /** The expiry's whole strike list with the window's sides (snapshot, or a newly shown expiry). */
  private strikesObject(window: Window, tick: TickMemo): Record<string, unknown>[] {
    return window.strikes.map((row) => {
      const inWindow = row.index >= window.start && row.index < window.end;
      const call = inWindow && row.call !== undefined ? window.sides.get(row.call) : undefined;
      const put = inWindow && row.put !== undefined ? window.sides.get(row.put) : undefined;
      return {
        ...(call ? { Call: this.sideObject(call, tick) } : {}),
        Index: row.index,
        ...(put ? { Put: this.sideObject(put, tick) } : {}),
        Strike: row.strike,
      };
    });
  }

  private midStrikeOf(window: Window, tick: TickMemo): number | undefined {
    const first = window.sides.values().next().value as Side | undefined;
    const spot = first ? tick.quote(first.instrument, true).underlyingPrice : undefined;
    return spot === undefined ? window.midStrike : window.strikes[nearestIndex(window.strikes, spot)]?.strike;
  }

  snapshot(tick: TickMemo): unknown {
    const today = Math.floor(tick.instant / DAY_MS) * DAY_MS;
    return {
      AssetType: this.chain.assetType,
      ExpiryCount: this.chain.expiries.length,
      Expiries: this.chain.expiries.map((expiry) => {
        const window = this.windows.find((candidate) => candidate.expiry === expiry);
        const base = {
          DisplayDate: `${expiry.displayExpiry}T00:00:00Z`,
          DisplayDaysToExpiry: Math.round((Date.parse(`${expiry.expiry}T00:00:00Z`) - today) / DAY_MS),
          Expiry: `${expiry.expiry}T00:00:00Z`,
          Index: expiry.index,
          LastTradeDate: expiry.lastTrade,
        };
        if (!window) return { ...base, StrikeCount: expiry.strikeCount };
        window.shown = true;
        window.midStrike = this.midStrikeOf(window, tick);
        return {
          ...base,
          ...(window.midStrike !== undefined ? { MidStrikePrice: window.midStrike } : {}),
          StrikeCount: expiry.strikeCount,
          Strikes: this.strikesObject(window, tick),
        };
      }),
      LastUpdated: wireInstant(tick.instant),
    };
  }

  delta(tick: TickMemo): string | undefined {
    const expiries: string[] = [];
    let quotes = 0;
    for (const window of this.windows) {
      if (!window.shown) {
        window.shown = true;
        window.midStrike = this.midStrikeOf(window, tick);
        quotes += window.sides.size;
        expiries.push(
          JSON.stringify({
            Index: window.expiry.index,
            ...(window.midStrike !== undefined ? { MidStrikePrice: window.midStrike } : {}),
            StrikeCount: window.expiry.strikeCount,
            Strikes: this.strikesObject(window, tick),
          }),
        );
        continue;
      }
      const strikes: string[] = [];
      for (let index = window.start; index < window.end; index++) {
        const row = window.strikes[index]!;
        let members = '';
        for (const [name, uic] of [
          ['Call', row.call],
          ['Put', row.put],
        ] as const) {
          const side = uic === undefined ? undefined : window.sides.get(uic);
          if (!side) continue;
          const changed = changedMembers(
            SIDE_LAYOUT,
            side.previous,
            valuesOf(SIDE_LAYOUT, { instrument: side.instrument, quote: tick.quote(side.instrument, true) }),
          );
          if (changed === '') continue;
          quotes++;
          members += `${members === '' ? '' : ','}"${name}":{${changed}}`;
        }
        if (members !== '') strikes.push(`{${members},"Index":${index}}`);
      }
      const midStrike = this.midStrikeOf(window, tick);
      const movedCentre = midStrike !== undefined && midStrike !== window.midStrike;
      if (movedCentre) window.midStrike = midStrike;
      if (strikes.length === 0 && !movedCentre) continue;
      expiries.push(
        `{"Index":${window.expiry.index}${movedCentre ? `,"MidStrikePrice":${midStrike}` : ''}${strikes.length > 0 ? `,"Strikes":[${strikes.join(',')}]` : ''}}`,
      );
    }
    this.lastDeltaQuotes = quotes;
    if (expiries.length === 0) return undefined;
    return `{"Expiries":[${expiries.join(',')}],"LastUpdated":"${wireInstant(tick.instant)}"}`;
  }
}

/** Index of the strike nearest `price`. */
function nearestIndex(strikes: readonly ChainStrike[], price: number): number {
  let best = 0;
  for (let index = 1; index < strikes.length; index++)
    if (Math.abs(strikes[index]!.strike - price) < Math.abs(strikes[best]!.strike - price)) best = index;
  return best;
}
