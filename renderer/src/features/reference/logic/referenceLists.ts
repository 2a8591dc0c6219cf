/**
 * Rows of the reference lists: time zones with the offset in force now (the wire's offset is
 * the zone's standard one), and currency pairs flattened to one row per pair.
 */
import { DateTime, IANAZone } from 'luxon';
import type { CurrencyPairDetails, TimeZoneDetails } from '../../../../../contract/wire/types';

export interface TimeZoneRow {
  id: string;
  displayName: string;
  zoneName: string;
  abbreviation: string;
  /** `+02:00` in force at the moment of building (daylight saving included). */
  currentOffset: string;
  /** The offset as the service sent it, e.g. `-05:00:00`. */
  serviceOffset: string;
}

/** The offset in force now in an IANA zone as `+hh:mm`, or undefined when the zone is unknown. */
export function currentOffset(zoneName: string, now: Date = new Date()): string | undefined {
  if (!IANAZone.isValidZone(zoneName)) return undefined;
  return DateTime.fromJSDate(now).setZone(zoneName).toFormat('ZZ');
}

/** One row per time zone, ordered by the platform's numeric id. */
export function timeZoneRows(zones: readonly TimeZoneDetails[], now: Date = new Date()): TimeZoneRow[] {
  return zones
    .map((zone) => ({
      id: zone.TimeZoneId,
      displayName: zone.DisplayName,
      zoneName: zone.ZoneName,
      abbreviation: zone.TimeZoneAbbreviation ?? '',
      currentOffset: currentOffset(zone.ZoneName, now) ?? zone.TimeZoneOffset,
      serviceOffset: zone.TimeZoneOffset,
    }))
    .sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
}

export interface CurrencyPairRow {
  currency: string;
  related: string;
  /** `EURUSD`. */
  pair: string;
  uic: number;
}

/** One row per currency and related currency, in the service's order. */
export function currencyPairRows(currencies: readonly CurrencyPairDetails[]): CurrencyPairRow[] {
  return currencies.flatMap((currency) =>
    currency.RelatedCurrencies.map((related) => ({
      currency: currency.CurrencyCode,
      related: related.CurrencyCode,
      pair: `${currency.CurrencyCode}${related.CurrencyCode}`,
      uic: related.Uic,
    })),
  );
}
