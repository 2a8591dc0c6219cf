/**
 * An exchange's days off ahead as one list in date order: its holidays and its early closes
 * (the service lists them apart), a holiday before an early close on the same day.
 */
import type { ExchangeDetails } from '../../../../../contract/wire/types';

export interface DayOff {
  /** `yyyy-mm-dd`. */
  date: string;
  /** `Christmas Day`, or `closes at 13:00 (Christmas Eve)`. */
  text: string;
  early: boolean;
}

/** The holidays and early closes of `exchange`, in date order. */
export function daysOffInOrder(exchange: Pick<ExchangeDetails, 'Holidays' | 'EarlyCloses'>): DayOff[] {
  return [
    ...exchange.Holidays.map((holiday) => ({ date: holiday.Date, text: holiday.Name, early: false })),
    ...exchange.EarlyCloses.map((close) => ({
      date: close.Date,
      text: `closes at ${close.CloseTime} (${close.Name})`,
      early: true,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || Number(a.early) - Number(b.early));
}
