/**
 * Reference lists (countries, time zones, currency pairs) through the bridge.
 */
import type { CountryDetails } from '../../../main/core/api/types';
import { desk, unwrap } from './desk';

/** Every country; `refresh` bypasses main's cache. */
export async function fetchCountries(refresh = false): Promise<CountryDetails[]> {
  const feed = await unwrap(desk().ref.countries(refresh ? { refresh } : undefined));
  return feed.Data;
}
