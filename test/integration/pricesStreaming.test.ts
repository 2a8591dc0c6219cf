/**
 * Main's price client against the simulator over a real WebSocket: what the desk watches is
 * subscribed, its snapshot and deltas merged and pushed, unsubscribed when no view shows it; a
 * renewed token is sent to the open connection; a dropped connection resumes from its last
 * message id (or subscribes everything again when the service says reset); a token that
 * expires on the open connection is renewed and the stream comes back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushEvents } from '../../contract/events';
import type { PriceStreamStatus, QuoteView, WatchPricesArg } from '../../contract/prices';
import type { SessionAuth } from '../../main/core/api/bearer';
import { PushEventBus } from '../../main/core/events';
import { PriceService, type PriceServiceOptions } from '../../main/core/prices/priceService';
import { createTradeRequests, type TradeRequests } from '../../main/core/prices/tradeRequests';
import { DEMO_APP, DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { eventually } from '../support/clientlibStreaming';
import { startMarketSimulator } from '../support/marketSimulator';
import { startTcpProxy, type TcpProxy } from '../support/tcpProxy';
import type { TestSimulator } from '../support/testSimulator';

const EURUSD = { Uic: 21, AssetType: 'FxSpot' as const };
const GBPUSD = { Uic: 31, AssetType: 'FxSpot' as const };
const SPX_ROOT = 1;

/** The signed-in session as the price client sees it: a token, renewed by a new sign-in of the demo user. */
class DemoSession implements SessionAuth {
  token = '';
  renewals = 0;
  constructor(private readonly sim: TestSimulator) {}
  async signIn(): Promise<void> {
    const auth = this.sim.simulator.context.auth;
    const user = auth.usersAndApps.findUserById(DEMO_USER.userId)!;
    const app = auth.usersAndApps.findApp(DEMO_APP.appKey)!;
    this.token = (
      await auth.startSession(user, app, { confidential: false, withRefreshToken: false })
    ).response.access_token;
  }
  accessToken(): string | undefined {
    return this.token || undefined;
  }
  async reauthenticate(): Promise<boolean> {
    this.renewals++;
    await this.signIn();
    return true;
  }
}

/** A desk's price service on `baseUrl`, with what it pushed and asked of the service. */
async function priceDesk(
  sim: TestSimulator,
  baseUrl = sim.baseUrl,
  options: Partial<PriceServiceOptions> = {},
) {
  const events = new PushEventBus();
  const session = new DemoSession(sim);
  await session.signIn();
  const quotes = new Map<string, QuoteView>();
  const pushes: PushEvents['prices:quotes'][] = [];
  const statuses: PriceStreamStatus[] = [];
  events.subscribe((event, payload) => {
    if (event === 'prices:status') statuses.push(payload as PriceStreamStatus);
    if (event !== 'prices:quotes') return;
    const push = payload as PushEvents['prices:quotes'];
    pushes.push(push);
    for (const quote of push.quotes) quotes.set(`${quote.assetType}:${quote.uic}`, quote);
    for (const key of push.dropped) quotes.delete(key);
  });
  const sent: string[] = [];
  const inner = createTradeRequests({ baseUrl: () => baseUrl, auth: session });
  const requests: TradeRequests = {
    baseUrl,
    send: (method, path, body) => {
      sent.push(`${method} ${path.split('?')[0]}`);
      return inner.send(method, path, body);
    },
  };
  const service = new PriceService({
    auth: session,
    owner: () => 'simulator|demo',
    baseUrl: () => baseUrl,
    events,
    requests,
    housekeepingMs: 200,
    ...options,
  });
  return { service, events, session, quotes, pushes, statuses, sent };
}

const watchOf = (
  id: string,
  instruments: WatchPricesArg['Instruments'],
  chains: WatchPricesArg['Chains'] = [],
): WatchPricesArg => ({
  WatchId: id,
  Instruments: instruments,
  Chains: chains,
});

/** The demo user's subscriptions in the simulator, over all contexts. */
function serverSubscriptions(sim: TestSimulator): number {
  const hub = sim.simulator.trading.hub as unknown as {
    contexts: Map<string, Map<string, { subscriptions: Map<string, unknown> }>>;
  };
  let count = 0;
  for (const owned of hub.contexts.values())
    for (const context of owned.values()) count += context.subscriptions.size;
  return count;
}

