/**
 * Ex, record and payment dates of a distribution by the rules of its market (universe facts §9):
 * ex = record in the US, Canada and India; ex = record − 1 business day elsewhere, with UK ex
 * dates on Thursdays; continental Europe goes ex the business day after the AGM; Japan records
 * at the fiscal half-year ends and pays two to three months later.
 */
import type { BuildInput } from './draft';
import { keptIsoDay } from './wire';

export interface DistributionDates {
  announced: Date;
  ex: Date;
  record: Date;
  pay: Date;
}

const DAY_MS = 86_400_000;
const FRIDAY = 5;

function calendarDaysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}

/** Record date on the Friday of the anchor's week (UK: ex Thursday, record Friday). */
function ukRecord(input: BuildInput): Date {
  const { days } = input.instrument;
  const anchor = input.anchor;
  const toFriday = (FRIDAY - anchor.getUTCDay() + 7) % 7;
  return days.onOrAfter(new Date(anchor.getTime() + toFriday * DAY_MS));
}

/** The distribution dates of a slot anchored on a record date (or, in Europe, on the AGM). */
export function distributionDates(input: BuildInput, payLag?: [number, number]): DistributionDates {
  const { rule, days } = input.instrument;
  const random = input.random;
  let ex: Date;
  let record: Date;
  if (rule.exAfterMeeting) {
    ex = days.add(days.onOrAfter(input.anchor), 1);
    record = days.add(ex, 1);
  } else if (rule.fiscalHalfYearRecords) {
    record = days.onOrBefore(input.anchor);
    ex = days.add(record, -1);
  } else if (rule.country === 'GB' || rule.country === 'IE') {
    record = ukRecord(input);
    ex = days.add(record, -1);
  } else {
    record = days.onOrAfter(input.anchor);
    ex = rule.exEqualsRecord ? record : days.add(record, -1);
  }
  const [minLag, maxLag] = payLag ?? rule.payLag;
  const pay = days.add(record, random.int(minLag, maxLag));
  const announced = days.onOrBefore(
    calendarDaysBefore(ex, random.int(rule.announceLead[0], rule.announceLead[1])),
  );
  return { announced, ex, record, pay };
}

/** Cash per share of a regular dividend: a 1–6% yield spread over the market's payments per year. */
export function dividendPerShare(input: BuildInput): number {
  const { price, rule, currency } = input.instrument;
  const perYear = price * (0.01 + input.random.next() * 0.05);
  return roundMoney(perYear / rule.dividendsPerYear, currency);
}

const NO_MINOR_UNITS = new Set(['JPY', 'KRW', 'CLP', 'ISK', 'HUF', 'TWD', 'IDR', 'VND']);

/** Money rounded the way its currency quotes per-share amounts. */
export function roundMoney(value: number, currency: string): number {
  const decimals = NO_MINOR_UNITS.has(currency) ? 1 : 4;
  const factor = 10 ** decimals;
  return Math.max(1 / factor, Math.round(value * factor) / factor);
}

/** `yyyy-mm-dd` for narratives. */
export const day = keptIsoDay;
