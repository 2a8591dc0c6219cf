/**
 * The `reference:*` handlers: countries, time zones, currency pairs, exchanges and their
 * holidays change rarely,
 * so main keeps each list for hours per profile and user, and `refresh` reads it again. (An
 * exchange's sessions cover the seven days after the read, so a kept list still tells which
 * session is in progress; the page says when it no longer does.)
 */
import type { ServiceClient } from '../services';
import type { IpcHandlers } from './dispatcher';
import { cachedEndpoint } from './endpointHandlers';

type ReferenceChannels = Pick<
  IpcHandlers,
  | 'reference:countries'
  | 'reference:timeZones'
  | 'reference:currencyPairs'
  | 'reference:exchanges'
  | 'reference:exchangeHolidays'
>;

/** The `reference:*` handlers, each a cached read of its endpoint. */
export function registerReferenceIpc({ http, caches }: ServiceClient): ReferenceChannels {
  return {
    'reference:countries': cachedEndpoint(http, caches.reference, 'reference:countries'),
    'reference:timeZones': cachedEndpoint(http, caches.reference, 'reference:timeZones'),
    'reference:currencyPairs': cachedEndpoint(http, caches.reference, 'reference:currencyPairs'),
    'reference:exchanges': cachedEndpoint(http, caches.reference, 'reference:exchanges'),
    'reference:exchangeHolidays': cachedEndpoint(http, caches.reference, 'reference:exchangeHolidays'),
  };
}
