/**
 * Who calls, decided before anything else: an onRequest hook checks the bearer token (and the
 * member's request rate) as soon as the headers are in, before the body is read or parsed, so
 * a caller the service would refuse cannot make it read a body at all. A preHandler counts the
 * review actions of a parsed POST against the member's limit. Routes then read the caller with
 * `callerOf`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/identity';
import { ReviewServiceError } from '../errors';
import type { MemberRateLimits } from './memberLimits';

/** Routes anyone may call (load balancers' health checks): no token, nothing revealed. */
const PUBLIC_ROUTES = new Set(['/v1/health']);

export interface CallerChecks {
  /** The caller checked for `request` (throws for a route that takes none). */
  callerOf(request: FastifyRequest): Caller;
}

export function installCallerChecks(
  app: FastifyInstance,
  authenticate: (authorization: string | undefined) => Promise<Caller>,
  limits: MemberRateLimits,
): CallerChecks {
  const callers = new WeakMap<FastifyRequest, Caller>();
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // Unknown routes answer 404 whoever asks; public ones need no token.
    if (route === undefined || PUBLIC_ROUTES.has(route)) return;
    const caller = await authenticate(request.headers.authorization);
    limits.request(caller);
    callers.set(request, caller);
  });
  app.addHook('preHandler', async (request) => {
    const caller = callers.get(request);
    const actions = (request.body as { Actions?: unknown } | undefined)?.Actions;
    if (caller && request.method === 'POST' && Array.isArray(actions))
      limits.reviewActions(caller, Math.max(1, actions.length));
  });
  return {
    callerOf(request) {
      const caller = callers.get(request);
      if (!caller)
        throw new ReviewServiceError(401, 'Unauthorized', 'This route was not checked for a caller.');
      return caller;
    },
  };
}
