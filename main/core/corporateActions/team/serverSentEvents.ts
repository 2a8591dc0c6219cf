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
  let pending = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let size = 0;
  let first = true;
  for await (const chunk of body) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && pending.length > 0) {
      first = false;
      if (pending.charCodeAt(0) === 0xfeff) pending = pending.slice(1);
    }
    let end: number;
    // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
    while ((end = lineEnd(pending)) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(pending[end] === '\r' && pending[end + 1] === '\n' ? end + 2 : end + 1);
      if (line === '') {
        if (data.length > 0) yield { event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) };
        event = '';
        data = [];
        id = undefined;
        size = 0;
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      size += value.length;
      if (size > MAX_MESSAGE_CHARS) throw new Error('The live stream sent a message larger than RefDesk accepts.');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\0')) id = value;
    }
    if (pending.length > MAX_MESSAGE_CHARS) throw new Error('The live stream sent a line larger than RefDesk accepts.');
  }
}

/** Index of the first complete line's terminator in `text`, or -1. */
function lineEnd(text: string): number {
  const lf = text.indexOf('\n');
  const cr = text.indexOf('\r');
  if (cr < 0 || (lf >= 0 && lf < cr)) return lf;
  return cr + 1 < text.length ? cr : -1;
}
