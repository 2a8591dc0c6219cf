/**
 * HTTP over a raw socket, for requests that fetch and undici refuse to send (a malformed Host,
 * a forged Host, a body that never ends): the tests of the simulator's HTTP edge write the bytes
 * themselves and read what comes back.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 response (status line, headers, body as sent). */
export function parseRawResponse(text: string): RawResponse {
  const headerEnd = text.indexOf('\r\n\r\n');
  const head = headerEnd < 0 ? text : text.slice(0, headerEnd);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: headerEnd < 0 ? '' : text.slice(headerEnd + 4) };
}

/**
 * Sends `request` (the whole request text, CRLFs included; it should say `Connection: close`)
 * to 127.0.0.1:`port` and resolves with the response once the server closes the connection.
 */
export function rawRequest(port: number, request: string, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms; received: ${received.slice(0, 200)}`));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseRawResponse(received));
    });
  });
}

/** What became of a connection the test opened and left unfinished. */
export interface ConnectionFate {
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
  /** Everything the server wrote before closing (a 408 answer, or nothing). */
  received: string;
}

/**
 * Opens a connection, writes `start` and then `trickle` every `trickleEveryMs` (if given), and
 * resolves when the server closes it; rejects if it is still open after `giveUpAfterMs`.
 */
export function openUnfinishedRequest(
  port: number,
  start: string,
  options: { trickle?: string; trickleEveryMs?: number; giveUpAfterMs: number },
): Promise<ConnectionFate> {
  return new Promise((resolve, reject) => {
    const openedAt = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
    let received = '';
    const trickler =
      options.trickle !== undefined
        ? setInterval(() => {
            if (!socket.destroyed) socket.write(options.trickle ?? '');
          }, options.trickleEveryMs ?? 100)
        : undefined;
    const giveUp = setTimeout(() => {
      clearInterval(trickler);
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${options.giveUpAfterMs} ms`));
    }, options.giveUpAfterMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    // A write racing the server's close may fail; what matters is that the server closed.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(trickler);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - openedAt, received });
    });
  });
}

/**
 * Opens a connection, writes `start` (a request whose body never comes) and resolves with the
 * server's answer as soon as its head has arrived, with how long that took; rejects after
 * `giveUpAfterMs` without one.
 */
export function answerBeforeBody(
  port: number,
  start: string,
  giveUpAfterMs: number,
): Promise<RawResponse & { afterMs: number }> {
  return new Promise((resolve, reject) => {
    const openedAt = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
    let received = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${giveUpAfterMs} ms; received: ${received.slice(0, 200)}`));
    }, giveUpAfterMs);
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      received += chunk;
      const headEnd = received.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(received)?.[1] ?? 0);
      if (headEnd < 0 || received.length < headEnd + 4 + length) return;
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ ...parseRawResponse(received), afterMs: Date.now() - openedAt });
    });
  });
}
