/**
 * Every refusal of the review service as one error type carrying its HTTP status and the
 * service's error body `{ErrorCode, Message, ModelState?, Conflicts?, Disagreements?}`, and the Fastify handlers
 * that make every failure such an answer: bad input is a 4xx, a database that cannot be reached
 * is a 503 "Team review unavailable", never a 500. Every 5xx is logged (one line, without
 * `--verbose`), never with the request's token or body.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  TEAM_REVIEW_UNAVAILABLE,
  type EventFactDisagreement,
  type NotTeamMemberBody,
  type ReviewConflict,
  type TeamReviewErrorBody,
} from '../../contract/wire/review';
import { isDatabaseUnavailable } from './database/pool';

export class ReviewServiceError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly details: {
      modelState?: Record<string, string[]>;
      conflicts?: ReviewConflict[];
      disagreements?: EventFactDisagreement[];
      /** The fields of a `NotTeamMember` refusal (notTeamMemberBody). */
      notTeamMember?: Pick<NotTeamMemberBody, 'UserKey' | 'TeamName' | 'Removed'>;
      /** Sent as Retry-After (429, 503). */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = 'ReviewServiceError';
  }

  body(): TeamReviewErrorBody {
    return {
      ErrorCode: this.errorCode,
      Message: this.message,
      ...(this.details.modelState ? { ModelState: this.details.modelState } : {}),
      ...(this.details.conflicts ? { Conflicts: this.details.conflicts } : {}),
      ...(this.details.disagreements ? { Disagreements: this.details.disagreements } : {}),
      ...this.details.notTeamMember,
    };
  }
}

/**
 * The refusal of a caller the team does not have (`removed`: it had them until the team file
 * changed): the UserKey and team as fields for desks, and the same in words for people.
 */
export function notTeamMemberBody(userKey: string, teamName: string, removed: boolean): NotTeamMemberBody {
  return {
    ErrorCode: 'NotTeamMember',
    Message: removed
      ? `User ${userKey} is no longer a member of the team ${teamName}.`
      : `User ${userKey} is not a member of the team ${teamName}; ask the team's administrator to add you.`,
    UserKey: userKey,
    TeamName: teamName,
    Removed: removed,
  };
}

/** notTeamMemberBody as the 403 a request gets. */
export function notTeamMember(userKey: string, teamName: string): ReviewServiceError {
  const { ErrorCode, Message, ...fields } = notTeamMemberBody(userKey, teamName, false);
  return new ReviewServiceError(403, ErrorCode, Message, { notTeamMember: fields });
}

/** 503 while the database cannot be reached. */
export function teamReviewUnavailable(cause: unknown): ReviewServiceError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ReviewServiceError(
    503,
    TEAM_REVIEW_UNAVAILABLE,
    `Team review unavailable: the review database cannot be reached (${reason}). Nothing was changed; try again in a moment.`,
  );
}

/** Parses `input` with `schema`, or throws a 400 naming each field that could not be used. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const modelState: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || what;
    (modelState[field] ??= []).push(issue.message);
  }
  const first = result.error.issues[0];
  throw new ReviewServiceError(
    400,
    'InvalidRequest',
    `The ${what} could not be used: ${first?.message ?? 'invalid'}`,
    {
      modelState,
    },
  );
}

/**
 * What a 5xx's log line says of its cause: the error's kind, PostgreSQL's code and its message
 * with every quoted value left out (PostgreSQL quotes the input it refused, which may be a
 * note), at most 300 characters. Never the request's headers or body.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  const message = error.message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\s+/g, ' ')
    .slice(0, 300);
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${message}`;
}

/** Installs the not-found and error handlers on the service's Fastify instance; `log` gets every 5xx. */
export function installErrorHandlers(app: FastifyInstance, log: (line: string) => void): void {
  /** The cause of a request's 5xx, said when its answer has gone (onResponse). */
  const causes = new WeakMap<FastifyRequest, string>();
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
    // The route's pattern (no ids, no query) and the request's number; never headers or body.
    log(
      `${reply.statusCode} ${request.method} ${request.routeOptions.url ?? '(no route)'} (request ${request.id}): ${causes.get(request) ?? 'no cause recorded'}`,
    );
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      ErrorCode: 'NotFound',
      Message: `No such resource: ${request.method} ${request.url.split('?')[0]}`,
    });
  });
  app.setErrorHandler((raw: FastifyError | ReviewServiceError, request, reply) => {
    if (raw instanceof ReviewServiceError) {
      if (raw.status === 401) void reply.header('www-authenticate', `Bearer error="invalid_token"`);
      if (raw.details.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(raw.details.retryAfterSeconds));
      if (raw.status >= 500) causes.set(request, describeFailure(raw));
      return reply.status(raw.status).send(raw.body());
    }
    causes.set(request, describeFailure(raw));
    if (isDatabaseUnavailable(raw)) {
      const error = teamReviewUnavailable(raw);
      return reply.status(error.status).header('retry-after', '2').send(error.body());
    }
    const status =
      typeof raw.statusCode === 'number' && raw.statusCode >= 400 && raw.statusCode < 500
        ? raw.statusCode
        : 0;
    if (status) return reply.status(status).send({ ErrorCode: 'InvalidRequest', Message: raw.message });
    return reply
      .status(500)
      .send({ ErrorCode: 'InternalServerError', Message: 'The review service failed unexpectedly.' });
  });
}
