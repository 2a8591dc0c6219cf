/**
 * Everything the API scope needs from the authorization server: the bearer check on every
 * request, then the rate limits of the token's session and app.
 */
import type { FastifyInstance } from 'fastify';
import { errorBody, notFound } from '../http/errors';
import { DEFAULT_RATE_LIMITS, RateLimiter, rateLimitHook, type RateLimits } from '../http/rateLimit';
import type { AuthorizationServer } from './authorizationServer';
import { bearerAuthentication } from './bearer';

/**
 * Adds the bearer check and (unless `rateLimits` is false) the rate limits to the API scope
 * `api`, with the scope's own not-found handler so that an unknown API path is checked too
 * (401 without a token, like the platform's gateway) before it is answered 404.
 */
export function protectApi(api: FastifyInstance, server: AuthorizationServer, rateLimits: Partial<RateLimits> | false = {}): void {
  api.addHook('onRequest', bearerAuthentication(server));
  api.setNotFoundHandler((_request, reply) => {
    const error = notFound();
    void reply.status(error.status).send(errorBody(error));
  });
  if (rateLimits === false) return;
  const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS, ...rateLimits });
  api.addHook(
    'onRequest',
    rateLimitHook(limiter, api.prefix, (request) => {
      const claims = server.claimsOf(request);
      return claims && { sessionId: claims.sid, appKey: claims.aid };
    }),
  );
}
