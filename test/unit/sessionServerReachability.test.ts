/**
 * A sign-in to a server that does not answer fails within the budget, with the reason in words,
 * instead of leaving a login page that never loads; any HTTP answer counts as reachable.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError } from '../../main/core/session/authErrors';
import { ensureSignInServiceReachable, unreachableReason } from '../../main/core/session/serverReachability';

const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as { port: number }).port;
}

/** A port nothing listens on (opened and closed again). */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the sign-in service must answer before its login page is shown', () => {
  it('counts any HTTP answer as reachable, a 404 included', async () => {
    const port = await listen(createHttpServer((_request, response) => response.writeHead(404).end()));
    await expect(ensureSignInServiceReachable(`http://127.0.0.1:${port}/auth`)).resolves.toBeUndefined();
  });

  it('says the connection was refused where nothing listens', async () => {
    const port = await closedPort();
    const failure = ensureSignInServiceReachable(`http://127.0.0.1:${port}/auth`);
    await expect(failure).rejects.toBeInstanceOf(AuthError);
    await expect(failure).rejects.toThrow(
      `The sign-in service at http://127.0.0.1:${port} could not be reached: it refused the connection (nothing answers on that address and port).`,
    );
  });

  it('gives up within the budget on a server that accepts but never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    const port = await listen(silent);
    servers.push({ close: () => sockets.forEach((socket) => socket.destroy()) });
    const started = performance.now();
    await expect(ensureSignInServiceReachable(`http://127.0.0.1:${port}/auth`, {}, 300)).rejects.toThrow(
      'could not be reached: it did not answer within 1 second.',
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('names the reason found anywhere in the error’s causes', () => {
    expect(unreachableReason(new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } }), 12_000)).toContain('name could not be found');
    expect(unreachableReason(Object.assign(new Error('x'), { name: 'TimeoutError' }), 12_000)).toBe('it did not answer within 12 seconds');
    expect(unreachableReason(new Error('odd'), 12_000)).toBe('the connection failed');
  });
});
