/**
 * How requests go on the wire: undici (Node's own HTTP client) with a keep-alive pool per
 * origin, its per-attempt header and body timeouts, cancellation that reaches the socket, and
 * its retry interceptor, which re-dispatches an attempt as `retry.ts` decides (exponential
 * backoff with full jitter, the rate-limit headers of a 429).
 *
 * One small interceptor of our own sits below the retry: `wholeAnswers` hands an answer on only
 * once its body has arrived complete (and decompressed). undici's retry resumes a body that
 * broke off with a Range request, which a JSON service does not honour; with whole answers, a
 * connection dropped mid-body is an attempt that failed before it answered, and is retried from
 * the start like any other dropped connection. Half an answer never reaches the caller.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, interceptors, type Dispatcher } from 'undici';

/** Largest body accepted, as sent and once decompressed: far above any answer of the service. */
export const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

const decoders: Record<string, (body: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress) as (body: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>,
};

/** The body as its content-encoding says (the service's gateways may compress). */
async function decoded(body: Buffer, encoding: string | string[] | undefined): Promise<Buffer> {
  const name = String(encoding ?? '')
    .trim()
    .toLowerCase();
  if (name === '' || name === 'identity' || body.length === 0) return body;
  const decode = decoders[name];
  if (!decode) throw new Error(`The service sent an answer encoded as "${name}", which RefDesk cannot read.`);
  return decode(body, { maxOutputLength: MAX_ANSWER_BYTES });
}

/**
 * Holds an answer back until its body is complete, then hands it on in one piece. It is also the
 * controller the caller sees: pausing holds the pieces back (undici's retry pauses an answer
 * while it decides whether to try again), aborting reaches the connection.
 */
class WholeAnswerHandler implements Dispatcher.DispatchHandler, Dispatcher.DispatchController {
  private connection: Dispatcher.DispatchController | undefined;
  /** receiving the answer → decoding its body → handing it on → done; or failed at any point. */
  private state: 'receiving' | 'decoding' | 'handing' | 'done' | 'failed' = 'receiving';
  private status = 0;
  private statusMessage: string | undefined;
  private headers: IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  /** The pieces left to hand on: start, body, end. */
  private pending: (() => void)[] = [];
  private held = false;
  private abortReason: Error | null = null;

  constructor(private readonly next: Dispatcher.DispatchHandler) {}

  get aborted(): boolean {
    return this.abortReason !== null || (this.connection?.aborted ?? false);
  }

  get paused(): boolean {
    return this.held;
  }

  get reason(): Error | null {
    return this.abortReason ?? this.connection?.reason ?? null;
  }

  abort(reason: Error): void {
    this.abortReason ??= reason;
    // Still on the wire: the connection drops the request (and reports the abort back through onResponseError).
    if (this.state === 'receiving') this.connection?.abort(reason);
    // Already off the wire: the caller hears of the abort from here.
    else if (this.state === 'decoding' || this.state === 'handing') this.fail(reason);
  }

  pause(): void {
    this.held = true;
  }

  resume(): void {
    this.held = false;
    this.handOn();
  }

  onRequestStart(connection: Dispatcher.DispatchController, context: unknown): void {
    this.connection = connection;
    this.next.onRequestStart?.(this, context);
  }

  onResponseStart(
    _connection: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    this.status = statusCode;
    this.statusMessage = statusMessage;
    this.headers = headers;
  }

  onResponseData(_connection: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  onResponseEnd(_connection: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    if (this.state !== 'receiving') return;
    this.state = 'decoding';
    const { 'content-encoding': encoding, 'content-length': _sent, ...rest } = this.headers;
    decoded(Buffer.concat(this.chunks), encoding).then(
      (body) => {
        if (this.state !== 'decoding') return;
        const headers = { ...rest, 'content-length': String(body.length) };
        this.state = 'handing';
        this.pending = [
          () => this.next.onResponseStart?.(this, this.status, headers, this.statusMessage),
          () => (body.length > 0 ? this.next.onResponseData?.(this, body) : undefined),
          () => this.next.onResponseEnd?.(this, trailers),
        ];
        this.handOn();
      },
      (error: Error) => {
        if (this.state === 'decoding') this.fail(error);
      },
    );
  }

  onResponseError(_connection: Dispatcher.DispatchController, error: Error): void {
    if (this.state === 'receiving') this.fail(error);
  }

  private fail(error: Error): void {
    this.state = 'failed';
    this.pending = [];
    this.next.onResponseError?.(this, error);
  }

  private handOn(): void {
    while (!this.held && this.state === 'handing' && this.pending.length > 0) this.pending.shift()?.();
    if (this.state === 'handing' && this.pending.length === 0) this.state = 'done';
  }
}

/** The interceptor that hands answers on whole (see above). */
export function wholeAnswers(): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) => dispatch(options, new WholeAnswerHandler(handler));
}

/**
 * The dispatcher every request of the service client goes through: `base` (a keep-alive pool per
 * origin unless given, e.g. a proxy agent) with whole answers below undici's retry.
 */
export function serviceDispatcher(base?: Dispatcher, connectTimeoutMs = 30_000): Dispatcher {
  const pool =
    base ??
    new Agent({
      keepAliveTimeout: 10_000,
      connections: 16,
      connect: { timeout: connectTimeoutMs },
      maxResponseSize: MAX_ANSWER_BYTES,
    });
  // The retry rule comes with each request (retry.ts), so it can follow that call's own budget and signal.
  return pool.compose(wholeAnswers(), interceptors.retry({ throwOnError: false }));
}
