/**
 * The platform's binary framing of streaming messages (what openapi-clientlib's plain
 * WebSocket transport parses): several messages per WebSocket frame, each
 *   message id      8 bytes, unsigned little-endian, consecutive per streaming context
 *   reserved        2 bytes, zero
 *   reference id    1 byte of length, then the ASCII reference id (at most 50 characters)
 *   payload format  1 byte: 0 = JSON
 *   payload size    4 bytes, unsigned little-endian
 *   payload         UTF-8 JSON: a delta object or array, or an array for control messages.
 */

/** One message to frame. */
export interface OutgoingMessage {
  id: number;
  referenceId: string;
  /** JSON text. */
  payload: string;
}

const HEADER_BYTES = 8 + 2 + 1 + 1 + 4;
const JSON_FORMAT = 0;

/**
 * The messages framed into one buffer, with the offset each message starts at (so a replay can
 * start mid-buffer).
 */
export function frameMessages(messages: readonly OutgoingMessage[]): { buffer: Buffer; offsets: number[] } {
  let total = 0;
  const sizes = messages.map((message) => {
    const size = Buffer.byteLength(message.payload, 'utf8');
    total += HEADER_BYTES + message.referenceId.length + size;
    return size;
  });
  const buffer = Buffer.allocUnsafe(total);
  const offsets: number[] = [];
  let offset = 0;
  messages.forEach((message, index) => {
    offsets.push(offset);
    buffer.writeUInt32LE(message.id % 4294967296, offset);
    buffer.writeUInt32LE(Math.floor(message.id / 4294967296), offset + 4);
    buffer.writeUInt16LE(0, offset + 8);
    buffer.writeUInt8(message.referenceId.length, offset + 10);
    offset += 11;
    offset += buffer.write(message.referenceId, offset, 'latin1');
    buffer.writeUInt8(JSON_FORMAT, offset);
    buffer.writeUInt32LE(sizes[index]!, offset + 1);
    offset += 5;
    offset += buffer.write(message.payload, offset, 'utf8');
  });
  return { buffer, offsets };
}

/** A parsed message (for tests and the benchmark's clients). */
export interface ParsedMessage {
  id: number;
  referenceId: string;
  payload: string;
}

/** Parses a frame of messages (the inverse of frameMessages). */
export function parseFrame(buffer: Buffer): ParsedMessage[] {
  const messages: ParsedMessage[] = [];
  let offset = 0;
  while (offset < buffer.length) {
    const id = buffer.readUInt32LE(offset) + buffer.readUInt32LE(offset + 4) * 4294967296;
    const referenceLength = buffer.readUInt8(offset + 10);
    offset += 11;
    const referenceId = buffer.toString('latin1', offset, offset + referenceLength);
    offset += referenceLength + 1;
    const size = buffer.readUInt32LE(offset);
    offset += 4;
    messages.push({ id, referenceId, payload: buffer.toString('utf8', offset, offset + size) });
    offset += size;
  }
  return messages;
}
