/**
 * The review service's HTTP API (docs/team-review.md): every route but /v1/health needs the
 * caller's platform bearer token and team membership; every query and body is parsed with the
 * contract's schema before any work.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { eventIdSchema } from '../../../contract/corporateActions';
import {
  auditQuerySchema,
  readsQuerySchema,
  reviewActionsBodySchema,
  reviewsQuerySchema,
} from '../../../contract/wire/review';
import type { AuditVerification } from '../../../contract/wire/review';
import type { AuditKey } from '../audit/auditKey';
import { verifyAuditLog } from '../audit/verifyAudit';
import type { Caller } from '../auth/identity';
import { parseInput, ReviewServiceError, teamReviewUnavailable } from '../errors';
import type { PlatformClient } from '../platform/platformClient';
import { auditFeed, readMarksOf, reviewedEventOf, reviewsOf, workQueue } from '../review/queries';
import { ReviewRequests, type OwnWrite } from '../review/store';
import type { TeamCommits } from '../review/writerQueue';
import type { Team } from '../team';

export interface RouteDependencies {
  pool: pg.Pool;
  team: Team;
  authenticate: (request: FastifyRequest) => Promise<Caller>;
  auditKey: AuditKey;
  platform: PlatformClient;
  /** See StoreDependencies.ownWrite: the replica's change feed is told of its own commits. */
  ownWrite?: () => OwnWrite;
  /** See StoreDependencies.commits. */
  commits?: TeamCommits;
}

/** How long one verification of the audit log is answered again (it reads the whole log). */
const VERIFICATION_KEPT_MS = 30_000;

export function registerRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const { pool, team, authenticate } = deps;
  const requests = new ReviewRequests(deps);
  /** For load balancers: 200 while the database answers, 503 otherwise. No token needed, nothing revealed. */
  app.get('/v1/health', async (_request, reply) => {
    try {
      await pool.query('SELECT 1');
      return { Status: 'Ok' };
    } catch (error) {
      const unavailable = teamReviewUnavailable(error);
      return reply.status(503).send(unavailable.body());
    }
  });

  app.get('/v1/team', async (request) => team.describe(await authenticate(request)));

  app.get('/v1/reviews', async (request) => {
    const caller = await authenticate(request);
    const query = parseInput(reviewsQuerySchema, request.query, 'query');
    if (query.EventIds) {
      const data = await reviewsOf(pool, team.id, caller.userKey, query.EventIds);
      return { __count: data.length, Data: data };
    }
    return workQueue(pool, team.id, caller.userKey, query);
  });

  app.get<{ Params: { EventId: string } }>('/v1/reviews/:EventId/reviewed-event', async (request) => {
    await authenticate(request);
    const eventId = parseInput(eventIdSchema, request.params.EventId, 'EventId');
    const snapshot = await reviewedEventOf(pool, team.id, eventId);
    if (!snapshot) {
      throw new ReviewServiceError(
        404,
        'NotReviewed',
        `Event ${eventId} is not reviewed (or was reviewed before the service kept events as reviewed): there is no reviewed version to show.`,
      );
    }
    return snapshot;
  });

  app.post('/v1/reviews/actions', async (request) => {
    const caller = await authenticate(request);
    const body = parseInput(reviewActionsBodySchema, request.body, 'body');
    return requests.apply(caller, caller.token, body);
  });

  app.get('/v1/audit', async (request) => {
    await authenticate(request);
    return auditFeed(pool, team.id, parseInput(auditQuerySchema, request.query, 'query'));
  });

  let verification: { at: number; answer: Promise<AuditVerification> } | undefined;
  app.get('/v1/audit/verification', async (request) => {
    await authenticate(request);
    if (!verification || Date.now() - verification.at > VERIFICATION_KEPT_MS) {
      const answer = verifyAuditLog(pool, team.id, deps.auditKey);
      verification = { at: Date.now(), answer };
      // A failed check (the database went away) is not kept.
      answer.catch(() => (verification = undefined));
    }
    return verification.answer;
  });

  app.get('/v1/reads', async (request) => {
    const caller = await authenticate(request);
    return readMarksOf(pool, team.id, caller.userKey, parseInput(readsQuerySchema, request.query, 'query'));
  });
}
