/**
 * The holidays of the exchanges over a range of days (`/ref/v1/exchanges/holidays`): the days a
 * market is closed although not on its weekend, past ones included. The exchanges list names
 * only the next twelve months' holidays; a back office counting business days since a deadline
 * passed, or to one a year out, needs those behind it too. Read from the same calendar as the
 * trading schedules and the corporate action dates, so all three agree.
 */
import type { ExchangeHolidayEntry } from '../../../../contract/wire/types';
import { calendarOf, holidaysBetween } from '../../calendar/businessDays';
import { isoDay } from '../../calendar/dates';
import type { ExchangeInfo } from './exchanges';

/** Most days one request may span: about three years, enough for a deadline's whole history. */
export const MAX_HOLIDAY_RANGE_DAYS = 1100;

/**
 * The holidays from `from` to `to` (both included, UTC calendar dates) of `exchanges`, in date
 * order, then by ExchangeId. Weekend days are left out: they are closed anyway (a Saturday
 * New Year's Day is not listed; the Friday or Monday observed instead is).
 */
export function exchangeHolidays(
  exchanges: readonly ExchangeInfo[],
  from: Date,
  to: Date,
): ExchangeHolidayEntry[] {
  const entries: ExchangeHolidayEntry[] = [];
  for (const exchange of exchanges) {
    const weekend = calendarOf(exchange.ExchangeId).weekend;
    for (const { date, name } of holidaysBetween(exchange.ExchangeId, isoDay(from), isoDay(to))) {
      if (!weekend.includes(new Date(`${date}T00:00:00Z`).getUTCDay()))
        entries.push({ Date: date, ExchangeId: exchange.ExchangeId, Name: name });
    }
  }
  // By day, then by exchange, as a reader scans them.
  return entries.sort((a, b) => a.Date.localeCompare(b.Date) || a.ExchangeId.localeCompare(b.ExchangeId));
}
