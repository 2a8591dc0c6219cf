/**
 * Main's HTTP client of the team review service: the signed-in user's platform token on every
 * request (never handed to the renderer), the configured list of replicas tried in turn, and
 * every answer turned into JSON or one of the review errors (reviewErrors.ts) in words:
 *
 * - every attempt has a short timeout (4 s): a replica that does not answer in time, or cannot be
 *   reached, is "not responding" (said in the review store's view until it answers again, probed
 *   every few seconds) and the request goes to the next replica;
 * - a change carries an idempotency key and a deadline (10 s ahead): a change that got no answer
 *   is sent again, with the same key, to the next replica, so it is applied once however many
 *   replicas saw it, and the service never commits it past the deadline; when no replica
 *   answers by then, the user is told it is not confirmed (and will not be saved later);
 * - 401 for an expired token: the session renews it once and the request is replayed once (the
 *   desk's one rule, api/bearer.ts); any other 401 is refused in words;
 * - 409 ReviewConflict → ReviewConflictError naming who changed what; 503 → unavailable.
 */
import { randomUUID } from 'node:crypto';
import { Agent, type Dispatcher } from 'undici';
import { renewSession, sendWithBearer, type SessionAuth } from '../../../api/bearer';
import type {
  ReviewAction,
  ReviewActionsResult,
  TeamReviewErrorBody,
} from '../../../../../contract/wire/review';
import { ReviewConflictError, ReviewRefusedError, TeamReviewUnavailableError } from '../reviewErrors';
import { notTeamMemberRefusal, notTeamMemberText } from './notTeamMember';
import { conflictFromWire } from './teamWire';

/** How often a replica that is not responding is asked whether it answers again. */
const PROBE_MS = 5000;
/** Errors meaning the request never reached the replica. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** Pause after every replica failed once, before the change is sent round again. */
const ROUND_PAUSE_MS = 300;

export interface TeamServiceClientOptions {
  /** The replicas, in the order to try them. */
  urls: readonly string[];
  /** The signed-in session: the bearer token, renewed after a 401 for an expired token. */
  auth: SessionAuth;
  /** Longest wait for one replica's answer before the next is tried (default 4 s). */
  timeoutMs?: number;
  /** How long a change may take to be confirmed: its deadline (default 10 s). */
  confirmMs?: number;
  /** The undici dispatcher (a keep-alive pool unless given). */
  dispatcher?: Dispatcher;
  /** Told when requests move to another replica, or one answers again. */
  onReplica?: (url: string) => void;
  /** Told whenever the replicas that are not responding change. */
  onNotResponding?: (urls: string[]) => void;
  /** The signed-in user's name, to tell a user the team does not have who they are signed in as. */
  userName?: () => string | undefined;
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
  private readonly silent = new Set<string>();
  private readonly silenceListeners = new Set<(url: string) => void>();
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

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

  /** Replicas that did not answer in time and have not answered since. */
  get notResponding(): string[] {
    return this.options.urls.filter((url) => this.silent.has(url));
  }

  /** Moves requests (and the live stream) to the next replica of the list. */
  failOver(): string {
    this.current = (this.current + 1) % this.options.urls.length;
    this.options.onReplica?.(this.replica);
    return this.replica;
  }

  /** Calls `listener` when a replica stops responding (the live stream leaves it then). */
  onSilence(listener: (url: string) => void): () => void {
    this.silenceListeners.add(listener);
    return () => this.silenceListeners.delete(listener);
  }

  get auth(): SessionAuth {
    return this.options.auth;
  }

  /** The signed-in user's name, where the session knows it. */
  userName(): string | undefined {
    return this.options.userName?.();
  }

  /** Sends one request and answers its JSON, or throws a review error in words. */
  async call<T>(request: TeamRequest): Promise<T> {
    const firstToken = await this.token();
    const answer = await sendWithBearer(
      this.options.auth,
      (token) => this.send(request, token ?? firstToken),
      { firstToken, curable: (refused) => expired(refused.text) },
    );
    return judge<T>(answer, this.options.userName?.());
  }

  /**
   * Sends review actions (applied together or not at all) under one idempotency key and a
   * deadline, to one replica after another until one answers or the deadline passes.
   */
  async act(actions: ReviewAction[]): Promise<ReviewActionsResult> {
    const deadline = Date.now() + (this.options.confirmMs ?? 10_000);
    const body = {
      IdempotencyKey: randomUUID(),
      Deadline: new Date(deadline).toISOString(),
      Actions: actions,
    };
    const firstToken = await this.token();
    const answer = await sendWithBearer(
      this.options.auth,
      (token) => this.sendUntil(body, token ?? firstToken, deadline),
      { firstToken, curable: (refused) => expired(refused.text) },
    );
    return judge<ReviewActionsResult>(answer, this.options.userName?.());
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probe);
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

