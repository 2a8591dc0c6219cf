/**
 * One streaming context: a client's streaming session, named by the ContextId it chose and
 * owned by the user whose token created it (two users' contexts of the same id are unrelated).
 * It holds the subscriptions made for it, at most one connection at a time, and the message
 * sequence: ids are consecutive per context, and the messages last sent are kept so that a
 * client reconnecting with `messageid` gets what it missed; a client whose gap can no longer be
 * filled is told to reset its subscriptions instead, and the sequence starts again at 1.
 */
import type { WebSocket } from 'ws';
import { frameMessages, type OutgoingMessage } from './frames';
import type { Subscription } from './subscription';

/** Sent messages kept for resumption: one frame's buffer and where its messages start. */
interface SentFrame {
  firstId: number;
  lastId: number;
  buffer: Buffer;
  offsets: number[];
}

/** The connection of a context while one is open. */
export interface ContextConnection {
  socket: WebSocket;
  /** The access token the connection is authorized with (renewed by the authorize PUT). */
  token: string;
  /** When that token expires (epoch ms, simulator clock). */
  tokenExpiresAt: number;
  /** The sign-in session of that token: revoking it (a sign-out) ends the connection. */
  sessionId: string;
  sendHeartbeats: boolean;
  /** When something was last sent (real time, ms). */
  lastSentAt: number;
}

export class StreamingContext {
  /** Subscriptions by reference id, lower case (reference ids are case-insensitive). */
  readonly subscriptions = new Map<string, Subscription>();
  connection: ContextConnection | undefined;
  /** When the last connection closed (real time, ms); undefined while connected or never connected. */
  disconnectedAt: number | undefined;
  private nextId = 1;
  private readonly sent: SentFrame[] = [];
  private sentMessages = 0;

  constructor(
    /** UserKey of the owner. */
    readonly owner: string,
    readonly contextId: string,
    private readonly replayMessages: number,
    now: number,
  ) {
    this.disconnectedAt = now;
  }

  /** Frames and sends messages (ids given here), keeping them for resumption. False when not connected. */
  send(messages: readonly Omit<OutgoingMessage, 'id'>[], now: number): boolean {
    const connection = this.connection;
    if (!connection || messages.length === 0) return false;
    const numbered = messages.map((message) => ({ ...message, id: this.nextId++ }));
    const frame = frameMessages(numbered);
    this.remember({ firstId: numbered[0]!.id, lastId: numbered.at(-1)!.id, ...frame });
    connection.socket.send(frame.buffer);
    connection.lastSentAt = now;
    return true;
  }

  /** Sends a `_connectionheartbeat`, which has no message id and is not kept. */
  sendConnectionHeartbeat(now: number): void {
    const connection = this.connection;
    if (!connection) return;
    const { buffer } = frameMessages([
      { id: 0, referenceId: '_connectionheartbeat', payload: '[{"ReferenceId":"_connectionheartbeat"}]' },
    ]);
    connection.socket.send(buffer);
    connection.lastSentAt = now;
  }

  private remember(frame: SentFrame): void {
    this.sent.push(frame);
    this.sentMessages += frame.lastId - frame.firstId + 1;
    // Whole frames go, oldest first, until at most `replayMessages` messages are kept.
    while (this.sent.length > 0 && this.sentMessages > this.replayMessages) {
      const dropped = this.sent.shift()!;
      this.sentMessages -= dropped.lastId - dropped.firstId + 1;
    }
  }

  /**
   * What a connection resuming after message `lastSeen` must be sent: the kept messages after it,
   * or 'reset' when they are no longer all kept (or the client claims messages never sent).
   */
  resumeAfter(lastSeen: number): Buffer[] | 'reset' {
    const lastSent = this.nextId - 1;
    if (lastSeen === lastSent) return [];
    if (lastSeen > lastSent) return 'reset';
    const first = this.sent.find((frame) => frame.lastId > lastSeen);
    if (!first || first.firstId > lastSeen + 1) return 'reset';
    return this.sent
      .filter((frame) => frame.lastId > lastSeen)
      .map((frame) =>
        frame.firstId > lastSeen
          ? frame.buffer
          : frame.buffer.subarray(frame.offsets[lastSeen + 1 - frame.firstId]!),
      );
  }

  /** Starts the sequence again: the next message sent is number 1, and nothing is kept. */
  restartSequence(): void {
    this.nextId = 1;
    this.sent.length = 0;
    this.sentMessages = 0;
  }
}
