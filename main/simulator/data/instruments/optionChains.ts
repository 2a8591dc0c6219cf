/**
 * Option chains by the rules of thumb of universe-facts §5: which expiries a root lists
 * (dailies, weeklies, monthlies, quarterlies, long-dated) and the strike ladder of each
 * expiry (fine steps near the money, coarser further out, index chains put-skewed).
 */
import { isTradingDay } from '../../calendar/businessDays';
import { addDays, FRIDAY, nthWeekdayOfMonth, weekdayOf } from '../../calendar/dates';
import {
  addBusinessDays,
  EXPIRY_RULES,
  lastBusinessDay,
  onOrBefore,
  shiftMonth,
  thirdFriday,
} from './expiryRules';

export type ExpiryKind = 'Daily' | 'Weekly' | 'EndOfMonth' | 'Monthly' | 'Quarterly' | 'LongDated';

export interface OptionExpiry {
  date: Date;
  kind: ExpiryKind;
  /** The month the expiry is named for (futures options: the underlying contract month at the earliest). */
  year: number;
  month: number;
}

/** How the standard (monthly) expiry of a month is found. */
export type MonthlyRule =
  | 'thirdFriday'
  | 'secondFriday'
  | 'vix'
  /** Options on WTI: 3 business days before the CL last trading day of the option month. */
  | 'wtiOption'
  /** Options on gold: 4 business days before the end of the month before the option month. */
  | 'comexOption'
  /** Options on Treasury futures: last Friday at least 2 business days before the end of the month before. */
  | 'treasuryOption';

export interface ExpirySchedule {
  /** Every business day within this many calendar days. */
  dailyDays?: number;
  /** Fridays within this many weeks. */
  weeklyWeeks?: number;
  /** Standard expiries of the next this many months (0: none, a root of weeklies). */
  monthlyMonths: number;
  /** The last business day of this month and the next this many months (PM-settled index weeklies' roots). */
  endOfMonthMonths?: number;
  /** Standard expiries of quarter months (Mar, Jun, Sep, Dec) within this many months. */
  quarterlyMonths?: number;
  /** Standard expiries of `longDatedMonth` in each year up to this many years out. */
  longDatedYears?: number;
  longDatedMonth?: number;
  rule: MonthlyRule;
}

function standardExpiry(rule: MonthlyRule, exchangeId: string, year: number, month: number): Date {
  switch (rule) {
    case 'thirdFriday':
      return thirdFriday(exchangeId, year, month);
    case 'secondFriday':
      return onOrBefore(exchangeId, nthWeekdayOfMonth(year, month, FRIDAY, 2));
    case 'vix':
      return EXPIRY_RULES.vix(exchangeId, year, month).lastTrade;
    case 'wtiOption':
      return addBusinessDays(exchangeId, EXPIRY_RULES.wti(exchangeId, year, month).lastTrade, -3);
    case 'comexOption':
      return addBusinessDays(exchangeId, lastBusinessDay(exchangeId, ...shiftMonth(year, month, -1)), -4);
    case 'treasuryOption': {
      const limit = addBusinessDays(
        exchangeId,
        lastBusinessDay(exchangeId, ...shiftMonth(year, month, -1)),
        -2,
      );
      const lastFriday = addDays(limit, -((weekdayOf(limit) - FRIDAY + 7) % 7));
      return onOrBefore(exchangeId, lastFriday);
    }
  }
}

