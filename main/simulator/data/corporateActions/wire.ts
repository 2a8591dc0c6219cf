/**
 * Small builders of the event's wire sub-shapes (spec 2.7): dates as `T00:00:00Z`, date-times
 * without fractions, DateAndStatus, periods, prices and payout lines.
 */
import type {
  CodeDescription,
  DateAndStatus,
  DatePeriod,
  IndicatorDetail,
  PayoutBreakdown,
  PriceAndRate,
} from '../../../../contract/wire/types';
import { DAY_MS, isoDay } from '../../calendar/dates';

/**
 * Texts of days and instants, kept: a large universe formats a few thousand distinct days and
 * instants some millions of times (toISOString was a tenth of its event generation). Bounded,
 * since the simulator lives for days: a full cache starts again.
 */
class TextCache {
  private readonly texts = new Map<number, string>();

  text(key: number, make: () => string): string {
    let text = this.texts.get(key);
    if (text === undefined) {
      if (this.texts.size >= 50_000) this.texts.clear();
      this.texts.set(key, (text = make()));
    }
    return text;
  }
}

const dayTexts = new TextCache();
const wireDayTexts = new TextCache();
const instantTexts = new TextCache();

/** `yyyy-mm-dd` of a UTC date (the day of an instant): calendar/dates' isoDay, kept. */
export function keptIsoDay(date: Date): string {
  return dayTexts.text(Math.floor(date.getTime() / DAY_MS), () => isoDay(date));
}

/** `yyyy-mm-ddT00:00:00Z` of a UTC date. */
export function wireDay(date: Date): string {
  return wireDayTexts.text(Math.floor(date.getTime() / DAY_MS), () => `${keptIsoDay(date)}T00:00:00Z`);
}

/** An instant as `yyyy-mm-ddThh:mm:ssZ` (fractions of a second dropped). */
export function wireInstant(instant: Date): string {
  return instantTexts.text(instant.getTime(), () => `${instant.toISOString().slice(0, 19)}Z`);
}

/** DateAndStatus holding a date. */
export function onDay(date: Date): DateAndStatus {
  return { Date: wireDay(date) };
}

/** DateAndStatus holding an instant (deadlines carry a time of day). */
export function atInstant(instant: Date): DateAndStatus {
  return { Date: wireInstant(instant) };
}

/** DateAndStatus of something still going on, with no date yet. */
export const ONGOING: DateAndStatus = { Status: 'Ongoing' };

export function period(start: DateAndStatus, end: DateAndStatus): DatePeriod {
  return { Start: start, End: end };
}

/** Rounds to `decimals` places (money and rates carry a fixed precision). */
export function round(value: number, decimals = 4): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** PriceAndRate of an actual price; BidIntervalRate passes `withType: false` (it has no Type). */
export function price(currency: string, value: number, withType = true): PriceAndRate {
  return { Currency: currency, Value: round(value, 4), ...(withType ? { Type: 'Actual' } : {}) };
}

/** PriceAndRate given as a percentage (of nominal, for bonds). */
export function percentage(currency: string, value: number): PriceAndRate {
  return { Currency: currency, Value: round(value, 4), Type: 'Percentage' };
}

export function indicator(name: string, ...values: CodeDescription[]): IndicatorDetail {
  return { Indicator: name, Values: values };
}

/** Gross, withholding and net lines of a cash payout per unit. */
export function payoutBreakdown(currency: string, gross: number, withholding: number): PayoutBreakdown[] {
  const tax = round(gross * withholding, 6);
  return [
    { Amount: round(gross, 6), Component: { Code: 'GRSS', Name: 'Gross amount' }, Currency: currency },
    {
      Amount: -tax,
      Component: {
        Code: 'TAXR',
        Name: 'Withholding tax',
        Description: `${round(withholding * 100, 3)}% withholding for non-residents`,
      },
      Currency: currency,
    },
    { Amount: round(gross - tax, 6), Component: { Code: 'NETT', Name: 'Net amount' }, Currency: currency },
  ];
}

/** A narrative of lines joined with line breaks, the way the platform shows free text. */
export function narrative(...lines: (string | false | undefined)[]): string {
  return lines.filter((line): line is string => typeof line === 'string' && line !== '').join('\n');
}
