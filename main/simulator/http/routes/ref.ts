/**
 * Reference-data routes under /ref/v1 (spec 4.1–4.9).
 */
import type { FastifyInstance } from 'fastify';
import type { CountryDetails } from '../../../core/api/types';
import { wholeFeed } from '../feed';

export interface ReferenceData {
  countries: CountryDetails[];
}

/** Registers the /ref/v1 routes; `prefix` is the service base path (e.g. `/openapi`). */
export function registerRefRoutes(app: FastifyInstance, data: ReferenceData): void {
  app.get('/ref/v1/countries', async () => wholeFeed(data.countries));
}
