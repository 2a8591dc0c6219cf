/**
 * Reference-data routes under /ref/v1 (spec 4.1–4.9).
 */
import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from '../../context';
import { wholeFeed } from '../feed';

/** Registers the /ref/v1 routes on the API scope (prefixed with `/openapi`). */
export function registerRefRoutes(app: FastifyInstance, context: SimulatorContext): void {
  app.get('/ref/v1/countries', async () => wholeFeed(context.countries));
}
