/**
 * A scriptable stand-in for the service over real HTTP on 127.0.0.1, for fault injection:
 * each test decides how the next requests are answered (latency, 5xx, 429 with headers,
 * malformed JSON, dropped connections) and reads back what the client sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  path: string;
  authorization?: string;
  /** True when the client went away before the answer was complete. */
  abandoned: boolean;
}

export type FakeHandler = (request: IncomingMessage, response: ServerResponse, index: number) => void;

export interface FakeService {
  baseUrl: string;
  requests: SeenRequest[];
  /** How requests are answered from now on (index counts from 0 for each new handler). */
  answerWith(handler: FakeHandler): void;
  close(): Promise<void>;
}

/** Answers JSON with a status and headers. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(text);
}

export async function startFakeService(): Promise<FakeService> {
  let handler: FakeHandler = (_request, response) => sendJson(response, 200, { Data: [] });
  let index = 0;
  const requests: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const seen: SeenRequest = {
      path: request.url ?? '',
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      abandoned: false,
    };
    requests.push(seen);
    response.on('close', () => {
      if (!response.writableFinished) seen.abandoned = true;
    });
    handler(request, response, index++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/openapi`,
    requests,
    answerWith(next) {
      handler = next;
      index = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
