/**
 * A TCP proxy in front of a server, to cut a client off as a network would: while "blackholed"
 * it swallows what the server sends on streaming (WebSocket) connections, and `cut()` destroys
 * every connection at once. HTTP requests pass untouched.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** From now on, what the server sends on WebSocket connections is dropped. */
  blackhole(): void;
  /** Destroys every connection through the proxy (and ends the blackhole). */
  cut(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; server: net.Socket; streaming: boolean }>();
  let dropping = false;
  const proxy = net.createServer((client) => {
    const server = net.connect(targetPort, '127.0.0.1');
    const pair = { client, server, streaming: false };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (chunk.includes('Upgrade: websocket') || chunk.includes('upgrade: websocket')) pair.streaming = true;
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (!(dropping && pair.streaming)) client.write(chunk);
    });
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('close', end).on('error', end);
    server.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    blackhole: () => (dropping = true),
    cut: () => {
      dropping = false;
      for (const pair of [...pairs]) {
        pair.client.destroy();
        pair.server.destroy();
      }
      pairs.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) {
          pair.client.destroy();
          pair.server.destroy();
        }
        proxy.close(() => resolve());
      }),
  };
}
