/**
 * Closures of the exchanges of Asia and the Pacific, several of them set by the Chinese or
 * Islamic calendar.
 */
import { MONDAY } from '../dates';
import {
  chinese,
  equinox,
  fixed,
  hijri,
  moonDayFrom,
  nthWeekday,
  QINGMING,
  type ExchangeCalendar,
  type HolidayRule,
} from '../rules';
import { SAT_SUN, GOOD_FRIDAY, EASTER_MONDAY, NEW_YEAR, LABOUR_DAY, CHRISTMAS, BOXING_DAY } from './common';

const JAPAN: ExchangeCalendar = {
  weekend: SAT_SUN,
  holidays: [
    { name: 'New Year holidays', on: fixed(1, 1), days: 3 },
    { name: 'Coming of Age Day', on: nthWeekday(1, MONDAY, 2) },
    { name: 'National Foundation Day', on: fixed(2, 11), observe: 'sunday' },
    { name: "Emperor's Birthday", on: fixed(2, 23), observe: 'sunday' },
    { name: 'Vernal Equinox Day', on: equinox('vernal'), observe: 'sunday' },
    { name: 'Showa Day', on: fixed(4, 29), observe: 'sunday' },
    { name: 'Golden Week', on: fixed(5, 3), days: 3, observe: 'sunday' },
    { name: 'Marine Day', on: nthWeekday(7, MONDAY, 3) },
    { name: 'Mountain Day', on: fixed(8, 11), observe: 'sunday' },
    { name: 'Respect for the Aged Day', on: nthWeekday(9, MONDAY, 3) },
    { name: 'Autumnal Equinox Day', on: equinox('autumnal'), observe: 'sunday' },
    { name: 'Sports Day', on: nthWeekday(10, MONDAY, 2) },
    { name: 'Culture Day', on: fixed(11, 3), observe: 'sunday' },
    { name: 'Labour Thanksgiving Day', on: fixed(11, 23), observe: 'sunday' },
    { name: 'Year-end holiday', on: fixed(12, 31) },
  ],
};

const HONG_KONG_HOLIDAYS: HolidayRule[] = [
  { ...NEW_YEAR, observe: 'sunday' },
  { name: 'Lunar New Year', on: chinese(1, 1), days: 3, observe: 'sunday' },
  { name: 'Ching Ming Festival', on: QINGMING, observe: 'sunday' },
  GOOD_FRIDAY,
  EASTER_MONDAY,
  { ...LABOUR_DAY, observe: 'sunday' },
  { name: "Buddha's Birthday", on: chinese(4, 8), observe: 'sunday' },
  { name: 'Tuen Ng Festival', on: chinese(5, 5), observe: 'sunday' },
  { name: 'HKSAR Establishment Day', on: fixed(7, 1), observe: 'sunday' },
  { name: 'Day after Mid-Autumn Festival', on: chinese(8, 16), observe: 'sunday' },
  { name: 'National Day', on: fixed(10, 1), observe: 'sunday' },
  { name: 'Chung Yeung Festival', on: chinese(9, 9), observe: 'sunday' },
  { ...CHRISTMAS, observe: 'sunday' },
  { ...BOXING_DAY, observe: 'sunday' },
];
const HONG_KONG: ExchangeCalendar = {
  weekend: SAT_SUN,
  holidays: HONG_KONG_HOLIDAYS,
  earlyCloses: [
    { name: 'Lunar New Year Eve', on: chinese(1, 1), offset: -1, close: '12:00' },
    { name: 'Christmas Eve', on: fixed(12, 24), close: '12:00' },
    { name: "New Year's Eve", on: fixed(12, 31), close: '12:00' },
  ],
};

