/**
 * Every route a Fastify app serves, read from `printRoutes()`: tests that must cover every route
 * (trailing slashes, CORS) compare their own list of sample URLs against it, so a route added
 * later without a sample fails them instead of going untested.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  /** The full route pattern, e.g. `/openapi/developer/apps/:AppKey`. */
  url: string;
  methods: string[];
}

/** Parses the tree that `printRoutes({ commonPrefix: false })` draws (four characters per level). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = url;
    parents.length = depth + 1;
    if (match[3]) routes.push({ url, methods: match[3].split(',').map((method) => method.trim()) });
  }
  return routes;
}
