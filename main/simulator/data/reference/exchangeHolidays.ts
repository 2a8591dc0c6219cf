/**
 * The holidays of the exchanges over a range of days (`/ref/v1/exchanges/holidays`): the days a
 * market is closed although not on its weekend, past ones included. The exchanges list names
 * only the next twelve months' holidays; a back office counting business days since a deadline
 * passed, or to one a year out, needs those behind it too. Read from the same calendar as the
 * trading schedules and the corporate action dates, so all three agree.
 */
import type { ExchangeHolidayEntry } from '../../../../contract/wire/types';
import { calendarOf, holidayName } from '../../calendar/businessDays';
import { addDays, DAY_MS, isoDay, weekdayOf } from '../../calendar/dates';
import type { ExchangeInfo } from './exchanges';

/** Most days one request may span: about three years, enough for a deadline's whole history. */
export const MAX_HOLIDAY_RANGE_DAYS = 1100;

/**
 * The holidays from `from` to `to` (both included, UTC calendar dates) of `exchanges`, in date
 * order, then by ExchangeId. Weekend days are left out: they are closed anyway (a Saturday
 * New Year's Day is not listed; the Friday or Monday observed instead is).
 */
export function exchangeHolidays(exchanges: readonly ExchangeInfo[], from: Date, to: Date): ExchangeHolidayEntry[] {
  const entries: ExchangeHolidayEntry[] = [];
  // Within a day, exchanges by id, as a reader scans them.
  const byId = [...exchanges].sort((a, b) => a.ExchangeId.localeCompare(b.ExchangeId));
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
  for (let offset = 0; offset <= days; offset++) {
    const day = addDays(from, offset);
    for (const exchange of byId) {
      if (calendarOf(exchange.ExchangeId).weekend.includes(weekdayOf(day))) continue;
      const name = holidayName(exchange.ExchangeId, day);
      if (name !== undefined) entries.push({ Date: isoDay(day), ExchangeId: exchange.ExchangeId, Name: name });
    }
  }
  return entries;
}
