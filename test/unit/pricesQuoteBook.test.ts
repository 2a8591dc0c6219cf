/**
 * Main's quote book: a delta changes only the fields it carries (groups merged member by member),
 * a fresh snapshot forgets the old quote, and however fast the service streams the renderer gets
 * at most one push per 250 ms, carrying the latest state of every instrument that changed.
 */
import { describe, expect, it } from 'vitest';
import type { QuoteView } from '../../contract/prices';
import { QuoteBook, type ThrottleClock } from '../../main/core/prices/quoteBook';

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  let pending: { at: number; run: () => void } | undefined;
  const clock: ThrottleClock = {
    now: () => now,
    setTimeout: (run, ms) => (pending = { at: now + ms, run }),
    clearTimeout: (handle) => {
      if (handle === pending) pending = undefined;
    },
  };
  const advance = (ms: number) => {
    now += ms;
    if (pending && pending.at <= now) {
      const { run } = pending;
      pending = undefined;
      run();
    }
  };
  return { clock, advance };
}

function book() {
  const pushes: { quotes: QuoteView[]; dropped: string[] }[] = [];
  const { clock, advance } = manualClock();
  const quotes = new QuoteBook((quotes, dropped) => pushes.push({ quotes, dropped }), 250, clock);
  return { quotes, pushes, advance };
}

const snapshot = {
  Quote: { Bid: 101.5, Ask: 101.7, PriceTypeBid: 'Tradable', PriceTypeAsk: 'Tradable', MarketState: 'Open' },
  PriceInfo: { NetChange: 1.25, High: 102, Low: 99.5 },
  PriceInfoDetails: { LastTraded: 101.6 },
  DisplayAndFormat: { Decimals: 2 },
};

describe('the quote book', () => {
  it('merges a delta into the snapshot, changing only the fields it carries', () => {
    const { quotes } = book();
    quotes.replace('Stock', 211, snapshot);
    quotes.merge('Stock', 211, { Quote: { Bid: 101.55 } });
    const view = quotes.view('Stock:211')!;
    expect(view.bid).toBe(101.55);
    expect(view.ask).toBe(101.7);
    expect(view.netChange).toBe(1.25);
    expect(view.lastTraded).toBe(101.6);
    expect(view.decimals).toBe(2);
    expect(view.marketState).toBe('Open');

    // A market closing arrives as a delta of its state and price types.
    quotes.merge('Stock', 211, { Quote: { MarketState: 'Closed', PriceTypeBid: 'NoMarket' } });
    expect(quotes.view('Stock:211')).toMatchObject({
      marketState: 'Closed',
      priceTypeBid: 'NoMarket',
      bid: 101.55,
    });
  });

  it('forgets the old quote on a fresh snapshot and ignores prototype keys', () => {
    const { quotes } = book();
    quotes.replace('Stock', 211, snapshot);
    quotes.replace('Stock', 211, JSON.parse('{"Quote":{"Bid":99},"__proto__":{"polluted":true}}'));
    const view = quotes.view('Stock:211')!;
    expect(view.bid).toBe(99);
    expect(view.ask).toBeUndefined();
    expect(view.netChange).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('coalesces a burst of deltas into one push per 250 ms with the latest figures', () => {
    const { quotes, pushes, advance } = book();
    quotes.replace('Stock', 211, snapshot);
    advance(0);
    expect(pushes).toHaveLength(1);

    // Forty deltas in 200 ms on two instruments: nothing until 250 ms after the last push.
    quotes.replace('Stock', 212, snapshot);
    for (let tick = 1; tick <= 40; tick++) {
      quotes.merge('Stock', 211, { Quote: { Bid: 100 + tick / 100 } });
      advance(5);
    }
    expect(pushes).toHaveLength(1);
    advance(50);
    expect(pushes).toHaveLength(2);
    const second = pushes[1]!;
    expect(second.quotes.map((quote) => quote.uic).sort()).toEqual([211, 212]);
    expect(second.quotes.find((quote) => quote.uic === 211)?.bid).toBe(100.4);

    // Quiet: nothing more is pushed.
    advance(1000);
    expect(pushes).toHaveLength(2);
  });

  it('pushes the keys of dropped quotes, and a silent quote as such', () => {
    const { quotes, pushes, advance } = book();
    quotes.replace('Stock', 211, snapshot);
    quotes.replace('Stock', 212, snapshot);
    advance(250);
    quotes.setSilent('Stock:211', true);
    quotes.drop('Stock:212');
    advance(250);
    expect(pushes.at(-1)).toEqual({
      quotes: [expect.objectContaining({ uic: 211, silent: true })],
      dropped: ['Stock:212'],
    });
  });
});
