/**
 * Reading the platform's streaming messages: a WebSocket frame holds several, each
 *   message id      8 bytes, unsigned little-endian (consecutive per streaming context;
 *                   `_connectionheartbeat` carries 0)
 *   reserved        2 bytes
 *   reference id    1 byte of length, then that many ASCII characters
 *   payload format  1 byte: 0 = JSON, 1 = protobuf (never asked for: the desk subscribes JSON)
 *   payload size    4 bytes, unsigned little-endian
 *   payload         UTF-8 JSON.
 * A frame that breaks off mid-message is refused whole, never half read.
 */

/** One message of a frame. */
export interface StreamingMessage {
  id: number;
  referenceId: string;
  /** The payload as parsed JSON. */
  payload: unknown;
}

/** Thrown for a frame that is not the platform's framing. */
export class FrameError extends Error {}

const HEADER_BYTES = 11;

/** The messages of one binary frame, in order. */
export function parseStreamingFrame(frame: Buffer): StreamingMessage[] {
  const messages: StreamingMessage[] = [];
  let offset = 0;
  while (offset < frame.length) {
    if (offset + HEADER_BYTES > frame.length)
      throw new FrameError('A streaming frame ends inside a message header.');
    const id = frame.readUInt32LE(offset) + frame.readUInt32LE(offset + 4) * 4294967296;
    const referenceLength = frame.readUInt8(offset + 10);
    offset += HEADER_BYTES;
    if (offset + referenceLength + 5 > frame.length)
      throw new FrameError('A streaming frame ends inside a message header.');
    const referenceId = frame.toString('latin1', offset, offset + referenceLength);
    offset += referenceLength;
    const format = frame.readUInt8(offset);
    const size = frame.readUInt32LE(offset + 1);
    offset += 5;
    if (offset + size > frame.length) throw new FrameError('A streaming frame ends inside a message.');
    if (format !== 0)
      throw new FrameError(`A streaming message came in format ${format}; RefDesk reads JSON only.`);
    let payload: unknown;
    try {
      payload = JSON.parse(frame.toString('utf8', offset, offset + size));
    } catch {
      throw new FrameError(`The streaming message for ${referenceId} is not JSON.`);
    }
    messages.push({ id, referenceId, payload });
    offset += size;
  }
  return messages;
}
