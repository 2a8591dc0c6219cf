/**
 * Reference lists (countries, time zones, currency pairs) through the bridge. Main caches them
 * per connection profile; `refresh` reads the service again.
 */
import type { ArgOf } from '../../../preload/contract';
import type { CountryDetails, CurrencyPairDetails, TimeZoneDetails } from '../../../main/core/api/types';
import { callDesk, desk, type DeskCallOptions } from './desk';

/** Every country; `refresh` bypasses main's cache. */
export async function fetchCountries(
  refresh = false,
  options: DeskCallOptions = {},
): Promise<CountryDetails[]> {
  const feed = await callDesk(
    (call) => desk().ref.countries(refresh ? { refresh } : undefined, call),
    options.signal,
  );
  return feed.Data;
}

/** Every time zone of the platform; `refresh` bypasses main's cache. */
export async function fetchTimeZones(
  refresh = false,
  options: DeskCallOptions = {},
): Promise<TimeZoneDetails[]> {
  const feed = await callDesk(
    (call) => desk().ref.timeZones(refresh ? { refresh } : undefined, call),
    options.signal,
  );
  return feed.Data;
}

/** Currencies with the pairs they form, for an account or client when given. */
export async function fetchCurrencyPairs(
  arg: ArgOf<'ref:currencyPairs'> = {},
  options: DeskCallOptions = {},
): Promise<CurrencyPairDetails[]> {
  const feed = await callDesk((call) => desk().ref.currencyPairs(arg, call), options.signal);
  return feed.Data;
}
