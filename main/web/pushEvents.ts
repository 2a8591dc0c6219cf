/**
 * The web shell's push-event stream: a long-lived response of server-sent events carrying
 * every event of main's bus to the page, with a heartbeat comment so proxies and sleeping
 * laptops notice a dead connection. Streams are ended when the shell closes (otherwise closing
 * the server would wait on them forever).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PushEventBus } from '../core/events';

const HEARTBEAT_MS = 25_000;

/** Registers `POST path` answering an event stream to requests `isAllowed` accepts; `onOpen` hears each stream opened. */
export function servePushEvents(
  app: FastifyInstance,
  path: string,
  events: PushEventBus,
  isAllowed: (request: FastifyRequest) => boolean,
  onOpen: () => void = () => undefined,
): void {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.post(path, async (request, reply) => {
    if (!isAllowed(request)) {
      return reply
        .status(403)
        .type('text/plain; charset=utf-8')
        .send('Event streams are opened only by the RefDesk page.');
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    raw.write(': connected\n\n');
    const unsubscribe = events.subscribe((event, payload) => {
      raw.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
      // Sent now, not on the next tick Node's response waits for: a universe generated on this
      // thread holds it for seconds to minutes, and the page shows how far it has got meanwhile.
      raw.socket?.uncork();
    });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!raw.writableEnded) raw.end();
    };
    open.add(end);
    raw.on('close', end);
    onOpen();
  });
}
