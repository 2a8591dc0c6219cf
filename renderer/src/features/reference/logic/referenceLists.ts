/**
 * Rows of the reference lists: time zones with the offset in force now (the wire's offset is
 * the zone's standard one), and currency pairs one row per pair in market convention (EURUSD,
 * never USDEUR too), each with its own uic.
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
  /** The pair as the market quotes it, e.g. `EURUSD`. */
  pair: string;
  /** The currency quoted (the first of the pair). */
  base: string;
  /** The currency it is quoted in. */
  quote: string;
  uic: number;
}

/**
 * Which currency comes first where the instrument's own symbol does not say: the market's
 * order of precedence (metals, EUR, GBP, AUD, NZD, USD, CAD, CHF, then the rest, JPY last).
 */
const PRECEDENCE = ['XAU', 'XAG', 'XPT', 'XPD', 'EUR', 'GBP', 'AUD', 'NZD', 'USD', 'CAD', 'CHF'];

function rank(currency: string): number {
  const index = PRECEDENCE.indexOf(currency);
  if (index >= 0) return index;
  return currency === 'JPY' ? PRECEDENCE.length + 1 : PRECEDENCE.length;
}

/** The two currencies in market order, by precedence (alphabetical between equals). */
export function marketOrder(a: string, b: string): [string, string] {
  const byRank = rank(a) - rank(b);
  return byRank < 0 || (byRank === 0 && a <= b) ? [a, b] : [b, a];
}

/**
 * One row per pair, in market convention: the service lists each pair under both currencies
 * (EUR→USD and USD→EUR, one uic); `symbols` (uic → the FX spot's symbol, e.g. `EURUSD`) says
 * which way the market quotes it, and precedence decides where the symbol is unknown.
 */
export function currencyPairRows(
  currencies: readonly CurrencyPairDetails[],
  symbols: ReadonlyMap<number, string> = new Map(),
): CurrencyPairRow[] {
  const byUic = new Map<number, CurrencyPairRow>();
  for (const currency of currencies) {
    for (const related of currency.RelatedCurrencies) {
      if (byUic.has(related.Uic)) continue;
      const symbol = symbols.get(related.Uic)?.toUpperCase().replace(/[^A-Z]/g, '');
      const pairs = [currency.CurrencyCode, related.CurrencyCode];
      const fromSymbol =
        symbol && symbol.length === 6 && pairs.includes(symbol.slice(0, 3)) && pairs.includes(symbol.slice(3))
          ? ([symbol.slice(0, 3), symbol.slice(3)] as [string, string])
          : undefined;
      const [base, quote] = fromSymbol ?? marketOrder(currency.CurrencyCode, related.CurrencyCode);
      byUic.set(related.Uic, { pair: `${base}${quote}`, base, quote, uic: related.Uic });
    }
  }
  return [...byUic.values()].sort((a, b) => a.pair.localeCompare(b.pair));
}
