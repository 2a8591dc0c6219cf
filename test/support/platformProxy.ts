/**
 * The simulator as a platform whose events can change while a test runs: a pass-through proxy
 * on 127.0.0.1 in front of the simulator's API that answers corporate action events (the list
 * and one event) with a test's amendments applied (e.g. a new deadline and UpdatedDateTime, as
 * when an agent corrects an event after it was reviewed). Desks and review service replicas
 * use its `baseUrl` as the platform; sign-in stays with the simulator's authorization server.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { CorporateActionEvent } from '../../contract/wire/types';

export interface PlatformProxy {
  /** The API base URL (ends in /openapi), like the simulator's. */
  baseUrl: string;
  /** From now on, event `eventId` reads as the simulator has it with `fields` replaced. */
  amend(eventId: string, fields: Partial<CorporateActionEvent>): void;
  close(): Promise<void>;
}

/** Starts a proxy in front of the simulator API at `simulatorBaseUrl`. */
export async function startPlatformProxy(simulatorBaseUrl: string): Promise<PlatformProxy> {
  const target = new URL(simulatorBaseUrl);
  const amendments = new Map<string, Partial<CorporateActionEvent>>();
  const amended = (event: CorporateActionEvent) => ({ ...event, ...(amendments.get(event.EventId) ?? {}) });

  const server: Server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        // Hop-by-hop: the simulator's keep-alive promise is not this proxy's (its sockets idle
        // out sooner), and a client trusting it would reuse a socket the proxy already closed.
        delete answer.headers['keep-alive'];
        delete answer.headers.connection;
        const isEvents =
          /\/ca\/v2\/events(\/[^/?]+)?(\?|$)/.test(incoming.url ?? '') &&
          !incoming.url?.includes('lookupdata');
        if (!isEvents || answer.statusCode !== 200 || amendments.size === 0) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as
            CorporateActionEvent | { Data: CorporateActionEvent[] };
          const changed = 'Data' in body ? { ...body, Data: body.Data.map(amended) } : amended(body);
          const text = JSON.stringify(changed);
          const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
          delete headers['transfer-encoding'];
          outgoing.writeHead(200, headers);
          outgoing.end(text);
        });
      },
    );
    upstream.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ ErrorCode: 'BadGateway', Message: error.message }));
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`,
    amend: (eventId, fields) => amendments.set(eventId, { ...(amendments.get(eventId) ?? {}), ...fields }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
