/**
 * Everything the API scope needs from the authorization server: the bearer check on every
 * request (the rate limits of the token's session and app follow it, see http/rateLimit.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody, notFound } from '../http/errors';
import type { RateLimitSubject } from '../http/rateLimit';
import type { AuthorizationServer } from './authorizationServer';
import { bearerAuthentication } from './bearer';

/**
 * Adds the bearer check to the API scope `api`, with the scope's own not-found handler so that
 * an unknown API path is checked too (401 without a token, like the platform's gateway) before
 * it is answered 404.
 */
export function protectApi(api: FastifyInstance, server: AuthorizationServer): void {
  api.addHook('onRequest', bearerAuthentication(server));
  api.setNotFoundHandler((_request, reply) => {
    const error = notFound();
    void reply.status(error.status).send(errorBody(error));
  });
}

/** Whom a verified request's rate limits count against: the token's session and app. */
export function rateLimitSubjectOf(server: AuthorizationServer): (request: FastifyRequest) => RateLimitSubject | undefined {
  return (request) => {
    const claims = server.claimsOf(request);
    return claims && { sessionId: claims.sid, appKey: claims.aid };
  };
}
