/**
 * Holidays shared by many exchanges' calendars (New Year, Christian feasts, Christmas).
 */
import { SATURDAY, SUNDAY } from '../dates';
import { easter, fixed, type HolidayRule } from '../rules';

export const SAT_SUN = [SATURDAY, SUNDAY];
export const GOOD_FRIDAY: HolidayRule = { name: 'Good Friday', on: easter(-2) };
export const EASTER_MONDAY: HolidayRule = { name: 'Easter Monday', on: easter(1) };
export const MAUNDY_THURSDAY: HolidayRule = { name: 'Maundy Thursday', on: easter(-3) };
export const ASCENSION: HolidayRule = { name: 'Ascension Day', on: easter(39) };
export const WHIT_MONDAY: HolidayRule = { name: 'Whit Monday', on: easter(50) };
export const NEW_YEAR: HolidayRule = { name: "New Year's Day", on: fixed(1, 1) };
export const LABOUR_DAY: HolidayRule = { name: 'Labour Day', on: fixed(5, 1) };
export const CHRISTMAS_EVE: HolidayRule = { name: 'Christmas Eve', on: fixed(12, 24) };
export const CHRISTMAS: HolidayRule = { name: 'Christmas Day', on: fixed(12, 25) };
export const BOXING_DAY: HolidayRule = { name: 'Boxing Day', on: fixed(12, 26) };
export const NEW_YEARS_EVE: HolidayRule = { name: "New Year's Eve", on: fixed(12, 31) };
