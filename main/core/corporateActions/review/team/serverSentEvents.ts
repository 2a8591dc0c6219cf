/**
 * Reads a server-sent event stream (the WHATWG `text/event-stream` format) from a body of
 * chunks: lines ending in LF, CRLF or CR; `event`, `data` (joined with LF), `id` fields;
 * comments (heartbeats) skipped; a message ends at a blank line. undici's EventSource parses the
 * same format but sends no Authorization header, hides the status and body of a refused
 * connection and reconnects on its own to the same address; the team review stream needs a
 * bearer token, the refusal's words, and reconnection to the next replica with a fresh token.
 */

export interface ServerSentEvent {
  /** The `event` field; `message` when absent. */
  event: string;
  /** The `data` lines joined with LF. */
  data: string;
  /** The `id` field of this message, when it had one. */
  id?: string;
}

/** Longest message accepted (a change of 1,000 events is far smaller); a longer one ends the stream. */
const MAX_MESSAGE_CHARS = 16 * 1024 * 1024;

/** Yields each message of `body` as it completes; ends when the body ends (a partial last message is dropped). */
export async function* serverSentEvents(body: AsyncIterable<Uint8Array | string>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  const parser = new MessageParser();
  let first = true;
  for await (const chunk of body) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text.length > 0) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    yield* parser.push(text);
  }
  // A CR at the very end was held back as a possible first half of CRLF: it ends its line.
  yield* parser.push('\n', true);
}

/** Lines to messages, across chunks. */
class MessageParser {
  private pending = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  private size = 0;

  /** Adds text and answers the messages it completed; `last`: the body ended (a lone trailing CR is a line end). */
  push(text: string, last = false): ServerSentEvent[] {
    this.pending = last && this.pending.endsWith('\r') ? `${this.pending.slice(0, -1)}\n` : this.pending + (last ? '' : text);
    const messages: ServerSentEvent[] = [];
    let end: number;
    while ((end = lineEnd(this.pending)) >= 0) {
      const line = this.pending.slice(0, end);
      const crlf = this.pending[end] === '\r' && this.pending[end + 1] === '\n';
      this.pending = this.pending.slice(crlf ? end + 2 : end + 1);
      const message = this.line(line);
      if (message) messages.push(message);
    }
    if (this.pending.length > MAX_MESSAGE_CHARS) throw new Error('The live stream sent a line larger than RefDesk accepts.');
    return messages;
  }

  private line(line: string): ServerSentEvent | undefined {
    if (line === '') {
      const message =
        this.data.length > 0
          ? { event: this.event || 'message', data: this.data.join('\n'), ...(this.id !== undefined ? { id: this.id } : {}) }
          : undefined;
      this.event = '';
      this.data = [];
      this.id = undefined;
      this.size = 0;
      return message;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    this.size += value.length;
    if (this.size > MAX_MESSAGE_CHARS) throw new Error('The live stream sent a message larger than RefDesk accepts.');
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return undefined;
  }
}

/** Index of the first complete line's terminator in `text`, or -1. */
function lineEnd(text: string): number {
  const lf = text.indexOf('\n');
  const cr = text.indexOf('\r');
  if (cr < 0 || (lf >= 0 && lf < cr)) return lf;
  return cr + 1 < text.length ? cr : -1;
}
