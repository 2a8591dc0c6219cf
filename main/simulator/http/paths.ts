/**
 * How request paths reach routes. Clients written against the real gateway add a trailing slash
 * (`/ref/v1/countries/`, `/ca/v2/events/?…`) and it must name the same resource; an empty path
 * segment (`/ref/v1/instruments/details//Stock`) must never be taken as an id and looked up.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { notFound } from './errors';

/** Fastify's router options for the simulator (see Fastify's `routerOptions`). */
export const ROUTER_OPTIONS = {
  // `/x/` is `/x`, on every route, as on the platform's gateway.
  ignoreTrailingSlash: true,
  // Route ids (AppKey, EventId) are short; a longer parameter is an error, not a lookup.
  maxParamLength: 500,
} as const;

/** The name Fastify gives a wildcard route's parameter (`/*`), which may legitimately be empty. */
const WILDCARD = '*';

/** True when a matched route parameter is the empty string (a `//` in the path, or a trailing `/` after an id route's base). */
function hasEmptyParameter(request: FastifyRequest): boolean {
  const params = request.params as Record<string, string> | undefined;
  if (params === undefined || params === null) return false;
  for (const name in params) if (name !== WILDCARD && params[name] === '') return true;
  return false;
}

/**
 * Answers 404 for a request whose matched route would take an empty segment as an id. Added as
 * a `preValidation` hook so that every `onRequest` check (the bearer token first, as the
 * platform's gateway does) has answered before.
 */
export function refuseEmptySegments(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (hasEmptyParameter(request)) return done(notFound('A path segment is empty; an id must not be empty.'));
    done();
  });
}
