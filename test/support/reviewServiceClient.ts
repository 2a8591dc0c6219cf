/**
 * A client of the team review service as a desk would use it, for tests and the bench: the
 * bearer token on every call, a list of replicas (a replica that cannot be reached is left for
 * the next one), and a live stream that reconnects by itself — to the next replica when its own
 * is gone — resuming with Last-Event-ID.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import type {
  ReviewAction,
  ReviewActionsResult,
  ReviewChangeMessage,
  TeamReviewErrorBody,
} from '../../contract/wire/review';

export interface Answer<T> {
  status: number;
  body: T;
  /** The replica that answered. */
  replica: string;
}

/** A connection failure: the request never reached a replica (safe to send to another). */
function unreachable(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(code ?? cause?.code ?? '');
}

export class TeamReviewClient {
  private current = 0;

  constructor(
    readonly replicas: string[],
    private readonly token: () => string | Promise<string>,
  ) {}

  /** The replica requests go to now. */
  get replica(): string {
    return this.replicas[this.current % this.replicas.length]!;
  }

  /** Moves on to the next replica in the list. */
  failOver(): void {
    this.current = (this.current + 1) % this.replicas.length;
  }

  async call<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
    for (let tried = 0; ; tried++) {
      const replica = this.replica;
      try {
        // undici's request, not fetch: the bench's 50 desks spent a tenth of their CPU in fetch's
        // web streams, on the machine whose service they measure.
        const response = await request(`${replica}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${await this.token()}`,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        return { status: response.statusCode, body: (await response.body.json()) as T, replica };
      } catch (error) {
        if (!unreachable(error) || tried + 1 >= this.replicas.length) throw error;
        this.failOver();
      }
    }
  }

  /** Sends actions with a new idempotency key and a deadline 30 s ahead. */
  act(...actions: ReviewAction[]): Promise<Answer<ReviewActionsResult & TeamReviewErrorBody>> {
    return this.request({}, ...actions);
  }

  /** Sends actions with the given idempotency key and deadline (defaults as `act`). */
  request(
    options: { key?: string; deadline?: Date },
    ...actions: ReviewAction[]
  ): Promise<Answer<ReviewActionsResult & TeamReviewErrorBody>> {
    return this.call('POST', '/v1/reviews/actions', {
      IdempotencyKey: options.key ?? randomUUID(),
      Deadline: (options.deadline ?? new Date(Date.now() + 30_000)).toISOString(),
      Actions: actions,
    });
  }

  /** Opens the live stream (resuming after `lastEventId` when given). */
  stream(options: { lastEventId?: string; retryMs?: number } = {}): LiveStream {
    return new LiveStream(this, options.lastEventId, options.retryMs ?? 100);
  }

  /** Headers for the stream request (used by LiveStream). */
  async streamHeaders(lastEventId: string | undefined): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await this.token()}`,
      accept: 'text/event-stream',
      ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}),
    };
  }
}

export interface StreamMessage {
  event: string;
  data: unknown;
  id?: string;
  /** performance.now() when it arrived. */
  at: number;
  replica: string;
}

export class LiveStream {
  readonly messages: StreamMessage[] = [];
  /**
   * Whether messages are kept in `messages` (for `waitFor` and `changes`). A bench desk that only
   * needs `onMessage` stops keeping them: 50 desks keeping 20,000 messages a second spent a fifth
   * of the bench process's CPU collecting garbage, beside the service they measure.
   */
  keep = true;
  /** The replica of each connection made, in order. */
  readonly connections: string[] = [];
  /** The id of the last message that had one (sent back as Last-Event-ID). */
  lastEventId: string | undefined;
  onMessage: ((message: StreamMessage) => void) | undefined;
  private readonly abort = new AbortController();
  private waiters = new Set<() => void>();

  constructor(
    private readonly client: TeamReviewClient,
    lastEventId: string | undefined,
    private readonly retryMs: number,
  ) {
    this.lastEventId = lastEventId;
    void this.run();
  }

  /** The `change` messages received. */
  changes(): ReviewChangeMessage[] {
    return this.messages
      .filter((message) => message.event === 'change')
      .map((message) => message.data as ReviewChangeMessage);
  }

  /** Resolves with the first message (already received or to come) `matches` accepts. */
  waitFor(matches: (message: StreamMessage) => boolean, timeoutMs = 5000): Promise<StreamMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(matches);
        if (!found) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(
            `no matching stream message within ${timeoutMs} ms; got ${JSON.stringify(this.messages.map((m) => [m.event, m.id]))}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.abort.abort();
  }

  private async run(): Promise<void> {
    while (!this.abort.signal.aborted) {
      const replica = this.client.replica;
      try {
        const response = await request(`${replica}/v1/events/stream`, {
          headers: await this.client.streamHeaders(this.lastEventId),
          signal: this.abort.signal,
        });
        if (response.statusCode !== 200) {
          // Read to its end (a refusal's small body): destroyed unread, undici emits an AbortError
          // that nothing listens for.
          await response.body.dump();
          throw new Error(`stream refused: ${response.statusCode}`);
        }
        this.connections.push(replica);
        await this.read(response.body, replica);
      } catch {
        if (this.abort.signal.aborted) return;
      }
      // The connection ended: the replica is gone or restarting; try the next one.
      this.client.failOver();
      await new Promise((resolve) => setTimeout(resolve, this.retryMs));
    }
  }

  private async read(body: NodeJS.ReadableStream, replica: string): Promise<void> {
    body.setEncoding('utf8');
    let buffer = '';
    for await (const chunk of body) {
      buffer += chunk as string;
      let boundary: number;
      while ((boundary = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        this.dispatch(block, replica);
      }
    }
  }

  private dispatch(block: string, replica: string): void {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (id !== undefined) this.lastEventId = id;
    if (data.length === 0) return;
    const message: StreamMessage = {
      event,
      data: JSON.parse(data.join('\n')),
      at: performance.now(),
      replica,
      ...(id ? { id } : {}),
    };
    if (this.keep) this.messages.push(message);
    this.onMessage?.(message);
    for (const waiter of [...this.waiters]) waiter();
  }
}
