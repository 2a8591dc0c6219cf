/**
 * Wire types of the service (spec section 2), shared by the API client, the IPC contract
 * and (as types only) the renderer. Property names are the service's own PascalCase.
 */

/** Feed envelope of every collection response (spec section 1). */
export interface Feed<T> {
  /** Total count of items, when the service reports it. */
  __count?: number;
  /** Absolute or base-relative link to the next page; absent on the last page. */
  __next?: string;
  Data: T[];
  MaxRows?: number;
}

/** One ISO 3166-1 country (spec 2.5). */
export interface CountryDetails {
  /** Three-letter code, e.g. `DNK`. */
  A3: string;
  /** Two-letter code, e.g. `DK`. */
  CountryCode: string;
  Name: string;
  /** ISO 3166-1 numeric code, e.g. 208. */
  Numeric: number;
}

/** One time zone of the platform (spec 2.5). */
export interface TimeZoneDetails {
  DisplayName: string;
  /** The platform's small id as a string, e.g. `"3"` (US Eastern). */
  TimeZoneId: string;
  /** Offset from UTC, e.g. `-05:00:00`. */
  TimeZoneOffset: string;
  TimeZoneAbbreviation?: string;
  /** IANA name, e.g. `America/New_York`. */
  ZoneName: string;
}

/** One currency with the pairs it forms (spec 2.5). */
export interface CurrencyPairDetails {
  CurrencyCode: string;
  /** The other currency of each pair and the uic of the instrument for that pair. */
  RelatedCurrencies: { CurrencyCode: string; Uic: number }[];
}

// The rest of the wire types live in per-domain files; the renderer reads them all from here.
export * from './enums';
export type * from './instruments';
export type * from './corporateActions';
export type * from './apps';
export type * from './reference';
export type * from './accounts';
