/**
 * Closures of the exchanges of Europe, the Middle East and Africa.
 */
import { FRIDAY, MONDAY, SATURDAY } from '../dates';
import {
  easter,
  fixed,
  hijri,
  nthWeekday,
  weekdayFrom,
  type EarlyCloseRule,
  type ExchangeCalendar,
  type HolidayRule,
} from '../rules';
import {
  SAT_SUN,
  GOOD_FRIDAY,
  EASTER_MONDAY,
  MAUNDY_THURSDAY,
  ASCENSION,
  WHIT_MONDAY,
  NEW_YEAR,
  LABOUR_DAY,
  CHRISTMAS_EVE,
  CHRISTMAS,
  BOXING_DAY,
  NEW_YEARS_EVE,
} from './common';

const EURONEXT_EARLY = (close: string): EarlyCloseRule[] => [
  { name: 'Christmas Eve', on: fixed(12, 24), close },
  { name: "New Year's Eve", on: fixed(12, 31), close },
];
const EURONEXT: ExchangeCalendar = {
  weekend: SAT_SUN,
  holidays: [NEW_YEAR, LABOUR_DAY, GOOD_FRIDAY, EASTER_MONDAY, CHRISTMAS, BOXING_DAY],
  earlyCloses: EURONEXT_EARLY('14:05'),
};

const GERMANY: ExchangeCalendar = {
  weekend: SAT_SUN,
  holidays: [
    NEW_YEAR,
    LABOUR_DAY,
    GOOD_FRIDAY,
    EASTER_MONDAY,
    CHRISTMAS_EVE,
    CHRISTMAS,
    BOXING_DAY,
    NEW_YEARS_EVE,
  ],
};
const ICE_MINIMAL: ExchangeCalendar = { weekend: SAT_SUN, holidays: [NEW_YEAR, CHRISTMAS] };
/** Calendars of the region's exchanges by ExchangeId. */
export const EMEA_CALENDARS: Readonly<Record<string, ExchangeCalendar>> = {
  XLON: {
    weekend: SAT_SUN,
    holidays: [
      { ...NEW_YEAR, observe: 'weekend' },
      GOOD_FRIDAY,
      EASTER_MONDAY,
      { name: 'Early May Bank Holiday', on: nthWeekday(5, MONDAY, 1) },
      { name: 'Spring Bank Holiday', on: nthWeekday(5, MONDAY, -1) },
      { name: 'Summer Bank Holiday', on: nthWeekday(8, MONDAY, -1) },
      { ...CHRISTMAS, observe: 'weekend' },
      { ...BOXING_DAY, observe: 'weekend' },
    ],
    earlyCloses: EURONEXT_EARLY('12:30'),
  },
  XETR: GERMANY,
  XEUR: GERMANY,
  XPAR: EURONEXT,
  XAMS: EURONEXT,
  XEUE: EURONEXT,
  XBRU: EURONEXT,
  XLIS: { ...EURONEXT, earlyCloses: EURONEXT_EARLY('13:05') },
  XMIL: {
    weekend: SAT_SUN,
    holidays: [...GERMANY.holidays, { name: 'Ferragosto', on: fixed(8, 15) }],
  },
  XMAD: { ...EURONEXT, earlyCloses: EURONEXT_EARLY('14:00') },
  XSWX: {
    weekend: SAT_SUN,
    holidays: [
      ...GERMANY.holidays,
      { name: "Berchtold's Day", on: fixed(1, 2) },
      { name: 'Swiss National Day', on: fixed(8, 1) },
      ASCENSION,
      WHIT_MONDAY,
    ],
  },
  XWBO: { weekend: SAT_SUN, holidays: [...GERMANY.holidays, WHIT_MONDAY] },
  XCSE: {
    weekend: SAT_SUN,
    holidays: [
      NEW_YEAR,
      MAUNDY_THURSDAY,
      GOOD_FRIDAY,
      EASTER_MONDAY,
      ASCENSION,
      { name: 'Day after Ascension Day', on: easter(40) },
      WHIT_MONDAY,
      { name: 'Constitution Day', on: fixed(6, 5) },
      CHRISTMAS_EVE,
      CHRISTMAS,
      BOXING_DAY,
      NEW_YEARS_EVE,
    ],
  },
  XSTO: {
    weekend: SAT_SUN,
    holidays: [
      ...GERMANY.holidays,
      { name: 'Epiphany', on: fixed(1, 6) },
      ASCENSION,
      { name: 'National Day', on: fixed(6, 6) },
      { name: 'Midsummer Eve', on: weekdayFrom(6, 19, FRIDAY) },
    ],
  },
  XHEL: {
    weekend: SAT_SUN,
    holidays: [
      ...GERMANY.holidays,
      { name: 'Midsummer Eve', on: weekdayFrom(6, 19, FRIDAY) },
      { name: 'Independence Day', on: fixed(12, 6) },
    ],
  },
  XOSL: {
    weekend: SAT_SUN,
    holidays: [
      ...GERMANY.holidays,
      MAUNDY_THURSDAY,
      ASCENSION,
      WHIT_MONDAY,
      { name: 'Constitution Day', on: fixed(5, 17) },
    ],
  },
  XIST: {
    weekend: SAT_SUN,
    holidays: [
      NEW_YEAR,
      { name: 'National Sovereignty and Children’s Day', on: fixed(4, 23) },
      LABOUR_DAY,
      { name: 'Youth and Sports Day', on: fixed(5, 19) },
      { name: 'Democracy and National Unity Day', on: fixed(7, 15) },
      { name: 'Victory Day', on: fixed(8, 30) },
      { name: 'Republic Day', on: fixed(10, 29) },
      { name: 'Ramadan Feast', on: hijri(10, 1), days: 3 },
      { name: 'Sacrifice Feast', on: hijri(12, 10), days: 4 },
    ],
    earlyCloses: [
      { name: 'Ramadan Feast Eve', on: hijri(10, 1), offset: -1, close: '12:30' },
      { name: 'Sacrifice Feast Eve', on: hijri(12, 10), offset: -1, close: '12:30' },
    ],
  },
  XJSE: {
    weekend: SAT_SUN,
    holidays: [
      NEW_YEAR,
      { name: 'Human Rights Day', on: fixed(3, 21) },
      GOOD_FRIDAY,
      { name: 'Family Day', on: easter(1) },
      { name: 'Freedom Day', on: fixed(4, 27) },
      LABOUR_DAY,
      { name: 'Youth Day', on: fixed(6, 16) },
      { name: "National Women's Day", on: fixed(8, 9) },
      { name: 'Heritage Day', on: fixed(9, 24) },
      { name: 'Day of Reconciliation', on: fixed(12, 16) },
      CHRISTMAS,
      { name: 'Day of Goodwill', on: fixed(12, 26) },
    ].map((holiday): HolidayRule => ({ ...holiday, observe: 'sunday' })),
  },
  XSAU: {
    weekend: [FRIDAY, SATURDAY],
    holidays: [
      { name: 'Founding Day', on: fixed(2, 22) },
      { name: 'National Day', on: fixed(9, 23) },
      { name: 'Eid al-Fitr', on: hijri(10, 1), days: 5 },
      { name: 'Eid al-Adha', on: hijri(12, 9), days: 5 },
    ],
  },
  IFEU: ICE_MINIMAL,
  IFLL: ICE_MINIMAL,
  NDEX: ICE_MINIMAL,
};
