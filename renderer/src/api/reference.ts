/**
 * Reference lists (countries, time zones, currency pairs) through the bridge. Main caches them
 * per connection profile; `refresh` reads the service again.
 */
import type { ArgOf } from '../../../contract/channels';
import type { CountryDetails, CurrencyPairDetails, TimeZoneDetails } from '../../../contract/wire/types';
import { type DeskCallOptions, call } from './desk';

/** Every country; `refresh` bypasses main's cache. */
export async function fetchCountries(
  refresh = false,
  options: DeskCallOptions = {},
): Promise<CountryDetails[]> {
  const feed = await call('reference:countries', refresh ? { refresh } : undefined, options);
  return feed.Data;
}

/** Every time zone of the platform; `refresh` bypasses main's cache. */
export async function fetchTimeZones(
  refresh = false,
  options: DeskCallOptions = {},
): Promise<TimeZoneDetails[]> {
  const feed = await call('reference:timeZones', refresh ? { refresh } : undefined, options);
  return feed.Data;
}

/** Currencies with the pairs they form, for an account or client when given. */
export async function fetchCurrencyPairs(
  arg: ArgOf<'reference:currencyPairs'> = {},
  options: DeskCallOptions = {},
): Promise<CurrencyPairDetails[]> {
  const feed = await call('reference:currencyPairs', arg, options);
  return feed.Data;
}
