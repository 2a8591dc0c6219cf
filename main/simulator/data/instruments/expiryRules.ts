/**
 * Date arithmetic on an exchange's business days, and the last-trading-day rules of futures
 * and options (universe-facts §4 and §5): third Friday, n business days before the 25th,
 * last business day of the month... A date that lands on a holiday moves to the previous
 * business day unless the rule counts business days itself.
 */
import { isTradingDay } from '../../calendar/businessDays';
import { addDays, calendarDate, FRIDAY, nthWeekdayOfMonth, THURSDAY } from '../../calendar/dates';

export const WEDNESDAY = 3;

/** `date` if the exchange trades that day, else the business day before it. */
export function onOrBefore(exchangeId: string, date: Date): Date {
  let day = date;
  while (!isTradingDay(exchangeId, day)) day = addDays(day, -1);
  return day;
}

/** `date` if the exchange trades that day, else the business day after it. */
export function onOrAfter(exchangeId: string, date: Date): Date {
  let day = date;
  while (!isTradingDay(exchangeId, day)) day = addDays(day, 1);
  return day;
}

/** The date `count` business days after (`count` > 0) or before (< 0) `date`. */
export function addBusinessDays(exchangeId: string, date: Date, count: number): Date {
  const step = count < 0 ? -1 : 1;
  let day = date;
  for (let moved = 0; moved < Math.abs(count);) {
    day = addDays(day, step);
    if (isTradingDay(exchangeId, day)) moved++;
  }
  return day;
}

/** Last business day of a month (1–12). */
export function lastBusinessDay(exchangeId: string, year: number, month: number): Date {
  return onOrBefore(exchangeId, calendarDate(year, month + 1, 0));
}

/** The `nth` business day of a month (1 = first). */
export function nthBusinessDay(exchangeId: string, year: number, month: number, nth: number): Date {
  return addBusinessDays(exchangeId, calendarDate(year, month, 0), nth);
}

/** Third Friday of a month, moved back to a business day. */
export function thirdFriday(exchangeId: string, year: number, month: number): Date {
  return onOrBefore(exchangeId, nthWeekdayOfMonth(year, month, FRIDAY, 3));
}

