/**
 * A port of 127.0.0.1 nobody listens on right now (opened and closed again): for a server that
 * binds it a moment later, or must come back on the same one, or for a client that must find
 * nothing there.
 */
import { createServer } from 'node:net';

/** Resolves with the port, already closed again. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
