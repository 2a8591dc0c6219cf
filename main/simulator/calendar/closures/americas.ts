/**
 * Closures of the exchanges of the Americas: US equities and options (NYSE rules), CME Group
 * (closed on three days, early halts on the other US holidays), ICE US, Toronto and B3.
 */
import { MONDAY, THURSDAY } from '../dates';
import {
  easter,
  fixed,
  nthWeekday,
  weekdayFrom,
  type EarlyCloseRule,
  type ExchangeCalendar,
  type HolidayRule,
} from '../rules';
import { SAT_SUN, GOOD_FRIDAY, NEW_YEAR, LABOUR_DAY, CHRISTMAS, BOXING_DAY } from './common';

/** NYSE rules: no Friday observance for a Saturday New Year's Day, hence `sunday` there. */
const US_HOLIDAYS: HolidayRule[] = [
  { ...NEW_YEAR, observe: 'sunday' },
  { name: 'Martin Luther King Jr. Day', on: nthWeekday(1, MONDAY, 3) },
  { name: "Washington's Birthday", on: nthWeekday(2, MONDAY, 3) },
  GOOD_FRIDAY,
  { name: 'Memorial Day', on: nthWeekday(5, MONDAY, -1) },
  { name: 'Juneteenth', on: fixed(6, 19), observe: 'nearest' },
  { name: 'Independence Day', on: fixed(7, 4), observe: 'nearest' },
  { name: 'Labor Day', on: nthWeekday(9, MONDAY, 1) },
  { name: 'Thanksgiving Day', on: nthWeekday(11, THURSDAY, 4) },
  { ...CHRISTMAS, observe: 'nearest' },
];

const US_EQUITIES: ExchangeCalendar = {
  weekend: SAT_SUN,
  holidays: US_HOLIDAYS,
  earlyCloses: [
    { name: 'Day before Independence Day', on: fixed(7, 3), close: '13:00' },
    { name: 'Day after Thanksgiving', on: nthWeekday(11, THURSDAY, 4), offset: 1, close: '13:00' },
    { name: 'Christmas Eve', on: fixed(12, 24), close: '13:00' },
  ],
};

/** CME Group: closed on New Year, Good Friday and Christmas; other US holidays halt early. */
const CME_CLOSED = new Set(["New Year's Day", 'Good Friday', 'Christmas Day']);
const CME_GROUP: ExchangeCalendar = {
  weekend: SAT_SUN,
  holidays: US_HOLIDAYS.filter((holiday) => CME_CLOSED.has(holiday.name)),
  earlyCloses: [
    ...US_HOLIDAYS.filter((holiday) => !CME_CLOSED.has(holiday.name)).map((holiday): EarlyCloseRule => ({
      name: holiday.name,
      on: holiday.on,
      close: '12:00',
    })),
    { name: 'Day after Thanksgiving', on: nthWeekday(11, THURSDAY, 4), offset: 1, close: '12:15' },
  ],
};
/** Calendars of the region's exchanges by ExchangeId. */
export const AMERICAS_CALENDARS: Readonly<Record<string, ExchangeCalendar>> = {
  XNYS: US_EQUITIES,
  XNAS: US_EQUITIES,
  ARCX: US_EQUITIES,
  XCBO: US_EQUITIES,
  IFUS: { weekend: SAT_SUN, holidays: US_HOLIDAYS },
  XTSE: {
    weekend: SAT_SUN,
    holidays: [
      { ...NEW_YEAR, observe: 'weekend' },
      { name: 'Family Day', on: nthWeekday(2, MONDAY, 3) },
      GOOD_FRIDAY,
      { name: 'Victoria Day', on: weekdayFrom(5, 18, MONDAY) },
      { name: 'Canada Day', on: fixed(7, 1), observe: 'weekend' },
      { name: 'Civic Holiday', on: nthWeekday(8, MONDAY, 1) },
      { name: 'Labour Day', on: nthWeekday(9, MONDAY, 1) },
      { name: 'Thanksgiving Day', on: nthWeekday(10, MONDAY, 2) },
      { ...CHRISTMAS, observe: 'weekend' },
      { ...BOXING_DAY, observe: 'weekend' },
    ],
  },
  BVMF: {
    weekend: SAT_SUN,
    holidays: [
      NEW_YEAR,
      { name: 'Carnival', on: easter(-48), days: 2 },
      GOOD_FRIDAY,
      { name: 'Tiradentes', on: fixed(4, 21) },
      LABOUR_DAY,
      { name: 'Corpus Christi', on: easter(60) },
      { name: 'Independence Day', on: fixed(9, 7) },
      { name: 'Our Lady of Aparecida', on: fixed(10, 12) },
      { name: "All Souls' Day", on: fixed(11, 2) },
      { name: 'Republic Day', on: fixed(11, 15) },
      { name: 'Black Consciousness Day', on: fixed(11, 20) },
      CHRISTMAS,
    ],
  },
  XCME: CME_GROUP,
  XCBT: CME_GROUP,
  XNYM: CME_GROUP,
  XCEC: CME_GROUP,
  XCBF: CME_GROUP,
};
