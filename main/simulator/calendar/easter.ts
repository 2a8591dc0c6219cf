/**
 * Easter Sunday of the Gregorian calendar, from which Good Friday, Easter Monday, Ascension,
 * Whit Monday, Corpus Christi and Carnival follow.
 */
import { calendarDate } from './dates';

/**
 * Easter Sunday of a Gregorian year, by the anonymous Gregorian computus (Meeus/Jones/Butcher):
 * the first Sunday after the ecclesiastical full moon on or after 21 March.
 */
export function easterSunday(year: number): Date {
  const goldenNumber = year % 19;
  const century = Math.floor(year / 100);
  const yearOfCentury = year % 100;
  const skippedLeapCenturies = Math.floor(century / 4);
  const centuryRemainder = century % 4;
  const moonCorrection = Math.floor((century + 8) / 25);
  const solarCorrection = Math.floor((century - moonCorrection + 1) / 3);
  const epact = (19 * goldenNumber + century - skippedLeapCenturies - solarCorrection + 15) % 30;
  const leapQuarters = Math.floor(yearOfCentury / 4);
  const leapRemainder = yearOfCentury % 4;
  const weekdayShift = (32 + 2 * centuryRemainder + 2 * leapQuarters - epact - leapRemainder) % 7;
  const lateCorrection = Math.floor((goldenNumber + 11 * epact + 22 * weekdayShift) / 451);
  const monthAndDay = epact + weekdayShift - 7 * lateCorrection + 114;
  return calendarDate(year, Math.floor(monthAndDay / 31), (monthAndDay % 31) + 1);
}
