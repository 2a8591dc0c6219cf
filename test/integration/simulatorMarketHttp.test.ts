/**
 * The Trading service group's endpoints over HTTP: bad input is a 400 naming the member (never
 * a 500), contexts and subscriptions belong to the user who made them, the per-user limits hold,
 * and the option chain serves a window of strikes that a PATCH moves.
 */
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrame } from '../../main/simulator/streaming/frames';
import { startMarketSimulator } from '../support/marketSimulator';
import type { TestSimulator } from '../support/testSimulator';

interface Answer {
  status: number;
  body: Record<string, unknown> & { ModelState?: Record<string, string[]>; ErrorCode?: string };
}

async function call(
  sim: TestSimulator,
  method: string,
  path: string,
  body?: unknown,
  as = 'demo',
): Promise<Answer> {
  const response = await fetch(`${sim.baseUrl}/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await sim.accessToken(as)}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

const quoteSubscription = (contextId: string, referenceId: string, args: Record<string, unknown> = {}) => ({
  ContextId: contextId,
  ReferenceId: referenceId,
  RefreshRate: 100,
  Arguments: { Uic: 21, AssetType: 'FxSpot', ...args },
});

/** Opens the streaming connection of `contextId` as `as`; resolves with the socket and the reference ids it hears. */
async function connect(
  sim: TestSimulator,
  contextId: string,
  as = 'demo',
): Promise<{ socket: WebSocket; heard: string[] }> {
  const token = encodeURIComponent(`Bearer ${await sim.accessToken(as)}`);
  const socket = new WebSocket(
    `${sim.baseUrl.replace(/^http/, 'ws')}/streamingws/connect?contextId=${contextId}&Authorization=${token}`,
  );
  const heard: string[] = [];
  socket.on('message', (data: Buffer) =>
    heard.push(...parseFrame(data).map((message) => message.referenceId)),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused with ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
  return { socket, heard };
}

/** The HTTP status a streaming connection is refused with. */
function refusalOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('open', () => reject(new Error('the connection was accepted')));
    socket.on('error', () => undefined);
  });
}

describe('the Trading service group over HTTP', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startMarketSimulator({
      streaming: { subscriptionsPerUser: 6, connectionsPerUser: 2, subscriptionHeartbeatMs: 1000 },
    });
  });
  afterAll(() => sim.close());

  it('answers bad snapshot requests with a 400 naming the parameter', async () => {
    const cases: [string, string, string?][] = [
      ['trade/v1/infoprices?Uic=21', 'AssetType'],
      ['trade/v1/infoprices?Uic=abc&AssetType=FxSpot', 'Uic'],
      ['trade/v1/infoprices?Uic=21&AssetType=Nonsense', 'AssetType', 'InvalidAssetType'],
      ['trade/v1/infoprices?Uic=21&AssetType=FxVanillaOption', 'AssetType', 'UnsupportedAssetType'],
      ['trade/v1/infoprices?Uic=21&AssetType=FxSpot&FieldGroups=Greeks', 'FieldGroups'],
      ['trade/v1/infoprices?Uic=21&AssetType=FxForwards', 'ForwardDate'],
      ['trade/v1/infoprices?Uic=21&AssetType=FxForwards&ForwardDate=2026-02-31', 'ForwardDate'],
      ['trade/v1/infoprices?Uic=21&AssetType=FxSpot&Amount=-5', 'Amount'],
      ['trade/v1/infoprices?Uic=21&AssetType=FxSpot&AccountKey=not-mine', 'AccountKey', 'InvalidAccountKey'],
      ['trade/v1/infoprices/list?AssetType=Stock', 'Uics'],
      ['trade/v1/infoprices/list?Uics=1,,2&AssetType=Stock', 'Uics'],
    ];
    for (const [path, member, code] of cases) {
      const answer = await sim.get<Answer['body']>(path);
      expect(answer.status, `${path}: ${answer.text}`).toBe(400);
      expect(Object.keys(answer.body.ModelState ?? {}), path).toContain(member);
      if (code) expect(answer.body.ErrorCode, path).toBe(code);
    }
    expect((await sim.get('trade/v1/infoprices?Uic=987654321&AssetType=Stock')).status).toBe(404);
  });

  it('answers bad subscription requests with a 400 naming the member', async () => {
    const cases: [unknown, string][] = [
      [[], 'Body'],
      [{ ...quoteSubscription('c1', 'r1'), ContextId: 'has space' }, 'ContextId'],
      [{ ...quoteSubscription('c1', 'r1'), ReferenceId: '_control' }, 'ReferenceId'],
      [{ ...quoteSubscription('c1', 'r1'), RefreshRate: 'fast' }, 'RefreshRate'],
      [{ ...quoteSubscription('c1', 'r1'), Arguments: undefined }, 'Arguments'],
      [quoteSubscription('c1', 'r1', { Uic: '21x' }), 'Arguments.Uic'],
      [quoteSubscription('c1', 'r1', { Uics: '21,x' }), 'Arguments.Uics'],
      [quoteSubscription('c1', 'r1', { AssetType: 'Nonsense' }), 'Arguments.AssetType'],
      [quoteSubscription('c1', 'r1', { FieldGroups: ['Quote', 'Nope'] }), 'Arguments.FieldGroups'],
    ];
    for (const [body, member] of cases) {
      const answer = await call(sim, 'POST', 'trade/v1/infoprices/subscriptions', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.ModelState ?? {}), JSON.stringify(answer.body)).toContain(member);
    }
    const protobuf = await call(sim, 'POST', 'trade/v1/infoprices/subscriptions', {
      ...quoteSubscription('c1', 'r1'),
      Format: 'application/x-protobuf',
    });
    expect([protobuf.status, protobuf.body.ErrorCode]).toEqual([400, 'UnsupportedSubscriptionFormat']);
    expect((await call(sim, 'POST', 'trade/v1/infoprices/subscriptions', '{"ContextId":')).status).toBe(400);
    expect((await call(sim, 'DELETE', 'trade/v1/infoprices/subscriptions/c1/none')).status).toBe(404);
    expect((await call(sim, 'DELETE', 'trade/v1/infoprices/subscriptions/bad%20id/r1')).status).toBe(400);
  });

  it('never answers a 500, whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.constantFrom('infoprices', 'prices', 'optionschain'),
        async (args, endpoint) => {
          const answer = await call(sim, 'POST', `trade/v1/${endpoint}/subscriptions`, {
            ContextId: 'fuzz',
            ReferenceId: 'f1',
            Arguments: args,
          });
          expect(answer.status).toBeLessThan(500);
          if (answer.status === 201) await call(sim, 'DELETE', `trade/v1/${endpoint}/subscriptions/fuzz/f1`);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps each user’s contexts and subscriptions to that user', async () => {
    expect(
      (await call(sim, 'POST', 'trade/v1/prices/subscriptions', quoteSubscription('shared', 'mine'))).status,
    ).toBe(201);
    // Another user addressing the same context and reference finds nothing of the first's …
    expect(
      (await call(sim, 'DELETE', 'trade/v1/prices/subscriptions/shared/mine', undefined, 'trader2')).status,
    ).toBe(404);
    // … and a context of the same name is a context of their own, whose connection hears only theirs.
    expect(
      (
        await call(
          sim,
          'POST',
          'trade/v1/prices/subscriptions',
          quoteSubscription('shared', 'theirs', { Uic: 42 }),
          'trader2',
        )
      ).status,
    ).toBe(201);
    const { socket, heard } = await connect(sim, 'shared', 'trader2');
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(heard.length).toBeGreaterThan(0);
      expect(new Set(heard)).toEqual(new Set(['theirs']));
      expect((await call(sim, 'DELETE', 'trade/v1/prices/subscriptions/shared/mine')).status).toBe(202);
      expect(
        (await call(sim, 'DELETE', 'trade/v1/prices/subscriptions/shared/theirs', undefined, 'trader2'))
          .status,
      ).toBe(202);
    } finally {
      socket.close();
    }
  });

  it('holds the per-user limits of subscriptions and connections', async () => {
    const made: string[] = [];
    let refused: Answer | undefined;
    for (let index = 0; index < 8 && !refused; index++) {
      const answer = await call(
        sim,
        'POST',
        'trade/v1/infoprices/subscriptions',
        quoteSubscription('limits', `r${index}`),
        'admin',
      );
      if (answer.status === 201) made.push(`r${index}`);
      else refused = answer;
    }
    expect(made).toHaveLength(6);
    expect([refused?.status, refused?.body.ErrorCode]).toEqual([409, 'SubscriptionLimitExceeded']);
    const first = await connect(sim, 'one', 'admin');
    const second = await connect(sim, 'two', 'admin');
    try {
      const token = encodeURIComponent(`Bearer ${await sim.accessToken('admin')}`);
      expect(
        await refusalOf(
          `${sim.baseUrl.replace(/^http/, 'ws')}/streamingws/connect?contextId=three&Authorization=${token}`,
        ),
      ).toBe(429);
    } finally {
      first.socket.close();
      second.socket.close();
      await call(sim, 'DELETE', 'trade/v1/infoprices/subscriptions/limits', undefined, 'admin');
    }
  });

  it('refuses streaming connections without a valid token or context', async () => {
    const base = `${sim.baseUrl.replace(/^http/, 'ws')}/streamingws/connect`;
    expect(await refusalOf(`${base}?contextId=x1&Authorization=${encodeURIComponent('Bearer forged')}`)).toBe(
      401,
    );
    expect(await refusalOf(`${base}?contextId=x1`)).toBe(401);
    const token = encodeURIComponent(`Bearer ${await sim.accessToken()}`);
    expect(await refusalOf(`${base}?contextId=${encodeURIComponent('a b')}&Authorization=${token}`)).toBe(
      400,
    );
    expect(
      await refusalOf(
        `${sim.baseUrl.replace(/^http/, 'ws')}/streamingws/elsewhere?contextId=x1&Authorization=${token}`,
      ),
    ).toBe(404);
    const unauthorized = await fetch(`${sim.baseUrl}/streamingws/authorize?contextId=x1`, { method: 'PUT' });
    expect(unauthorized.status).toBe(401);
    expect((await call(sim, 'PUT', 'streamingws/authorize')).status).toBe(400);
    expect((await call(sim, 'PUT', 'streamingws/authorize?contextId=x1')).status).toBe(202);
  });

  it('serves an option chain window and moves it on PATCH', async () => {
    const created = await call(sim, 'POST', 'trade/v1/optionschain/subscriptions', {
      ContextId: 'chains',
      ReferenceId: 'spx',
      Arguments: {
        AssetType: 'StockIndexOption',
        Identifier: 1,
        Expiries: [{ Index: 0 }],
        MaxStrikesPerExpiry: 6,
      },
    });
    expect(created.status).toBe(201);
    const snapshot = created.body.Snapshot as {
      ExpiryCount: number;
      Expiries: {
        Index: number;
        MidStrikePrice?: number;
        Strikes?: {
          Strike: number;
          Call?: { Bid: number; Ask: number; Greeks: { Delta: number } };
          Put?: unknown;
        }[];
      }[];
    };
    expect(snapshot.Expiries).toHaveLength(snapshot.ExpiryCount);
    const window = snapshot.Expiries[0]!.Strikes!.filter((strike) => strike.Call);
    expect(window).toHaveLength(6);
    // Centred on the underlying: strikes on either side of the mid strike, calls' deltas falling with the strike.
    const mid = snapshot.Expiries[0]!.MidStrikePrice!;
    expect(window[0]!.Strike).toBeLessThan(mid);
    expect(window.at(-1)!.Strike).toBeGreaterThan(mid);
    expect(window[0]!.Call!.Greeks.Delta).toBeGreaterThan(window.at(-1)!.Call!.Greeks.Delta);
    expect(snapshot.Expiries[1]!.Strikes).toBeUndefined();

    expect(
      (
        await call(sim, 'PATCH', 'trade/v1/optionschain/subscriptions/chains/spx', {
          Expiries: [{ Index: 2, StrikeStartIndex: 0 }],
          MaxStrikesPerExpiry: 4,
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await call(sim, 'PATCH', 'trade/v1/optionschain/subscriptions/chains/spx', {
          MaxStrikesPerExpiry: 100_000,
        })
      ).status,
    ).toBe(400);
    expect((await call(sim, 'PATCH', 'trade/v1/optionschain/subscriptions/chains/nothing', {})).status).toBe(
      404,
    );
    const bad = await call(sim, 'POST', 'trade/v1/optionschain/subscriptions', {
      ContextId: 'chains',
      ReferenceId: 'x',
      Arguments: { AssetType: 'Stock', Identifier: 1 },
    });
    expect(Object.keys(bad.body.ModelState ?? {})).toContain('Arguments.AssetType');
    const missing = await call(sim, 'POST', 'trade/v1/optionschain/subscriptions', {
      ContextId: 'chains',
      ReferenceId: 'x',
      Arguments: { AssetType: 'StockOption', Identifier: 1 },
    });
    expect(missing.status).toBe(404);
    expect((await call(sim, 'DELETE', 'trade/v1/optionschain/subscriptions/chains/spx')).status).toBe(202);
  });

  it('keeps a quiet connection alive with heartbeats, numbering its messages consecutively', async () => {
    const token = encodeURIComponent(`Bearer ${await sim.accessToken('trader2')}`);
    const socket = new WebSocket(
      `${sim.baseUrl.replace(/^http/, 'ws')}/streamingws/connect?contextId=beats&Authorization=${token}&sendHeartbeats=true`,
    );
    const messages: { id: number; referenceId: string; payload: string }[] = [];
    socket.on('message', (data: Buffer) => messages.push(...parseFrame(data)));
    await new Promise((resolve) => socket.once('open', resolve));
    try {
      await new Promise((resolve) => setTimeout(resolve, 2600));
      // Nothing to say for 2 s: a connection heartbeat, which has no message id.
      const beat = messages.find((message) => message.referenceId === '_connectionheartbeat');
      expect(beat?.id).toBe(0);
      // A subscription whose fields never change (an index's display) hears a heartbeat instead.
      const created = await call(
        sim,
        'POST',
        'trade/v1/infoprices/subscriptions',
        {
          ContextId: 'beats',
          ReferenceId: 'still',
          Arguments: { Uic: 1000, AssetType: 'StockIndex', FieldGroups: ['DisplayAndFormat'] },
        },
        'trader2',
      );
      expect(created.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const heartbeat = messages.find((message) => message.referenceId === '_heartbeat');
      expect(JSON.parse(heartbeat!.payload)).toEqual([
        { ReferenceId: '_heartbeat', Heartbeats: [{ OriginatingReferenceId: 'still', Reason: 'NoNewData' }] },
      ]);
      const numbered = messages
        .filter((message) => message.referenceId !== '_connectionheartbeat')
        .map((message) => message.id);
      expect(numbered).toEqual(numbered.map((_, index) => index + 1));
    } finally {
      socket.close();
    }
  });

  it('answers browser apps’ preflights for the subscription endpoints', async () => {
    const preflight = await fetch(`${sim.baseUrl}/trade/v1/prices/subscriptions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});