  /** A read: each replica in turn (starting with the current one) until one answers. */
  private async send(request: TeamRequest, token: string): Promise<Answer> {
    const failures: string[] = [];
    for (let tried = 0; tried < this.options.urls.length; tried++) {
      const replica = this.replica;
      try {
        const answer = await this.attempt(replica, request, token, this.options.timeoutMs ?? 4000);
        if (tried > 0) this.options.onReplica?.(replica);
        return answer;
      } catch (error) {
        if (request.signal?.aborted) throw error;
        failures.push(`${replica}: ${(error as Error).message}`);
        this.failOver();
      }
    }
    throw new TeamReviewUnavailableError(
      `Team review unavailable: no replica of the team review service answers (${failures.join('; ')}).`,
    );
  }

  /** A change: the same key to one replica after another until one answers, never past the deadline. */
  private async sendUntil(body: unknown, token: string, deadline: number): Promise<Answer> {
    const failures: string[] = [];
    /** Whether some replica may have received the change (it did not refuse the connection). */
    let maybeReceived = false;
    for (let tried = 0; Date.now() < deadline; tried++) {
      const replica = this.replica;
      const wait = Math.min(this.options.timeoutMs ?? 4000, deadline - Date.now());
      try {
        const answer = await this.attempt(
          replica,
          { method: 'POST', path: '/v1/reviews/actions', body },
          token,
          wait,
        );
        if (tried > 0) this.options.onReplica?.(replica);
        return answer;
      } catch (error) {
        failures.push(`${replica}: ${(error as Error).message}`);
        maybeReceived ||= !NOT_SENT.has((error as { code?: string }).code ?? '');
        if (this.replica === replica) this.failOver();
        if ((tried + 1) % this.options.urls.length !== 0) continue;
        // Every replica failed once: none of them has the change, or one may (and the key keeps it single).
        if (!maybeReceived) {
          throw new TeamReviewUnavailableError(
            `Team review unavailable: no replica of the team review service answers (${failures.join('; ')}). Your change was not sent.`,
          );
        }
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, Math.min(ROUND_PAUSE_MS, deadline - Date.now()))),
        );
      }
    }
    throw new TeamReviewUnavailableError(
      `Not confirmed: the team review service did not confirm your change within ${Math.round((this.options.confirmMs ?? 10_000) / 1000)} s ` +
        `(${failures.join('; ')}), and it will not be saved after ${new Date(deadline).toISOString()}. Reload to see what the team has, and try again.`,
    );
  }

  /** One request to one replica, given up after `timeoutMs`; a replica that did not answer is marked not responding. */
  private async attempt(
    replica: string,
    request: TeamRequest,
    token: string,
    timeoutMs: number,
  ): Promise<Answer> {
    const url = new URL(replica);
    const limit = AbortSignal.timeout(Math.max(1, timeoutMs));
    try {
      const response = await this.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname.replace(/\/+$/, '')}${request.path}`,
        method: request.method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        signal: request.signal ? AbortSignal.any([request.signal, limit]) : limit,
      });
      const text = await response.body.text();
      this.responding(replica);
      return { status: response.statusCode, text, replica };
    } catch (error) {
      if (!request.signal?.aborted) this.silenced(replica);
      if (limit.aborted)
        throw new Error(`no answer within ${(timeoutMs / 1000).toFixed(1)} s`, { cause: error });
      throw error;
    }
  }

  private silenced(replica: string): void {
    if (this.silent.has(replica)) return;
    this.silent.add(replica);
    this.options.onNotResponding?.(this.notResponding);
    for (const listener of this.silenceListeners) listener(replica);
    this.probe ??= setInterval(() => void this.probeSilent(), PROBE_MS);
    this.probe.unref();
  }

  private responding(replica: string): void {
    if (!this.silent.delete(replica)) return;
    this.options.onNotResponding?.(this.notResponding);
    if (this.silent.size === 0) {
      clearInterval(this.probe);
      this.probe = undefined;
    }
  }

  /** Asks each replica that is not responding for its health: one that answers is responding again. */
  private async probeSilent(): Promise<void> {
    for (const replica of [...this.silent]) {
      if (this.closed) return;
      const url = new URL(replica);
      try {
        const response = await this.dispatcher.request({
          origin: url.origin,
          path: `${url.pathname.replace(/\/+$/, '')}/v1/health`,
          method: 'GET',
          signal: AbortSignal.timeout(2000),
        });
        await response.body.text();
        if (response.statusCode < 500) this.responding(replica);
      } catch {
        // Still not responding.
      }
    }
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

/** The JSON of a 2xx answer, or the review error its status and body mean (`userName`: who is signed in). */
function judge<T>(answer: Answer, userName: string | undefined): T {
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
    if (answer.status === 404 && body?.ErrorCode && body.ErrorCode !== 'NotFound') {
      throw new ReviewRefusedError(body.ErrorCode, message, 404);
    }
    const what = answer.status === 404 ? `${answer.replica} is not a team review service (404)` : message;
    throw new TeamReviewUnavailableError(
      what.startsWith('Team review unavailable') ? what : `Team review unavailable: ${what}`,
    );
  }
  const notMember = answer.status === 403 ? notTeamMemberRefusal(body) : undefined;
  if (notMember) throw new ReviewRefusedError('NotTeamMember', notTeamMemberText(notMember, userName), 403);
  throw new ReviewRefusedError(
    body.ErrorCode || 'TeamReviewRefused',
    message,
    answer.status,
    body.ModelState,
    body.Disagreements,
  );
}
