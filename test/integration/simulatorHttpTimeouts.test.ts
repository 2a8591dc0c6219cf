import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastifyConnectionOptions } from '../../main/simulator/http/connectionLimits';
import { openUnfinishedRequest, rawRequest } from '../support/rawHttp';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

/** Short limits, so the test sees connections closed within a second or two. */
const LIMITS = { headersTimeoutMs: 400, requestTimeoutMs: 800, idleTimeoutMs: 600, keepAliveTimeoutMs: 300, bodyLimitBytes: 4096 };
/** How long past its limit a connection may stay open: the sweep's period plus a loaded machine's slack. */
const GRACE_MS = 1_500;
/** Connections of each kind held open at once (the audit held 300; enough to show none is kept). */
const CONNECTIONS = 40;

describe('the simulator closes connections that never finish', () => {
  let sim: TestSimulator;
  let port: number;

  beforeAll(async () => {
    sim = await startTestSimulator({ connectionLimits: LIMITS });
    port = sim.simulator.info.port;
  });
  afterAll(() => sim.close());

  const tokenRequest = (length: number) =>
    `POST /auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`;

  it('closes connections whose headers never end, or that send nothing, within the header timeout', async () => {
    const fates = await Promise.all([
      ...Array.from({ length: CONNECTIONS }, () =>
        openUnfinishedRequest(port, 'GET /openapi/ref/v1/countries HTTP/1.1\r\nHost: 127.0.0.1\r\n', { giveUpAfterMs: 10_000 }),
      ),
      ...Array.from({ length: CONNECTIONS }, () => openUnfinishedRequest(port, '', { giveUpAfterMs: 10_000 })),
      // Headers trickled a byte at a time: never idle, never complete.
      ...Array.from({ length: 10 }, () =>
        openUnfinishedRequest(port, 'GET /openapi/ref/v1/countries HTTP/1.1\r\n', { trickle: 'X', trickleEveryMs: 50, giveUpAfterMs: 10_000 }),
      ),
    ]);
    for (const fate of fates) expect(fate.closedAfterMs).toBeLessThan(LIMITS.idleTimeoutMs + GRACE_MS);
    // Where the server answered before closing, it said why.
    for (const fate of fates.filter((each) => each.received !== '')) expect(fate.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes requests whose body never ends, even when bytes keep coming, within the request timeout', async () => {
    const started = Date.now();
    const fates = await Promise.all([
      ...Array.from({ length: CONNECTIONS }, () => openUnfinishedRequest(port, `${tokenRequest(1000)}grant_type=`, { giveUpAfterMs: 10_000 })),
      ...Array.from({ length: 10 }, () =>
        openUnfinishedRequest(port, `${tokenRequest(100_000)}grant_type=`, { trickle: 'a', trickleEveryMs: 50, giveUpAfterMs: 10_000 }),
      ),
    ]);
    for (const fate of fates) expect(fate.closedAfterMs).toBeLessThan(LIMITS.requestTimeoutMs + GRACE_MS);
    expect(Date.now() - started).toBeLessThan(LIMITS.requestTimeoutMs + GRACE_MS + 1_000);
  });

  it('keeps serving while unfinished requests are held, and closes an idle kept-alive connection', async () => {
    const held = Array.from({ length: CONNECTIONS }, () => openUnfinishedRequest(port, tokenRequest(1000), { giveUpAfterMs: 10_000 }));
    expect((await sim.get('ref/v1/countries')).status).toBe(200);
    await Promise.all(held);

    const socket = net.connect(port, '127.0.0.1');
    const openedAt = Date.now();
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.write('GET /openapi/ref/v1/countries HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer.toLowerCase()).toContain('keep-alive');
    expect(Date.now() - openedAt).toBeLessThan(LIMITS.keepAliveTimeoutMs + GRACE_MS);
  });

  it('refuses a body over the configured limit, and reads one under it', async () => {
    // The auth server's form parser has its own (64 KiB) limit; any other body meets the simulator's.
    // /token answers every unreadable body as RFC 6749's invalid_request, naming the cause.
    const post = (body: string) =>
      rawRequest(port, `POST /auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    const over = await post(JSON.stringify({ grant_type: 'a'.repeat(LIMITS.bodyLimitBytes) }));
    expect(over.status).toBe(400);
    expect(over.body).toMatch(/too large/i);
    const under = await post(JSON.stringify({ grant_type: 'a'.repeat(LIMITS.bodyLimitBytes - 100) }));
    expect(under.status).toBe(400);
    expect(under.body).not.toMatch(/too large/i);
  });

  it('has every timeout on by default (Fastify’s own defaults wait forever), and refuses limits that are not positive whole numbers', () => {
    const defaults = fastifyConnectionOptions();
    expect(defaults).toMatchObject({ connectionTimeout: 60_000, requestTimeout: 30_000, keepAliveTimeout: 10_000, bodyLimit: 65_536 });
    expect(defaults.http).toMatchObject({ headersTimeout: 10_000, requestTimeout: 30_000 });
    expect(() => fastifyConnectionOptions({ requestTimeoutMs: 0 })).toThrow(/requestTimeoutMs must be a positive whole number/);
    expect(() => fastifyConnectionOptions({ idleTimeoutMs: 1.5 })).toThrow(/idleTimeoutMs/);
    // A header timeout longer than the request timeout is cut to it (Node refuses the opposite).
    expect(fastifyConnectionOptions({ headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 }).http.headersTimeout).toBe(1_000);
  });
});
