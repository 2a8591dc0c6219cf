/**
 * The simulator's streaming driven by the platform's own JavaScript library (openapi-clientlib:
 * its Streaming over its plain WebSocket transport and its REST transport), unchanged: what a
 * client written against the platform gets from the simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectLibraryErrors,
  eventually,
  libraryClient,
  type ClientStreaming,
} from '../support/clientlibStreaming';
import { startMarketSimulator } from '../support/marketSimulator';
import { startTcpProxy, type TcpProxy } from '../support/tcpProxy';
import type { TestSimulator } from '../support/testSimulator';

interface Update {
  type: number;
  data: unknown;
}

type Row = { Uic?: number; Quote?: { Bid?: number; Ask?: number }; DisplayAndFormat?: unknown };

function subscribeQuotes(
  streaming: ClientStreaming,
  updates: Update[],
  args: Record<string, unknown> = {},
  tag?: string,
) {
  return streaming.createSubscription(
    'trade',
    'v1/infoprices/subscriptions',
    {
      Arguments: { Uics: '21,42', AssetType: 'FxSpot', FieldGroups: ['Quote', 'DisplayAndFormat'], ...args },
      RefreshRate: 100,
      ...(tag !== undefined ? { Tag: tag } : {}),
    },
    {
      onUpdate: (message: unknown, type: number) =>
        updates.push({ type, data: type === 1 ? message : (message as { Data: unknown }).Data }),
    },
  );
}

const snapshots = (updates: Update[]) => updates.filter((update) => update.type === 1);
const deltas = (updates: Update[]) => updates.filter((update) => update.type === 2);

describe('openapi-clientlib streams from the simulator', () => {
  let sim: TestSimulator;
  let origin: string;
  const clients: ClientStreaming[] = [];
  const log = collectLibraryErrors();

  beforeAll(async () => {
    sim = await startMarketSimulator();
    origin = new URL(sim.baseUrl).origin;
  });
  afterAll(async () => {
    for (const streaming of clients) streaming.dispose();
    log.stop();
    await sim.close();
  });

  const client = async (token?: string, at = origin) => {
    const created = libraryClient(at, token ?? (await sim.accessToken()));
    clients.push(created.streaming);
    return created;
  };

  it('subscribes, gets the snapshot in the answer, then deltas holding only what changed', async () => {
    const { streaming } = await client();
    const updates: Update[] = [];
    subscribeQuotes(streaming, updates);
    await eventually(() => deltas(updates).length >= 5, 15_000, 'five deltas');

    const snapshot = snapshots(updates)[0]!.data as { Data: Row[] };
    expect(snapshot.Data.map((row) => row.Uic).sort()).toEqual([21, 42]);
    for (const row of snapshot.Data) {
      expect(row.Quote!.Bid!).toBeLessThan(row.Quote!.Ask!);
      expect(row.DisplayAndFormat).toBeDefined();
    }
    // Deltas name their instrument and carry changed fields only: the display never changes.
    const merged = new Map(snapshot.Data.map((row) => [row.Uic, structuredClone(row)]));
    for (const delta of deltas(updates)) {
      for (const row of delta.data as Row[]) {
        expect([21, 42]).toContain(row.Uic);
        expect(row.DisplayAndFormat).toBeUndefined();
        const known = merged.get(row.Uic)!;
        known.Quote = { ...known.Quote, ...row.Quote };
        expect(known.Quote.Bid!).toBeLessThan(known.Quote.Ask!);
      }
    }
    expect(log.errors.filter((error) => error.includes('out of order'))).toEqual([]);
  });

  it('stops the deltas of a subscription it disposes, one by one or by tag', async () => {
    const { streaming } = await client();
    const single: Update[] = [];
    const tagged: Update[] = [];
    const one = subscribeQuotes(streaming, single, { Uics: '21' });
    subscribeQuotes(streaming, tagged, { Uics: '42' }, 'watchlist');
    subscribeQuotes(streaming, tagged, { Uics: '17' }, 'watchlist');
    await eventually(() => deltas(single).length >= 2 && snapshots(tagged).length === 2, 15_000, 'deltas');

    streaming.disposeSubscription(one);
    streaming.disposeSubscriptionByTag('trade', 'v1/infoprices/subscriptions', 'watchlist');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const counts = [single.length, tagged.length];
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect([single.length, tagged.length]).toEqual(counts);
    // The simulator holds none of them any more: deleting again finds nothing.
    const token = await sim.accessToken();
    const contextId = (one as unknown as { currentStreamingContextId: string }).currentStreamingContextId;
    const again = await fetch(
      `${sim.baseUrl}/trade/v1/infoprices/subscriptions/${contextId}/${one.referenceId}`,
      {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(again.status).toBe(404);
  });

  it('resumes a dropped connection from its last message id, missing nothing', async () => {
    const proxy: TcpProxy = await startTcpProxy(sim.simulator.info.port);
    try {
      const { streaming } = await client(undefined, `http://127.0.0.1:${proxy.port}`);
      const updates: Update[] = [];
      subscribeQuotes(streaming, updates);
      await eventually(() => deltas(updates).length >= 3, 15_000, 'deltas before the drop');
      const errorsBefore = log.errors.length;
      proxy.blackhole();
      await new Promise((resolve) => setTimeout(resolve, 800));
      const before = deltas(updates).length;
      proxy.cut();
      await eventually(() => deltas(updates).length >= before + 5, 15_000, 'deltas after the drop');
      // The missed messages were replayed in order and no reset was needed.
      expect(log.errors.slice(errorsBefore).filter((error) => error.includes('out of order'))).toEqual([]);
      expect(snapshots(updates)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('a bad token is refused: the library gives up streaming', async () => {
    const { streaming } = await client('not-a-token');
    let failed = false;
    streaming.on(streaming.EVENT_STREAMING_FAILED, () => (failed = true));
    await eventually(() => failed, 10_000, 'the streaming to fail');
  });
});

describe('openapi-clientlib resets its subscriptions when the simulator cannot replay a gap', () => {
  let sim: TestSimulator;
  const log = collectLibraryErrors();

  beforeAll(async () => {
    // Keeps two messages for resumption, so a connection that misses more must reset.
    sim = await startMarketSimulator({ streaming: { replayMessages: 2 } });
  });
  afterAll(async () => {
    log.stop();
    await sim.close();
  });

  it('recreates its subscriptions on _resetsubscriptions and gets a fresh snapshot', async () => {
    const proxy = await startTcpProxy(sim.simulator.info.port);
    const { streaming } = libraryClient(`http://127.0.0.1:${proxy.port}`, await sim.accessToken());
    try {
      const updates: Update[] = [];
      subscribeQuotes(streaming, updates);
      await eventually(() => deltas(updates).length >= 3, 15_000, 'deltas before the drop');
      proxy.blackhole();
      // Until the simulator has sent more than it keeps (two messages of at most two quotes each).
      const hub = sim.simulator.trading.hub;
      const sent = hub.quotesSent;
      await eventually(() => hub.quotesSent >= sent + 10, 15_000, 'messages sent into the void');
      proxy.cut();
      await eventually(() => snapshots(updates).length === 2, 15_000, 'a second snapshot after the reset');
      expect(log.infos.some((info) => info.includes('Message id reset to 1'))).toBe(true);
      const after = deltas(updates).length;
      await eventually(() => deltas(updates).length > after, 10_000, 'deltas after the reset');
      expect(log.errors.filter((error) => error.includes('out of order'))).toEqual([]);
    } finally {
      streaming.dispose();
      await proxy.close();
    }
  });
});

describe('openapi-clientlib keeps streaming across a token refresh', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startMarketSimulator({ tokenTtlSeconds: 6 });
  });
  afterAll(() => sim.close());

  it('a refreshed token keeps the connection; an expired one gets _disconnect', async () => {
    const refreshed = libraryClient(new URL(sim.baseUrl).origin, await sim.accessToken());
    const expiring = libraryClient(new URL(sim.baseUrl).origin, await sim.accessToken());
    try {
      const kept: Update[] = [];
      const lost: Update[] = [];
      subscribeQuotes(refreshed.streaming, kept);
      subscribeQuotes(expiring.streaming, lost);
      let disconnectRequested = { refreshed: false, expiring: false };
      refreshed.streaming.on(
        refreshed.streaming.EVENT_DISCONNECT_REQUESTED,
        () => (disconnectRequested = { ...disconnectRequested, refreshed: true }),
      );
      expiring.streaming.on(
        expiring.streaming.EVENT_DISCONNECT_REQUESTED,
        () => (disconnectRequested = { ...disconnectRequested, expiring: true }),
      );
      await eventually(() => deltas(kept).length >= 2 && deltas(lost).length >= 2, 10_000, 'deltas on both');

      // The library sends the authorize PUT again when its provider receives a new token (a new
      // one: the test simulator hands out the same token until a few seconds before it expires).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const token = await sim.accessToken();
      expect(token).not.toBe(refreshed.authProvider.getToken()?.replace(/^Bearer /, ''));
      refreshed.authProvider.set(token, Date.now() + 20 * 60_000);
      refreshed.authProvider.trigger(
        refreshed.authProvider.EVENT_TOKEN_RECEIVED,
        token,
        Date.now() + 20 * 60_000,
      );

      await eventually(
        () => disconnectRequested.expiring,
        15_000,
        'the expired connection to be told to disconnect',
      );
      const before = deltas(kept).length;
      await eventually(
        () => deltas(kept).length >= before + 3,
        10_000,
        'deltas after the first token expired',
      );
      expect(disconnectRequested.refreshed).toBe(false);
    } finally {
      refreshed.streaming.dispose();
      expiring.streaming.dispose();
    }
  });
});

describe('openapi-clientlib is disconnected when its session is revoked', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startMarketSimulator();
  });
  afterAll(() => sim.close());

  it('a revoked session (a sign-out) gets _disconnect within seconds; another session streams on', async () => {
    const origin = new URL(sim.baseUrl).origin;
    const revokedToken = await sim.accessToken('demo');
    const revoked = libraryClient(origin, revokedToken);
    const kept = libraryClient(origin, await sim.accessToken('trader2'));
    try {
      const lost: Update[] = [];
      const stayed: Update[] = [];
      subscribeQuotes(revoked.streaming, lost);
      subscribeQuotes(kept.streaming, stayed);
      const told = { revoked: false, kept: false };
      revoked.streaming.on(revoked.streaming.EVENT_DISCONNECT_REQUESTED, () => (told.revoked = true));
      kept.streaming.on(kept.streaming.EVENT_DISCONNECT_REQUESTED, () => (told.kept = true));
      await eventually(() => deltas(lost).length >= 2 && deltas(stayed).length >= 2, 10_000, 'deltas on both');

      // What RefDesk's sign-out does: revoke the token at the authorization server (RFC 7009).
      const { authUrl, appKey } = sim.simulator.info;
      const answer = await fetch(`${authUrl}/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: revokedToken, client_id: appKey }).toString(),
      });
      expect(answer.status).toBe(200);
      const revokedAt = Date.now();

      // Long before the token's expiry (20 minutes away): housekeeping runs every half second.
      await eventually(() => told.revoked, 3_000, 'the revoked connection to be told to disconnect');
      expect(Date.now() - revokedAt).toBeLessThan(3_000);
      const lostBefore = deltas(lost).length;
      const stayedBefore = deltas(stayed).length;
      await eventually(() => deltas(stayed).length >= stayedBefore + 3, 10_000, 'deltas on the session kept');
      expect(told.kept).toBe(false);
      expect(deltas(lost).length).toBe(lostBefore);
    } finally {
      revoked.streaming.dispose();
      kept.streaming.dispose();
    }
  });
});
