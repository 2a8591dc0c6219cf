/**
 * Reference-data endpoints (spec 4.1–4.9), one typed function each.
 */
import type { HttpClient, RequestOptions } from './http';
import type { CountryDetails, Feed } from './types';

/** GET /ref/v1/countries: every country (spec 4.7). */
export function getCountries(http: HttpClient, options?: RequestOptions): Promise<Feed<CountryDetails>> {
  return http.getJson<Feed<CountryDetails>>('ref/v1/countries', undefined, options);
}
