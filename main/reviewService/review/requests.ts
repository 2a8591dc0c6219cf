/**
 * Idempotency keys and deadlines of review requests. Each request names a key of the desk's
 * choosing and a deadline; the service applies a key at most once (review_request's primary key,
 * looked up under the team's lock) and answers a retry with the first outcome, refusals
 * included; it never commits past the deadline (a trigger checks the time of the commit). Keys
 * are kept a day: a desk retries for seconds, not days.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import {
  DEADLINE_PASSED,
  MAX_DEADLINE_AHEAD_SECONDS,
  type ReviewAction,
  type ReviewActionsResult,
  type TeamReviewErrorBody,
} from '../../../contract/wire/review';
import { ReviewServiceError } from '../errors';
import { storedResultWithThreads } from './noteThreads';

/** The SQLSTATE of the deadline trigger (migration 0003). */
export const DEADLINE_SQLSTATE = 'RD408';
/** How long a key's outcome is kept. */
const KEPT_FOR = '1 day';

/** The SHA-256 (hex) of a request's actions, as parsed (so the same actions always hash the same). */
export function requestHashOf(actions: ReviewAction[]): string {
  return createHash('sha256').update(JSON.stringify(actions)).digest('hex');
}

/** The refusal of a request whose deadline passed (before it arrived, or before it could commit). */
export function deadlinePassed(deadline: Date): ReviewServiceError {
  return new ReviewServiceError(
    409,
    DEADLINE_PASSED,
    `This change was not saved: its deadline (${deadline.toISOString()}) passed before the team review service could commit it, and it never will be. ` +
      'Try again; if every change ends so, check that this computer’s clock is right.',
  );
}

/** Refuses a deadline already past, or so far ahead that a clock must be wrong (checked again at commit). */
export function checkDeadline(deadline: Date, now = new Date()): void {
  if (deadline.getTime() < now.getTime()) throw deadlinePassed(deadline);
  if (deadline.getTime() - now.getTime() > MAX_DEADLINE_AHEAD_SECONDS * 1000) {
    throw new ReviewServiceError(
      400,
      'InvalidRequest',
      `Deadline is more than ${MAX_DEADLINE_AHEAD_SECONDS} s after the service's clock (${now.toISOString()}): check this computer's clock.`,
      { modelState: { Deadline: ['Too far ahead of the service’s clock.'] } },
    );
  }
}

/** A key's first outcome as review_begin reads it. */
export interface StoredOutcome {
  userKey: string;
  requestHash: string;
  status: number;
  response: unknown;
}

/** What a retry gets: the first outcome again (or a refusal when the key was used for another request). */
export function replay(outcome: StoredOutcome, userKey: string, requestHash: string): ReviewActionsResult {
  if (outcome.userKey !== userKey || outcome.requestHash !== requestHash) {
    throw new ReviewServiceError(
      422,
      'IdempotencyKeyReused',
      'This IdempotencyKey was already used for another request: send each new request with a new key.',
      { modelState: { IdempotencyKey: ['Used for another request.'] } },
    );
  }
  if (outcome.status === 200) return { ...(outcome.response as ReviewActionsResult), Replayed: true };
  const body = outcome.response as TeamReviewErrorBody;
  throw new ReviewServiceError(outcome.status, body.ErrorCode, body.Message, {
    ...(body.ModelState ? { modelState: body.ModelState } : {}),
    ...(body.Conflicts ? { conflicts: body.Conflicts } : {}),
    ...(body.Disagreements ? { disagreements: body.Disagreements } : {}),
  });
}

/** The stored outcome of `key`, if any (outside the team's lock: only for refusals before it). */
export async function storedOutcome(
  pool: pg.Pool,
  team: string,
  key: string,
): Promise<StoredOutcome | undefined> {
  const { rows } = await pool.query<{
    user_key: string;
    request_hash: Buffer;
    status: number;
    response: unknown;
  }>(
    'SELECT user_key, request_hash, status, response FROM review_request WHERE team = $1 AND idempotency_key = $2',
    [team, key],
  );
  const row = rows[0];
  return row
    ? {
        userKey: row.user_key,
        requestHash: row.request_hash.toString('hex'),
        status: row.status,
        response:
          row.status === 200
            ? await storedResultWithThreads(pool, team, row.response as ReviewActionsResult)
            : row.response,
      }
    : undefined;
}

/** Whether a refusal is an outcome a retry must get again (not a passing state of the service or a wrong request). */
export function isKeptRefusal(error: unknown): error is ReviewServiceError {
  return (
    error instanceof ReviewServiceError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.errorCode !== DEADLINE_PASSED &&
    error.errorCode !== 'IdempotencyKeyReused' &&
    error.errorCode !== 'InvalidRequest'
  );
}

/** Keeps a refusal as the key's first outcome (unless the key already has one, or the deadline passed meanwhile). */
export async function keepRefusal(
  pool: pg.Pool,
  request: { team: string; key: string; userKey: string; requestHash: string; deadline: Date },
  refusal: ReviewServiceError,
): Promise<void> {
  await pool
    .query(
      `INSERT INTO review_request (team, idempotency_key, user_key, request_hash, deadline, received_at, status, response)
       VALUES ($1, $2, $3, decode($4, 'hex'), $5, now(), $6, $7) ON CONFLICT (team, idempotency_key) DO NOTHING`,
      [
        request.team,
        request.key,
        request.userKey,
        request.requestHash,
        request.deadline,
        refusal.status,
        JSON.stringify(refusal.body()),
      ],
    )
    // Not kept (the deadline passed, the database went away): a retry is then judged afresh, which it may be.
    .catch(() => {});
}

/** Forgets the outcomes of requests older than a day (run now and then by each replica). */
export async function forgetOldRequests(pool: pg.Pool, team: string): Promise<void> {
  await pool.query(
    `DELETE FROM review_request WHERE team = $1 AND received_at < now() - interval '${KEPT_FOR}'`,
    [team],
  );
}