/** The expiries a root lists on `asOf`, in date order, one per date (the longest-lived kind wins). */
export function listExpiries(schedule: ExpirySchedule, exchangeId: string, asOf: Date): OptionExpiry[] {
  const byDate = new Map<string, OptionExpiry>();
  const rank: Record<ExpiryKind, number> = {
    Daily: 0,
    Weekly: 1,
    EndOfMonth: 2,
    Monthly: 3,
    Quarterly: 4,
    LongDated: 5,
  };
  const add = (
    date: Date,
    kind: ExpiryKind,
    year = date.getUTCFullYear(),
    month = date.getUTCMonth() + 1,
  ) => {
    if (date <= asOf) return;
    const key = date.toISOString();
    const existing = byDate.get(key);
    if (!existing || rank[existing.kind] < rank[kind]) byDate.set(key, { date, kind, year, month });
  };
  const startYear = asOf.getUTCFullYear();
  const startMonth = asOf.getUTCMonth() + 1;

  if (schedule.dailyDays) {
    for (let day = addDays(asOf, 1); day <= addDays(asOf, schedule.dailyDays); day = addDays(day, 1)) {
      if (isTradingDay(exchangeId, day)) add(day, 'Daily');
    }
  }
  if (schedule.weeklyWeeks) {
    let friday = addDays(asOf, (FRIDAY - weekdayOf(asOf) + 7) % 7 || 7);
    for (let week = 0; week < schedule.weeklyWeeks; week++, friday = addDays(friday, 7))
      add(onOrBefore(exchangeId, friday), 'Weekly');
  }
  // One month more than asked, since this month's expiry may have passed already.
  for (
    let offset = 0, listed = 0;
    listed < schedule.monthlyMonths && offset < schedule.monthlyMonths + 2;
    offset++
  ) {
    const [year, month] = shiftMonth(startYear, startMonth, offset);
    const date = standardExpiry(schedule.rule, exchangeId, year, month);
    if (date > asOf) {
      add(date, 'Monthly', year, month);
      listed++;
    }
  }
  for (let offset = 0; offset <= (schedule.endOfMonthMonths ?? -1); offset++) {
    const [year, month] = shiftMonth(startYear, startMonth, offset);
    add(lastBusinessDay(exchangeId, year, month), 'EndOfMonth', year, month);
  }
  for (let offset = 0; offset <= (schedule.quarterlyMonths ?? 0); offset++) {
    const [year, month] = shiftMonth(startYear, startMonth, offset);
    if (month % 3 === 0)
      add(standardExpiry(schedule.rule, exchangeId, year, month), 'Quarterly', year, month);
  }
  for (let years = 0; years <= (schedule.longDatedYears ?? 0) && schedule.longDatedMonth; years++) {
    const year = startYear + years;
    add(
      standardExpiry(schedule.rule, exchangeId, year, schedule.longDatedMonth),
      'LongDated',
      year,
      schedule.longDatedMonth,
    );
  }
  return [...byDate.values()].sort((a, b) => a.date.getTime() - b.date.getTime());
}

/** Strike steps: near the money, further out, and far out (long-dated expiries use the coarser ones). */
export interface StrikeSteps {
  near: number;
  mid: number;
  far: number;
}

/** Rounds a strike to 6 decimals, so multiples of 0.05 or 2.5 print exactly. */
function clean(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function multiplesBetween(step: number, from: number, to: number, into: Set<number>): void {
  for (let k = Math.ceil(from / step - 1e-9); k * step <= to + 1e-9; k++)
    if (k > 0) into.add(clean(k * step));
}

/**
 * Strikes of one expiry `years` away with the underlying at `spot` (rule of thumb 1): the
 * fine step within S·(1 ± (0.05 + 0.15·√T)), the medium step out to S·(0.6 − 0.3·√T) and
 * S·(1.15 + 0.25·√T), the coarse step beyond (down to 0.2·S for long-dated index chains). Steps coarsen
 * with time to expiry, as listed chains do.
 */
export function strikeLadder(spot: number, years: number, steps: StrikeSteps, index: boolean): number[] {
  const root = Math.sqrt(Math.max(years, 0));
  const [fine, medium, coarse] =
    years < 0.1
      ? [steps.near, steps.mid, steps.far]
      : years < 1
        ? [steps.mid, steps.far, steps.far * 2]
        : [steps.far, steps.far * 2, steps.far * 4];
  const strikes = new Set<number>();
  const fineWidth = 0.05 + 0.15 * root;
  multiplesBetween(fine, spot * (1 - fineWidth), spot * (1 + fineWidth), strikes);
  multiplesBetween(medium, spot * Math.max(0.6 - 0.3 * root, 0.15), spot * (1.15 + 0.25 * root), strikes);
  const coarseLow = index ? Math.max(0.5 - 0.3 * root, 0.2) : Math.max(0.45 - 0.3 * root, 0.1);
  multiplesBetween(coarse, spot * coarseLow, spot * (index ? 1.3 + 0.3 * root : 1.5 + 0.5 * root), strikes);
  return [...strikes].sort((a, b) => a - b);
}

/** US single-stock strike steps by share price (rule of thumb 5, with the $1 and $2.50 programmes near the money). */
export function usStockSteps(price: number): StrikeSteps {
  if (price < 25) return { near: 0.5, mid: 1, far: 2.5 };
  if (price < 50) return { near: 1, mid: 2.5, far: 5 };
  if (price < 200) return { near: 2.5, mid: 5, far: 10 };
  if (price < 500) return { near: 2.5, mid: 5, far: 10 };
  return { near: 5, mid: 10, far: 20 };
}

/** European stock strike grid by share price (rule of thumb 5), halved near the money. */
export function europeanStockSteps(price: number): StrikeSteps {
  const grid = price < 20 ? 0.5 : price < 50 ? 1 : price < 100 ? 2 : price < 200 ? 5 : price < 500 ? 10 : 20;
  return { near: grid / 2, mid: grid, far: grid * 2 };
}
