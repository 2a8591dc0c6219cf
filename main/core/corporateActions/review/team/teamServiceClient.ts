/**
 * Main's HTTP client of the team review service: the signed-in user's platform token on every
 * request (never handed to the renderer), the configured list of replicas tried in turn, and
 * every answer turned into JSON or one of the review errors (reviewErrors.ts) in words:
 *
 * - a replica that cannot be reached is left for the next one in the list (a request that may
 *   have reached a replica and changes state is not sent again: the user is told it may not
 *   have been saved); none reachable → "Team review unavailable";
 * - 401 for an expired token: the session renews it once and the request is replayed once (the
 *   desk's one rule, api/bearer.ts); any other 401 (a token of another authorization server) is
 *   refused in words;
 * - 409 ReviewConflict → ReviewConflictError naming who changed what; 503 → unavailable.
 */
import { Agent, type Dispatcher } from 'undici';
import { renewSession, sendWithBearer, type SessionAuth } from '../../../api/bearer';
import type { TeamReviewErrorBody } from '../../../../../contract/wire/review';
import { ReviewConflictError, ReviewRefusedError, TeamReviewUnavailableError } from '../reviewErrors';
import { conflictFromWire } from './teamWire';

/** Errors meaning the request never reached the replica: safe to send to the next one. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export interface TeamServiceClientOptions {
  /** The replicas, in the order to try them. */
  urls: readonly string[];
  /** The signed-in session: the bearer token, renewed after a 401 for an expired token. */
  auth: SessionAuth;
  /** Per-request timeout for the answer's headers and each silence in its body (default 10 s). */
  timeoutMs?: number;
  /** The undici dispatcher (a keep-alive pool unless given). */
  dispatcher?: Dispatcher;
  /** Told when requests move to another replica, or one answers again. */
  onReplica?: (url: string) => void;
}

export interface TeamRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/v1/reviews?EventIds=1,2`. */
  path: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** What a replica answered (before it is judged). */
interface Answer {
  status: number;
  text: string;
  replica: string;
}

export class TeamServiceClient {
  private current = 0;
  readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;

  constructor(private readonly options: TeamServiceClientOptions) {
    if (options.urls.length === 0) throw new Error('The team review service needs at least one address.');
    this.ownsDispatcher = !options.dispatcher;
    this.dispatcher =
      options.dispatcher ?? new Agent({ connect: { timeout: 5000 }, keepAliveTimeout: 10_000 });
  }

  get urls(): readonly string[] {
    return this.options.urls;
  }

  /** The replica requests go to now. */
  get replica(): string {
    return this.options.urls[this.current % this.options.urls.length]!;
  }

  /** Moves requests (and the live stream) to the next replica of the list. */
  failOver(): string {
    this.current = (this.current + 1) % this.options.urls.length;
    this.options.onReplica?.(this.replica);
    return this.replica;
  }

  get auth(): SessionAuth {
    return this.options.auth;
  }

  /** Sends one request and answers its JSON, or throws a review error in words. */
  async call<T>(request: TeamRequest): Promise<T> {
    const firstToken = await this.token();
    const answer = await sendWithBearer(
      this.options.auth,
      (token) => this.send(request, token ?? firstToken),
      {
        firstToken,
        curable: (refused) => expired(refused.text),
      },
    );
    return judge<T>(answer);
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /** The session's token; when there is none (expired), the session is asked to renew first. */
  async token(): Promise<string> {
    const token = this.options.auth.accessToken();
    if (token) return token;
    if (await this.renewed(undefined)) {
      const renewed = this.options.auth.accessToken();
      if (renewed) return renewed;
    }
    throw new ReviewRefusedError(
      'NotSignedIn',
      'Sign in to use team review: it is reached with your platform sign-in.',
    );
  }

  /** Asks the session to renew the token `rejected` (bearer.ts); a failing renewal counts as "no". */
  renewed(rejected: string | undefined): Promise<boolean> {
    return renewSession(this.options.auth, rejected);
  }

  /** Tries the replicas in turn, starting with the current one, until one answers. */
  private async send(request: TeamRequest, token: string): Promise<Answer> {
    const failures: string[] = [];
    for (let tried = 0; tried < this.options.urls.length; tried++) {
      const replica = this.replica;
      try {
        const response = await this.dispatcher.request({
          origin: new URL(replica).origin,
          path: `${new URL(replica).pathname.replace(/\/+$/, '')}${request.path}`,
          method: request.method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
          headersTimeout: this.options.timeoutMs ?? 10_000,
          bodyTimeout: this.options.timeoutMs ?? 10_000,
          ...(request.signal ? { signal: request.signal } : {}),
        });
        const text = await response.body.text();
        if (tried > 0) this.options.onReplica?.(replica);
        return { status: response.statusCode, text, replica };
      } catch (error) {
        if (request.signal?.aborted) throw error;
        const code = (error as { code?: string }).code ?? '';
        failures.push(`${replica}: ${(error as Error).message}`);
        if (request.method === 'POST' && !NOT_SENT.has(code)) {
          throw new TeamReviewUnavailableError(
            `Team review unavailable: the connection to ${replica} broke before it answered, so your change may not have been saved (${(error as Error).message}). Reload to see the current state.`,
            { cause: error },
          );
        }
        this.failOver();
      }
    }
    throw new TeamReviewUnavailableError(
      `Team review unavailable: no replica of the team review service answers (${failures.join('; ')}).`,
    );
  }
}

/** Whether a 401's body says the token expired (the one 401 a renewal cures). */
function expired(text: string): boolean {
  return /expired/i.test(text);
}

function parseBody(answer: Answer): TeamReviewErrorBody | undefined {
  try {
    return JSON.parse(answer.text) as TeamReviewErrorBody;
  } catch {
    return undefined;
  }
}

/** The JSON of a 2xx answer, or the review error its status and body mean. */
function judge<T>(answer: Answer): T {
  const body = parseBody(answer);
  if (answer.status >= 200 && answer.status < 300) {
    if (body === undefined)
      throw new TeamReviewUnavailableError(
        `Team review unavailable: ${answer.replica} answered with a body that is not JSON.`,
      );
    return body as T;
  }
  const message = body?.Message ?? `the service answered ${answer.status}`;
  if (answer.status === 409 && body?.Conflicts) {
    throw new ReviewConflictError(message, body.Conflicts.map(conflictFromWire));
  }
  if (answer.status === 401)
    throw new ReviewRefusedError(
      'TeamReviewSignInRefused',
      `The team review service did not accept your sign-in: ${message}`,
      401,
    );
  if (answer.status >= 500 || answer.status === 404 || body === undefined) {
    const what = answer.status === 404 ? `${answer.replica} is not a team review service (404)` : message;
    throw new TeamReviewUnavailableError(
      what.startsWith('Team review unavailable') ? what : `Team review unavailable: ${what}`,
    );
  }
  throw new ReviewRefusedError(
    body.ErrorCode || 'TeamReviewRefused',
    message,
    answer.status,
    body.ModelState,
  );
}
