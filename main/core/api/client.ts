/**
 * The service as main's handlers use it: every endpoint function bound to one HTTP client,
 * with the client-side caches in front of the reads that rarely change.
 *
 * - Countries, time zones and currency pairs: long TTL, keyed by profile and base URL (and the
 *   query), read across all pages with the feed helper.
 * - Instrument details (one instrument): an LRU with a shorter TTL (tradability can change).
 * - `refresh: true` on any cached read bypasses the cache and stores the fresh answer.
 */
import { LRUCache } from 'lru-cache';
import { getApplication, getApplications, type ApplicationsParams } from './apps';
import {
  getCorporateActionEvent,
  getCorporateActionEvents,
  type CorporateActionEventParams,
  type CorporateActionEventsParams,
} from './corporateActions';
import { readWholeFeed } from './feed';
import type { HttpClient, RequestOptions } from './http';
import { queryOf } from './query';
import {
  getFuturesSpace,
  getInstrumentDetails,
  getInstrumentsDetails,
  getOptionSpace,
  getTradingSchedule,
  searchInstruments,
  type CurrencyPairsParams,
  type InstrumentDetailsParams,
  type InstrumentSearchParams,
  type InstrumentsDetailsParams,
  type OptionSpaceParams,
} from './instruments';
import type {
  AssetType,
  CountryDetails,
  CurrencyPairDetails,
  Feed,
  InstrumentDetails,
  TimeZoneDetails,
} from '../../../contract/wire/types';

/** Options of a read that may be served from a cache. */
export interface CachedReadOptions extends RequestOptions {
  /** Read the service again and replace the cached answer. */
  refresh?: boolean;
}

export interface DeskApiOptions {
  http: HttpClient;
  /** Names the signed-in profile, so one profile never sees another's cached answers. */
  profileId?: () => string;
  /** Lifetime of cached reference lists. */
  referenceTtlMs?: number;
  /** Lifetime and capacity of cached instrument details. */
  detailsTtlMs?: number;
  detailsCapacity?: number;
  /** Cap on the items read from one reference list across its pages. */
  maxReferenceItems?: number;
}

export const REFERENCE_TTL_MS = 12 * 60 * 60 * 1000;
export const DETAILS_TTL_MS = 10 * 60 * 1000;
export const DETAILS_CAPACITY = 2_000;
export const MAX_REFERENCE_ITEMS = 20_000;

/** Every endpoint of spec section 4, bound to one client, caches applied. */
export type DeskApi = ReturnType<typeof createDeskApi>;

/** Binds every endpoint to `options.http` and sets up the caches. */
export function createDeskApi(options: DeskApiOptions) {
  const { http } = options;
  const maxItems = options.maxReferenceItems ?? MAX_REFERENCE_ITEMS;
  // Values are whole answers (objects), never undefined: lru-cache's V must be non-nullable.
  const referenceCache = new LRUCache<string, object>({
    max: 256,
    ttl: options.referenceTtlMs ?? REFERENCE_TTL_MS,
  });
  const detailsCache = new LRUCache<string, InstrumentDetails>({
    max: options.detailsCapacity ?? DETAILS_CAPACITY,
    ttl: options.detailsTtlMs ?? DETAILS_TTL_MS,
  });

  const scope = () => `${options.profileId?.() ?? 'default'}|${http.baseUrl}`;
  const keyOf = (what: string, params: object) => `${scope()}|${what}|${stableJson(params)}`;

  async function cached<V extends object>(
    cache: LRUCache<string, V>,
    key: string,
    readOptions: CachedReadOptions,
    load: (requestOptions: RequestOptions) => Promise<V>,
  ): Promise<V> {
    const { refresh, ...requestOptions } = readOptions;
    if (!refresh) {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
    }
    const value = await load(requestOptions);
    cache.set(key, value);
    return value;
  }

  const wholeList = <T>(path: string, params: object, key: string, readOptions: CachedReadOptions) =>
    cached(referenceCache, key, readOptions, (requestOptions) =>
      readWholeFeed<T>(http, path, queryOf(params), { ...requestOptions, maxItems }),
    ) as Promise<Feed<T>>;

  return {
    http,
    searchInstruments: (params: InstrumentSearchParams, o?: RequestOptions) =>
      searchInstruments(http, params, o),
    instrumentsDetails: (params: InstrumentsDetailsParams, o?: RequestOptions) =>
      getInstrumentsDetails(http, params, o),
    /** One instrument's details, from the LRU unless `refresh`. */
    instrumentDetails: (params: InstrumentDetailsParams, o: CachedReadOptions = {}) =>
      cached(detailsCache, keyOf('details', params), o, (ro) => getInstrumentDetails(http, params, ro)),
    optionSpace: (params: OptionSpaceParams, o?: RequestOptions) => getOptionSpace(http, params, o),
    futuresSpace: (params: { ContinuousFuturesUic: number }, o?: RequestOptions) =>
      getFuturesSpace(http, params, o),
    tradingSchedule: (params: { Uic: number; AssetType: AssetType }, o?: RequestOptions) =>
      getTradingSchedule(http, params, o),
    /** Every country, cached for the profile unless `refresh`. */
    countries: (o: CachedReadOptions = {}) =>
      wholeList<CountryDetails>('ref/v1/countries', {}, keyOf('countries', {}), o),
    /** Every time zone, cached for the profile unless `refresh`. */
    timeZones: (o: CachedReadOptions = {}) =>
      wholeList<TimeZoneDetails>('ref/v1/timezones', {}, keyOf('timezones', {}), o),
    /** Currency pairs for the account/client, cached for the profile unless `refresh`. */
    currencyPairs: (params: CurrencyPairsParams, o: CachedReadOptions = {}) =>
      wholeList<CurrencyPairDetails>('ref/v1/currencypairs', params, keyOf('currencypairs', params), o),
    corporateActionEvents: (params: CorporateActionEventsParams, o?: RequestOptions) =>
      getCorporateActionEvents(http, params, o),
    corporateActionEvent: (params: CorporateActionEventParams, o?: RequestOptions) =>
      getCorporateActionEvent(http, params, o),
    applications: (params: ApplicationsParams, o?: RequestOptions) => getApplications(http, params, o),
    application: (params: { AppKey: string }, o?: RequestOptions) => getApplication(http, params, o),
    /** Forgets every cached answer (e.g. after signing out). */
    clearCaches(): void {
      referenceCache.clear();
      detailsCache.clear();
    },
  };
}

/** JSON with sorted keys, so `{a, b}` and `{b, a}` share a cache entry. */
function stableJson(value: object): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
