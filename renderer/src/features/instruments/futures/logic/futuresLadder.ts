/**
 * Rows of a futures ladder: one per contract of a futures space, with its contract month from
 * the month code and its roll calendar. A contract rolls before its first notice date where it
 * has one (physically delivered futures: from that day longs may be handed delivery), else
 * before its last trade date; the front month is the nearest contract not yet in its delivery
 * period. Days to notice, to the last trade and to the roll all count from one day: the
 * service's (useServiceDayStore: the embedded simulator's simulated day, else the clock's), or,
 * while that is not known, the day the service's own counts are from (an expiry date less its
 * days to expiry).
 */
import type { DateTime } from 'luxon';
import type { FuturesSpace } from '../../../../../../contract/wire/types';
import { calendarDay, daysUntil, isoDay, today } from '../../../../shared/dates';
import { decodeContractMonth, formatContractMonth } from './monthCodes';

export interface LadderRow {
  symbol: string;
  uic: number;
  /** `Mar 2026`, or undefined when the symbol carries no month code. */
  contractMonth: string | undefined;
  /** `yyyy-mm-dd` of the last trade (the space's ExpiryDate). */
  lastTradeDate: string;
  daysToLastTrade: number;
  /** `yyyy-mm-dd` of the first notice from the contract's details, undefined when they carry none. */
  noticeDate: string | undefined;
  daysToNotice: number | undefined;
  /** What the contract rolls before: its first notice where it has one, else its last trade. */
  rollsBefore: 'notice' | 'lastTrade';
  /** Whole days to the roll date (negative once passed). */
  daysToRoll: number;
  /** From its first notice date on: delivery may be handed to longs. */
  inDelivery: boolean;
  isFront: boolean;
  /** Not yet rolled and at most the roll window's number of days from the roll date. */
  inRollWindow: boolean;
}

/** The service's today: the calendar day an element's days to expiry count from. */
export function serviceToday(space: FuturesSpace, fallback: DateTime = today()): DateTime {
  const element = space.Elements[0];
  const expiry = element ? calendarDay(element.ExpiryDate) : undefined;
  return expiry && Number.isFinite(element?.DaysToExpiry)
    ? expiry.minus({ days: element?.DaysToExpiry ?? 0 })
    : fallback;
}

/** True when a contract `daysToRoll` from its roll date is inside a roll window of `rollDays`. */
export function isInRollWindow(daysToRoll: number, rollDays: number): boolean {
  return daysToRoll >= 0 && daysToRoll <= rollDays;
}

/** Index of the nearest contract not in its delivery period and not past its last trade, or -1. */
export function frontMonthIndex(rows: readonly Pick<LadderRow, 'inDelivery' | 'daysToLastTrade'>[]): number {
  let front = -1;
  rows.forEach((row, index) => {
    if (row.inDelivery || row.daysToLastTrade < 0) return;
    if (front < 0 || row.daysToLastTrade < (rows[front] as { daysToLastTrade: number }).daysToLastTrade)
      front = index;
  });
  return front;
}

/**
 * The ladder of a futures space in the service's order. `noticeDates` maps uics to the
 * NoticeDate of their details; contracts missing from it get none (never an invented one).
 */
export function buildLadder(
  space: FuturesSpace,
  noticeDates: ReadonlyMap<number, string>,
  rollDays: number,
  from: DateTime = serviceToday(space),
): LadderRow[] {
  const rows = space.Elements.map((element) => {
    const decoded = decodeContractMonth(element.Symbol, space.BaseIdentifier, element.ExpiryDate);
    const notice = noticeDates.get(element.Uic);
    const daysToNotice = notice ? daysUntil(notice, from) : undefined;
    const rollsBefore: LadderRow['rollsBefore'] = daysToNotice === undefined ? 'lastTrade' : 'notice';
    const daysToLastTrade = daysUntil(element.ExpiryDate, from) ?? element.DaysToExpiry;
    const daysToRoll = daysToNotice ?? daysToLastTrade;
    return {
      symbol: element.Symbol,
      uic: element.Uic,
      contractMonth: decoded ? formatContractMonth(decoded) : undefined,
      lastTradeDate: isoDay(element.ExpiryDate),
      daysToLastTrade,
      noticeDate: notice ? isoDay(notice) : undefined,
      daysToNotice,
      rollsBefore,
      daysToRoll,
      inDelivery: daysToNotice !== undefined && daysToNotice <= 0,
      isFront: false,
      inRollWindow:
        !(daysToNotice !== undefined && daysToNotice <= 0) && isInRollWindow(daysToRoll, rollDays),
    };
  });
  const front = frontMonthIndex(rows);
  if (front >= 0) (rows[front] as LadderRow).isFront = true;
  return rows;
}
