import { describe, expect, it } from 'vitest';
import {
  serverSentEvents,
  type ServerSentEvent,
} from '../../main/core/corporateActions/review/team/serverSentEvents';

async function read(chunks: (string | Uint8Array)[]): Promise<ServerSentEvent[]> {
  async function* body() {
    for (const chunk of chunks) yield chunk;
  }
  const messages: ServerSentEvent[] = [];
  for await (const message of serverSentEvents(body())) messages.push(message);
  return messages;
}

describe('reading the team review live stream (text/event-stream)', () => {
  it('reads event, id and data of each message, skipping heartbeat comments', async () => {
    expect(
      await read([
        'event: ready\nid: 7\ndata: {"Sequence":7}\n\n',
        ': heartbeat\n\n',
        'id: 8\nevent: change\ndata: {"Sequence":8}\n\n',
      ]),
    ).toEqual([
      { event: 'ready', id: '7', data: '{"Sequence":7}' },
      { event: 'change', id: '8', data: '{"Sequence":8}' },
    ]);
  });

  it('puts together messages and lines split across chunks anywhere, CRLF and a byte order mark included', async () => {
    const text = '\ufeffevent: change\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: reset\rdata: {}\r\r';
    const bytes = new TextEncoder().encode(text);
    const chunks = Array.from(bytes, (byte) => new Uint8Array([byte]));
    expect(await read(chunks)).toEqual([
      { event: 'change', data: '{"a":\n1}' },
      { event: 'reset', data: '{}' },
    ]);
  });

  it('calls a message without an event field "message", and drops a message the stream cut short', async () => {
    expect(await read(['data: x\n\n', 'event: change\ndata: {"cut'])).toEqual([
      { event: 'message', data: 'x' },
    ]);
  });
});