describe('the desk streams prices from the simulator', () => {
  let sim: TestSimulator;
  const closing: PriceService[] = [];

  beforeAll(async () => {
    sim = await startMarketSimulator({ tokenTtlSeconds: 4 });
  });
  afterEach(async () => {
    for (const service of closing.splice(0)) await service.close();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('subscribes what is watched, merges deltas into the snapshot and unsubscribes what nothing shows', async () => {
    const desk = await priceDesk(sim);
    closing.push(desk.service);
    const answer = await desk.service.watch(watchOf('ticket', [EURUSD, GBPUSD]));
    expect(answer.quotes.map((quote) => quote.uic).sort()).toEqual([21, 31]);
    const first = answer.quotes.find((quote) => quote.uic === 21)!;
    expect(first.bid!).toBeLessThan(first.ask!);
    expect(first.decimals).toBeGreaterThan(0);
    await eventually(
      () => {
        const pushed = desk.quotes.get('FxSpot:21');
        return pushed !== undefined && pushed.lastUpdated !== first.lastUpdated;
      },
      10_000,
      'a delta of EURUSD',
    );
    // A delta changed some fields; those only the snapshot had (decimals, market state) are still there.
    const merged = desk.quotes.get('FxSpot:21')!;
    expect(merged.decimals).toBe(first.decimals);
    expect(merged.marketState).toBe('Open');
    // …and the merged figures are the model's at the moment the service says they were quoted.
    const market = sim.simulator.trading.market;
    const model = market.quote(market.instruments.find(21, 'FxSpot')!, Date.parse(merged.lastUpdated!));
    expect([merged.bid, merged.ask]).toEqual([model.bid, model.ask]);
    expect(desk.statuses.at(-1)).toEqual({ state: 'live' });
    expect(serverSubscriptions(sim)).toBe(1);

    await desk.service.watch(watchOf('ticket', [EURUSD]));
    await eventually(() => !desk.quotes.has('FxSpot:31'), 2000, 'GBPUSD dropped');
    await desk.service.unwatch('ticket');
    expect(serverSubscriptions(sim)).toBe(0);
    expect(desk.sent.filter((request) => request.startsWith('DELETE'))).toHaveLength(1);
  });

  it('pushes at most four times a second, however often the service streams', async () => {
    const desk = await priceDesk(sim);
    closing.push(desk.service);
    await desk.service.watch(watchOf('fast', [EURUSD, GBPUSD]));
    const from = desk.pushes.length;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const pushed = desk.pushes.length - from;
    expect(pushed).toBeGreaterThan(2);
    expect(pushed).toBeLessThanOrEqual(Math.ceil((performance.now() - started) / 250) + 1);
  });

  it('streams the window of an option chain on screen and follows it as it scrolls', async () => {
    const desk = await priceDesk(sim);
    closing.push(desk.service);
    const space = await sim.get<{ OptionSpace: { Expiry: string }[] }>(
      `ref/v1/instruments/contractoptionspaces/${SPX_ROOT}`,
    );
    const expiry = space.body.OptionSpace[0]!.Expiry.slice(0, 10);
    const contracts = await sim.get<{
      OptionSpace: { SpecificOptions: { Uic: number; StrikePrice: number }[] }[];
    }>(
      `ref/v1/instruments/contractoptionspaces/${SPX_ROOT}?OptionSpaceSegment=SpecificDates&ExpiryDates=${expiry}`,
    );
    const options = contracts.body.OptionSpace[0]!.SpecificOptions;
    const strikes = [...new Set(options.map((option) => option.StrikePrice))].sort((a, b) => a - b);
    const uicsBetween = (low: number, high: number) =>
      options
        .filter((option) => option.StrikePrice >= low && option.StrikePrice <= high)
        .map((option) => option.Uic)
        .sort((a, b) => a - b);
    const chainAt = (from: number) => ({
      OptionRootId: SPX_ROOT,
      AssetType: 'StockIndexOption' as const,
      Expiries: [{ Expiry: expiry, LowStrike: strikes[from]!, HighStrike: strikes[from + 9]! }],
    });
    const quotedUics = () =>
      [...desk.quotes.values()]
        .filter((quote) => quote.assetType === 'StockIndexOption')
        .map((quote) => quote.uic)
        .sort((a, b) => a - b);

    await desk.service.watch(watchOf('chain', [], [chainAt(10)]));
    const first = uicsBetween(strikes[10]!, strikes[19]!);
    await eventually(
      () => quotedUics().join() === first.join(),
      10_000,
      'the first window quoted, and only it',
    );
    const quote = desk.quotes.get(`StockIndexOption:${first[0]}`)!;
    expect(quote.bid).toBeLessThanOrEqual(quote.ask!);
    expect(quote.greeks?.delta).toBeDefined();
    expect(quote.greeks?.midVolatility).toBeGreaterThan(0);

    // Scrolled down by five strikes: the window moves, what left the screen is dropped.
    await desk.service.watch(watchOf('chain', [], [chainAt(15)]));
    const moved = uicsBetween(strikes[15]!, strikes[24]!);
    await eventually(
      () => quotedUics().join() === moved.join(),
      10_000,
      'the moved window quoted, and only it',
    );
    expect(desk.sent.filter((request) => request.startsWith('PATCH')).length).toBeGreaterThanOrEqual(2);
    await desk.service.unwatch('chain');
    expect(serverSubscriptions(sim)).toBe(0);
  });

  it('renews the token on the open connection, and comes back when it expires there', async () => {
    const desk = await priceDesk(sim);
    closing.push(desk.service);
    await desk.service.watch(watchOf('renewal', [EURUSD]));
    await eventually(() => desk.statuses.at(-1)?.state === 'live', 5000, 'live');
    // Renewed before it expires: the session says so, and the connection is authorized anew, without dropping.
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await desk.session.signIn();
      desk.events.emit('session:changed', {
        signedIn: true,
        user: { name: 'Demo', userId: 'demo' },
        profileId: 'simulator',
      });
    }
    expect(desk.statuses.map((status) => status.state)).not.toContain('reconnecting');
    expect(
      desk.sent.filter((request) => request === 'PUT streamingws/authorize').length,
    ).toBeGreaterThanOrEqual(4);
    // Not renewed: the service ends the connection when the token expires; the client renews and resumes.
    const renewals = desk.session.renewals;
    const pushed = desk.pushes.length;
    await eventually(() => desk.session.renewals > renewals, 10_000, 'a renewal after the token expired');
    await eventually(
      () => desk.pushes.length > pushed + 2 && desk.statuses.at(-1)?.state === 'live',
      10_000,
      'quotes again',
    );
  });

  describe('through a network that drops', () => {
    let proxy: TcpProxy;
    beforeAll(async () => {
      proxy = await startTcpProxy(Number(new URL(sim.baseUrl).port));
    });
    afterAll(async () => {
      await proxy.close();
    });

    const throughProxy = () =>
      priceDesk(sim, sim.baseUrl.replace(/:\d+\//, `:${proxy.port}/`), {
        connection: { silenceMs: 1500, firstRetryMs: 50, lastRetryMs: 200 },
      });
    const posts = (sent: string[]) => sent.filter((request) => request.startsWith('POST')).length;

    it('resumes from the last message id after a short cut, subscribing nothing again', async () => {
      const desk = await throughProxy();
      closing.push(desk.service);
      await desk.service.watch(watchOf('resume', [EURUSD, GBPUSD]));
      await eventually(() => desk.pushes.length > 3, 5000, 'quotes');
      const before = posts(desk.sent);
      const statusesBefore = desk.statuses.length;
      proxy.cut();
      // Looked for among every status since the cut: on a busy machine the reconnection may be
      // over before the first look.
      const since = () => desk.statuses.slice(statusesBefore).map((status) => status.state);
      await eventually(() => since().includes('reconnecting'), 5000, 'reconnecting');
      await eventually(() => desk.statuses.at(-1)?.state === 'live', 5000, 'live again');
      const pushed = desk.pushes.length;
      await eventually(() => desk.pushes.length > pushed + 2, 5000, 'quotes after the cut');
      expect(posts(desk.sent)).toBe(before);
    });

    it('subscribes again when the service no longer holds what was missed (reset)', async () => {
      // The service keeps two messages per context for this desk's context.
      const limits = sim.simulator.trading.hub.limits as { replayMessages: number };
      limits.replayMessages = 2;
      try {
        const desk = await throughProxy();
        closing.push(desk.service);
        await desk.service.watch(watchOf('reset', [EURUSD, GBPUSD]));
        await eventually(() => desk.pushes.length > 3, 5000, 'quotes');
        const before = posts(desk.sent);
        // A silence longer than the service keeps messages for, then the network comes back.
        proxy.blackhole();
        await eventually(() => desk.statuses.at(-1)?.state === 'reconnecting', 5000, 'the silence noticed');
        proxy.cut();
        await eventually(() => posts(desk.sent) > before, 10_000, 'subscribed again after the reset');
        const again = desk.pushes.length;
        await eventually(
          () => desk.pushes.length > again + 2 && desk.statuses.at(-1)?.state === 'live',
          10_000,
          'quotes after the reset',
        );
        expect(desk.quotes.get('FxSpot:21')?.bid).toBeGreaterThan(0);
      } finally {
        limits.replayMessages = 10_000;
      }
    });
  });
});
