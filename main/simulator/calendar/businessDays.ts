/**
 * Which days an exchange trades: the business-day test used by expiry rules (third Friday,
 * previous business day...) and by the trading schedule. Closures are computed once per
 * exchange and year and cached.
 */
import { findExchange } from '../data/reference/exchanges';
import { DAY_MS, dateOnly, isoDay, weekdayOf } from './dates';
import { EXCHANGE_CALENDARS } from './holidayCalendars';
import { closuresOfYear, type ExchangeCalendar, type YearClosures } from './rules';

const closuresCache = new Map<string, YearClosures>();

/** The calendar of an exchange (a platform ExchangeId), found by the exchange's key, or undefined. */
function findCalendar(exchangeId: string): ExchangeCalendar | undefined {
  const exchange = findExchange(exchangeId);
  return exchange && EXCHANGE_CALENDARS[exchange.key];
}

/** The calendar of an exchange (a platform ExchangeId); throws for an id without one (a generator bug, not user input). */
export function calendarOf(exchangeId: string): ExchangeCalendar {
  const calendar = findCalendar(exchangeId);
  if (!calendar) throw new Error(`No trading calendar for exchange "${exchangeId}"`);
  return calendar;
}

/** True when the exchange has a trading calendar (every exchange of exchanges.ts has). */
export function hasCalendar(exchangeId: string): boolean {
  return findCalendar(exchangeId) !== undefined;
}

function closuresFor(exchangeId: string, year: number): YearClosures {
  const key = `${exchangeId.toUpperCase()}-${year}`;
  let closures = closuresCache.get(key);
  if (!closures) {
    closures = closuresOfYear(calendarOf(exchangeId), year);
    closuresCache.set(key, closures);
  }
  return closures;
}

/**
 * Why the exchange is closed on `date` (its UTC calendar date): a holiday's name, or undefined
 * when it is not a holiday. Rules of the neighbouring years are consulted too, since an
 * observed day or a lunar holiday can cross the turn of the year.
 */
export function holidayName(exchangeId: string, date: Date): string | undefined {
  const day = isoDay(date);
  const year = date.getUTCFullYear();
  for (const ruleYear of [year, year - 1, year + 1]) {
    const name = closuresFor(exchangeId, ruleYear).holidays.get(day);
    if (name !== undefined) return name;
  }
  return undefined;
}

/**
 * The holidays of an exchange from `from` to `to` (`yyyy-mm-dd`, both included), in date order,
 * as `holidayName` names them: read from the years' closures rather than day by day, so three
 * years of thirty exchanges cost a few hundred lookups, not some hundred thousand.
 */
export function holidaysBetween(exchangeId: string, from: string, to: string): { date: string; name: string }[] {
  const days = new Set<string>();
  for (let year = Number(from.slice(0, 4)) - 1; year <= Number(to.slice(0, 4)) + 1; year++)
    for (const day of closuresFor(exchangeId, year).holidays.keys()) if (day >= from && day <= to) days.add(day);
  return [...days]
    .sort()
    .map((date) => ({ date, name: holidayName(exchangeId, new Date(`${date}T00:00:00Z`))! }));
}

/**
 * Answers of isTradingDay by exchange and day number (days since 1970-01-01): the expiry rules
 * ask about the same few hundred days of an exchange over and over (every root's every expiry
 * steps back over weekends and holidays), and each answer otherwise costs a calendar lookup,
 * an ISO date text and three closure lookups. Calendars never change within a process.
 */
const tradingDays = new Map<string, Map<number, boolean>>();
const MAX_DAYS_KEPT = 20_000;

/**
 * True when the exchange trades on the UTC calendar date of `date` (time of day ignored):
 * not a weekend day of that exchange (Friday and Saturday for XSAU) and not a holiday. Days
 * with an early close are trading days. Throws for an exchange id without a calendar.
 */
export function isTradingDay(exchangeId: string, date: Date): boolean {
  let days = tradingDays.get(exchangeId);
  if (!days) tradingDays.set(exchangeId, (days = new Map()));
  const dayNumber = Math.floor(date.getTime() / DAY_MS);
  let trades = days.get(dayNumber);
  if (trades === undefined) {
    const day = dateOnly(date);
    trades = !calendarOf(exchangeId).weekend.includes(weekdayOf(day)) && holidayName(exchangeId, day) === undefined;
    // Bounded (a long-running simulator asked about ever more days): 20,000 days is 55 years.
    if (days.size >= MAX_DAYS_KEPT) days.clear();
    days.set(dayNumber, trades);
  }
  return trades;
}

/**
 * The local time (`HH:MM`) regular trading ends early on `date`, or undefined on a normal
 * day. Only trading days have early closes.
 */
export function earlyCloseOn(exchangeId: string, date: Date): string | undefined {
  return earlyCloseOf(exchangeId, date)?.close;
}

/** The early close on `date` with its name (Christmas Eve...), or undefined on a normal or closed day. */
export function earlyCloseOf(exchangeId: string, date: Date): { name: string; close: string } | undefined {
  if (!isTradingDay(exchangeId, date)) return undefined;
  return closuresFor(exchangeId, date.getUTCFullYear()).earlyCloses.get(isoDay(date));
}
