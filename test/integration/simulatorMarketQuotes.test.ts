/**
 * Properties of the simulator's quotes over its universe: the same seed quotes the same prices at
 * the same instant, option quotes hold put–call parity within their spreads, nothing moves while
 * an instrument's market is closed, and the simulated day maps onto the clock.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketClockOf, parseMarketTime } from '../../main/simulator/market/marketClock';
import type { Market } from '../../main/simulator/market/market';
import { MARKET_OPEN_INSTANT, startMarketSimulator } from '../support/marketSimulator';
import type { TestSimulator } from '../support/testSimulator';

const HOUR = 3_600_000;
/** Saturday 2026-11-28 00:00Z to Sunday 21:00Z: every exchange of these instruments is closed. */
const WEEKEND = { from: Date.UTC(2026, 10, 28), to: Date.UTC(2026, 10, 29, 21) };

describe('the simulator’s quotes', () => {
  let sim: TestSimulator;
  let twin: TestSimulator;
  let market: Market;

  beforeAll(async () => {
    // Two simulators of the same seed, their clocks stopped at the same instant.
    sim = await startMarketSimulator({ clock: () => new Date(MARKET_OPEN_INSTANT) });
    twin = await startMarketSimulator({ clock: () => new Date(MARKET_OPEN_INSTANT) });
    market = sim.simulator.trading.market;
  });
  afterAll(async () => {
    await sim.close();
    await twin.close();
  });

  it('are the same in two simulators of one seed at one instant', async () => {
    const paths = [
      'trade/v1/infoprices/list?Uics=21,42,17&AssetType=FxSpot&FieldGroups=Quote,PriceInfo,PriceInfoDetails',
      'trade/v1/infoprices/list?Uics=211,1025,1000000&AssetType=Stock&FieldGroups=Quote,PriceInfo,PriceInfoDetails',
      'trade/v1/infoprices?Uic=1000&AssetType=StockIndex&FieldGroups=Quote,PriceInfo',
    ];
    for (const path of paths) {
      const [one, other] = await Promise.all([sim.get(path), twin.get(path)]);
      expect(one.status, one.text).toBe(200);
      expect(one.text).toBe(other.text);
    }
  });

  it('hold put–call parity within the spread on every strike of an index chain', () => {
    const chain = sim.simulator.trading.chains.chainOf(1, 'StockIndexOption')!;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: chain.expiries.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 6 * HOUR }),
        (expiryIndex, where, offset) => {
          const strikes = sim.simulator.trading.chains.strikesOf(chain, chain.expiries[expiryIndex]!);
          const row = strikes[Math.min(strikes.length - 1, Math.floor(where * strikes.length))]!;
          fc.pre(row.call !== undefined && row.put !== undefined);
          const instant = MARKET_OPEN_INSTANT + offset;
          const call = market.instruments.find(row.call!, 'StockIndexOption')!;
          const put = market.instruments.find(row.put!, 'StockIndexOption')!;
          const { inputs, forward } = market.pricing.optionAt(call, instant);
          const parity = Math.exp(-inputs.rate * inputs.years) * (forward - inputs.strike);
          const callQuote = market.quote(call, instant);
          const putQuote = market.quote(put, instant);
          expect(callQuote.bid - putQuote.ask).toBeLessThanOrEqual(parity + 1e-9);
          expect(callQuote.ask - putQuote.bid).toBeGreaterThanOrEqual(parity - 1e-9);
          expect(callQuote.bid).toBeLessThan(callQuote.ask);
        },
      ),
    );
  });

  it('do not move while the market is closed, and carry its state', () => {
    const instruments = [
      market.instruments.find(211, 'Stock')!,
      market.instruments.find(21, 'FxSpot')!,
      market.instruments.find(1000, 'StockIndex')!,
      market.instruments.find(5000, 'ContractFutures')!,
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: WEEKEND.from, max: WEEKEND.to }),
        fc.integer({ min: WEEKEND.from, max: WEEKEND.to }),
        (first, second) => {
          for (const instrument of instruments) {
            const [one, other] = [market.quote(instrument, first), market.quote(instrument, second)];
            expect([other.bid, other.ask, other.mid, other.lastUpdated]).toEqual([
              one.bid,
              one.ask,
              one.mid,
              one.lastUpdated,
            ]);
            expect(one.marketState).toBe('Closed');
            expect(one.priceTypeAsk).toBe('OldIndicative');
          }
        },
      ),
      { numRuns: 50 },
    );
    // A US share is also still overnight between two trading days, and moves once trading starts.
    const share = instruments[0]!;
    const night = [Date.UTC(2026, 10, 25, 2), Date.UTC(2026, 10, 25, 8)].map(
      (at) => market.quote(share, at).mid,
    );
    expect(night[0]).toBe(night[1]);
    const open = [0, 1, 2, 3].map(
      (minutes) => market.quote(share, MARKET_OPEN_INSTANT + minutes * 60_000).mid,
    );
    expect(new Set(open).size).toBeGreaterThan(1);
    expect(market.quote(share, MARKET_OPEN_INSTANT).marketState).toBe('Open');
  });

  it('trade FX around the clock on weekdays, Sunday evening included', () => {
    const pair = market.instruments.find(21, 'FxSpot')!;
    const sundayNight = Date.UTC(2026, 10, 29, 23);
    expect(market.quote(pair, sundayNight).marketState).toBe('Open');
    expect(market.quote(pair, sundayNight + 60_000).mid).not.toBe(market.quote(pair, sundayNight).mid);
  });

  it('price later futures contracts off the same spot with carry', () => {
    const [front, next] = market.store.futuresElements(5000).slice(0, 2);
    const nearer = market.quote(market.instruments.find(front!.uic, 'ContractFutures')!, MARKET_OPEN_INSTANT);
    const later = market.quote(market.instruments.find(next!.uic, 'ContractFutures')!, MARKET_OPEN_INSTANT);
    expect(later.mid).toBeGreaterThan(nearer.mid);
    expect(later.mid / nearer.mid).toBeLessThan(1.02);
  });
});

describe('the market clock', () => {
  it('runs the simulated day at the real time of day, on across midnight', () => {
    let now = Date.parse('2026-11-28T23:00:00Z');
    const clock = marketClockOf(() => new Date(now), new Date('2026-03-10T00:00:00Z'));
    expect(new Date(clock()).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    now += 90 * 60_000;
    expect(new Date(clock()).toISOString()).toBe('2026-03-11T00:30:00.000Z');
  });

  it('starts at the market time of the simulated day when one is set, and runs on in real time', () => {
    let now = Date.parse('2026-11-29T03:10:00Z');
    const clock = marketClockOf(() => new Date(now), new Date('2026-11-25T00:00:00Z'), parseMarketTime('15:00'));
    expect(new Date(clock()).toISOString()).toBe('2026-11-25T15:00:00.000Z');
    now += 90_000;
    expect(new Date(clock()).toISOString()).toBe('2026-11-25T15:01:30.000Z');
  });

  it('reads market times as hh:mm, UTC, and nothing else', () => {
    expect(parseMarketTime('00:00')).toBe(0);
    expect(parseMarketTime('23:59')).toBe((23 * 60 + 59) * 60_000);
    for (const text of ['24:00', '9:30', '12:60', '12:00Z', '', 'noon']) expect(parseMarketTime(text)).toBeUndefined();
  });
});