/** A month-relative date: year and month of `month` months after (year, month). */
export function shiftMonth(year: number, month: number, months: number): [number, number] {
  const index = year * 12 + (month - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/** Last trading day and (for physically delivered contracts) first notice day of a contract month. */
export interface ContractDates {
  lastTrade: Date;
  notice?: Date;
}

export type ExpiryRule = (exchangeId: string, year: number, month: number) => ContractDates;

const previousMonthEnd = (exchangeId: string, year: number, month: number): Date =>
  lastBusinessDay(exchangeId, ...shiftMonth(year, month, -1));

/** The rules of universe-facts §4, by name. */
export const EXPIRY_RULES = {
  /** Equity index futures: third Friday (ES, NQ, RTY, YM, FESX, FDAX, Z). */
  thirdFriday: (x, y, m) => ({ lastTrade: thirdFriday(x, y, m) }),
  /** VIX: the Wednesday 30 days before the third Friday of the next month. */
  vix: (x, y, m) => ({
    lastTrade: onOrBefore(x, addDays(nthWeekdayOfMonth(...shiftMonth(y, m, 1), FRIDAY, 3), -30)),
  }),
  /** Nikkei 225 (OSE): business day before the second Friday. */
  nikkei: (x, y, m) => ({ lastTrade: addBusinessDays(x, nthWeekdayOfMonth(y, m, FRIDAY, 2), -1) }),
  /** Hang Seng: business day before the last business day of the month. */
  hangSeng: (x, y, m) => ({ lastTrade: addBusinessDays(x, lastBusinessDay(x, y, m), -1) }),
  /** SPI 200: third Thursday. */
  thirdThursday: (x, y, m) => ({ lastTrade: onOrBefore(x, nthWeekdayOfMonth(y, m, THURSDAY, 3)) }),
  /** KOSPI 200: second Thursday. */
  secondThursday: (x, y, m) => ({ lastTrade: onOrBefore(x, nthWeekdayOfMonth(y, m, THURSDAY, 2)) }),
  /** ZT, ZF: last business day of the month; first notice the last business day of the month before. */
  shortTreasury: (x, y, m) => ({ lastTrade: lastBusinessDay(x, y, m), notice: previousMonthEnd(x, y, m) }),
  /** ZN, ZB, UB: 7th business day before the last business day; notice as ZT. */
  longTreasury: (x, y, m) => ({
    lastTrade: addBusinessDays(x, lastBusinessDay(x, y, m), -7),
    notice: previousMonthEnd(x, y, m),
  }),
  /** SR3: business day before the third Wednesday three months after the named month. */
  sofr: (x, y, m) => ({
    lastTrade: addBusinessDays(x, nthWeekdayOfMonth(...shiftMonth(y, m, 3), WEDNESDAY, 3), -1),
  }),
  /** Euro-Bund family: delivery on the 10th (next business day), last trade two business days before. */
  eurexBond: (x, y, m) => ({ lastTrade: addBusinessDays(x, onOrAfter(x, calendarDate(y, m, 10)), -2) }),
  /** Long Gilt: 2 business days before the last business day; first notice 2 business days before the month. */
  gilt: (x, y, m) => ({
    lastTrade: addBusinessDays(x, lastBusinessDay(x, y, m), -2),
    notice: addBusinessDays(x, calendarDate(y, m, 1), -2),
  }),
  /** 3-Month Euribor, FX futures: 2 business days before the third Wednesday. */
  twoBeforeThirdWednesday: (x, y, m) => ({
    lastTrade: addBusinessDays(x, nthWeekdayOfMonth(y, m, WEDNESDAY, 3), -2),
  }),
  /** Canadian dollar futures: 1 business day before the third Wednesday. */
  oneBeforeThirdWednesday: (x, y, m) => ({
    lastTrade: addBusinessDays(x, nthWeekdayOfMonth(y, m, WEDNESDAY, 3), -1),
  }),
  /** WTI: 3 business days before the 25th of the month before delivery (the business day before a non-business 25th). */
  wti: (x, y, m) => {
    const [py, pm] = shiftMonth(y, m, -1);
    const twentyFifth = calendarDate(py, pm, 25);
    const anchor = isTradingDay(x, twentyFifth) ? twentyFifth : onOrBefore(x, addDays(twentyFifth, -1));
    return { lastTrade: addBusinessDays(x, anchor, -3) };
  },
  /** Brent: last business day of the second month before the contract month. */
  brent: (x, y, m) => ({ lastTrade: lastBusinessDay(x, ...shiftMonth(y, m, -2)) }),
  /** Henry Hub: 3 business days before the first calendar day of the contract month. */
  naturalGas: (x, y, m) => ({ lastTrade: addBusinessDays(x, calendarDate(y, m, 1), -3) }),
  /** RBOB, heating oil, sugar: last business day of the month before the contract month. */
  monthBefore: (x, y, m) => ({ lastTrade: previousMonthEnd(x, y, m) }),
  /** Gasoil: 2 business days before the 14th of the delivery month. */
  gasoil: (x, y, m) => ({ lastTrade: addBusinessDays(x, calendarDate(y, m, 14), -2) }),
  /** TTF: 2 business days before the first day of the delivery month. */
  ttf: (x, y, m) => ({ lastTrade: addBusinessDays(x, calendarDate(y, m, 1), -2) }),
  /** COMEX metals: third-last business day of the month; first notice the last business day of the month before. */
  comex: (x, y, m) => ({
    lastTrade: addBusinessDays(x, lastBusinessDay(x, y, m), -2),
    notice: previousMonthEnd(x, y, m),
  }),
  /** CBOT grains: business day before the 15th; first notice the last business day of the month before. */
  grains: (x, y, m) => ({
    lastTrade: addBusinessDays(x, calendarDate(y, m, 15), -1),
    notice: previousMonthEnd(x, y, m),
  }),
  /** Coffee: first notice ~7 business days before the month; last trade ~8 business days before the last business day. */
  coffee: (x, y, m) => ({
    lastTrade: addBusinessDays(x, lastBusinessDay(x, y, m), -8),
    notice: addBusinessDays(x, calendarDate(y, m, 1), -7),
  }),
  /** Cocoa: 11 business days before the last business day. */
  cocoa: (x, y, m) => ({ lastTrade: addBusinessDays(x, lastBusinessDay(x, y, m), -11) }),
  /** Live cattle: last business day of the month. */
  monthEnd: (x, y, m) => ({ lastTrade: lastBusinessDay(x, y, m) }),
  /** Lean hogs: 10th business day of the month. */
  tenthBusinessDay: (x, y, m) => ({ lastTrade: nthBusinessDay(x, y, m, 10) }),
  /** Bitcoin: last Friday of the month. */
  lastFriday: (x, y, m) => ({ lastTrade: onOrBefore(x, nthWeekdayOfMonth(y, m, FRIDAY, -1)) }),
} satisfies Record<string, ExpiryRule>;

export type ExpiryRuleName = keyof typeof EXPIRY_RULES;
