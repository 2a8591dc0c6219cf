/**
 * The review service's HTTP API (README "Team review service"): every route but /v1/health
 * needs the caller's platform bearer token and team membership; every query and body is parsed
 * with the contract's schema before any work.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { auditQuerySchema, reviewActionsBodySchema, reviewsQuerySchema } from '../../../contract/wire/review';
import type { Caller } from '../auth/identity';
import { parseInput, teamReviewUnavailable } from '../errors';
import { auditFeed, reviewsOf, workQueue } from '../review/queries';
import { applyActions } from '../review/store';
import type { Team } from '../team';

export interface RouteDependencies {
  pool: pg.Pool;
  team: Team;
  authenticate: (request: FastifyRequest) => Promise<Caller>;
}

export function registerRoutes(app: FastifyInstance, { pool, team, authenticate }: RouteDependencies): void {
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

  app.post('/v1/reviews/actions', async (request) => {
    const caller = await authenticate(request);
    const body = parseInput(reviewActionsBodySchema, request.body, 'body');
    return applyActions(pool, team, caller, body.Actions);
  });

  app.get('/v1/audit', async (request) => {
    await authenticate(request);
    return auditFeed(pool, team.id, parseInput(auditQuerySchema, request.query, 'query'));
  });
}