const AUSTRALIA: ExchangeCalendar = {
  weekend: SAT_SUN,
  holidays: [
    { ...NEW_YEAR, observe: 'weekend' },
    { name: 'Australia Day', on: fixed(1, 26), observe: 'weekend' },
    GOOD_FRIDAY,
    EASTER_MONDAY,
    { name: 'Anzac Day', on: fixed(4, 25) },
    { name: "King's Birthday", on: nthWeekday(6, MONDAY, 2) },
    { ...CHRISTMAS, observe: 'weekend' },
    { ...BOXING_DAY, observe: 'weekend' },
  ],
  earlyCloses: [
    { name: 'Christmas Eve', on: fixed(12, 24), close: '14:00' },
    { name: "New Year's Eve", on: fixed(12, 31), close: '14:00' },
  ],
};
/** Calendars of the region's exchanges by ExchangeId. */
export const ASIA_PACIFIC_CALENDARS: Readonly<Record<string, ExchangeCalendar>> = {
  XTKS: JAPAN,
  XOSE: JAPAN,
  XHKG: HONG_KONG,
  XHKF: HONG_KONG,
  XSES: {
    weekend: SAT_SUN,
    holidays: [
      NEW_YEAR,
      { name: 'Chinese New Year', on: chinese(1, 1), days: 2 },
      GOOD_FRIDAY,
      LABOUR_DAY,
      { name: 'Vesak Day', on: chinese(4, 15) },
      { name: 'Hari Raya Puasa', on: hijri(10, 1) },
      { name: 'Hari Raya Haji', on: hijri(12, 10) },
      { name: 'National Day', on: fixed(8, 9) },
      { name: 'Deepavali', on: moonDayFrom(10, 18, 1), offset: -1 },
      CHRISTMAS,
    ].map((holiday): HolidayRule => ({ ...holiday, observe: 'sunday' })),
    earlyCloses: [
      { name: 'Chinese New Year Eve', on: chinese(1, 1), offset: -1, close: '12:00' },
      { name: 'Christmas Eve', on: fixed(12, 24), close: '12:00' },
      { name: "New Year's Eve", on: fixed(12, 31), close: '12:00' },
    ],
  },
  XKRX: {
    weekend: SAT_SUN,
    holidays: [
      NEW_YEAR,
      { name: 'Seollal', on: chinese(1, 1), offset: -1, days: 3, observe: 'sunday' },
      { name: 'Independence Movement Day', on: fixed(3, 1), observe: 'weekend' },
      { name: "Children's Day", on: fixed(5, 5), observe: 'weekend' },
      { name: "Buddha's Birthday", on: chinese(4, 8), observe: 'weekend' },
      { name: 'Memorial Day', on: fixed(6, 6) },
      { name: 'Liberation Day', on: fixed(8, 15), observe: 'weekend' },
      { name: 'Chuseok', on: chinese(8, 15), offset: -1, days: 3, observe: 'sunday' },
      { name: 'National Foundation Day', on: fixed(10, 3), observe: 'weekend' },
      { name: 'Hangul Day', on: fixed(10, 9), observe: 'weekend' },
      { ...CHRISTMAS, observe: 'weekend' },
      { name: 'Year-end closing', on: fixed(12, 31) },
    ],
  },
  XTAI: {
    weekend: SAT_SUN,
    holidays: [
      NEW_YEAR,
      { name: 'Lunar New Year', on: chinese(1, 1), offset: -2, days: 6 },
      { name: 'Peace Memorial Day', on: fixed(2, 28) },
      { name: "Children's Day", on: fixed(4, 4) },
      { name: 'Dragon Boat Festival', on: chinese(5, 5) },
      { name: 'Mid-Autumn Festival', on: chinese(8, 15) },
      { name: 'National Day', on: fixed(10, 10) },
    ],
  },
  XNSE: {
    weekend: SAT_SUN,
    holidays: [
      { name: 'Republic Day', on: fixed(1, 26) },
      { name: 'Holi', on: moonDayFrom(2, 24, 15) },
      GOOD_FRIDAY,
      { name: 'Id-ul-Fitr', on: hijri(10, 1) },
      { name: 'Maharashtra Day', on: fixed(5, 1) },
      { name: 'Bakri Id', on: hijri(12, 10) },
      { name: 'Independence Day', on: fixed(8, 15) },
      { name: 'Gandhi Jayanti', on: fixed(10, 2) },
      { name: 'Diwali Laxmi Pujan', on: moonDayFrom(10, 18, 1), offset: -1 },
      CHRISTMAS,
    ],
  },
  XASX: AUSTRALIA,
  XSFE: AUSTRALIA,
};
