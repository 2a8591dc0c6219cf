/**
 * The reference endpoints (spec 4.7-4.9, and the exchanges the platform serves beyond the
 * spec), keyed by their channels. Each reads its whole list
 * across pages (capped, so a misbehaving server cannot make it read forever): the lists are
 * small, and main keeps them in a cache (ipc/registerReferenceIpc).
 */
import type { EndpointTable } from './endpoints';
import { readWholeFeed } from './feed';
import { queryOf } from './query';

/** Cap on the items read from one reference list across its pages. */
export const MAX_REFERENCE_ITEMS = 20_000;

type ReferenceChannel =
  | 'reference:countries'
  | 'reference:timeZones'
  | 'reference:currencyPairs'
  | 'reference:exchanges'
  | 'reference:exchangeHolidays';

export const referenceEndpoints: EndpointTable<ReferenceChannel> = {
  /** GET /ref/v1/countries: every country (spec 4.7). */
  'reference:countries': (http, _arg, options) =>
    readWholeFeed(http, 'ref/v1/countries', {}, { ...options, maxItems: MAX_REFERENCE_ITEMS }),

  /** GET /ref/v1/timezones: the platform's time zones (spec 4.8). */
  'reference:timeZones': (http, _arg, options) =>
    readWholeFeed(http, 'ref/v1/timezones', {}, { ...options, maxItems: MAX_REFERENCE_ITEMS }),

  /** GET /ref/v1/currencypairs: currencies and the pairs they form, for an account or client (spec 4.9). */
  'reference:currencyPairs': (http, arg, options) =>
    readWholeFeed(http, 'ref/v1/currencypairs', queryOf(arg ?? {}, 'refresh'), {
      ...options,
      maxItems: MAX_REFERENCE_ITEMS,
    }),

  /** GET /ref/v1/exchanges: every exchange with hours, holidays and the next sessions (beyond the spec). */
  'reference:exchanges': (http, _arg, options) =>
    readWholeFeed(http, 'ref/v1/exchanges', {}, { ...options, maxItems: MAX_REFERENCE_ITEMS }),

  /** GET /ref/v1/exchanges/holidays: the holidays of exchanges over a range of days, past ones too (beyond the spec). */
  'reference:exchangeHolidays': (http, arg, options) =>
    readWholeFeed(http, 'ref/v1/exchanges/holidays', queryOf(arg, 'refresh'), {
      ...options,
      maxItems: MAX_REFERENCE_ITEMS,
    }),
};
