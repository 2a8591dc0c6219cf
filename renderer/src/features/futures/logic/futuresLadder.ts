/**
 * Rows of a futures ladder: one per contract of a futures space, with its contract month from
 * the month code, the front month (nearest unexpired contract) and the roll window.
 */
import type { FuturesSpace } from '../../../../../contract/wire/types';
import { isoDay } from '../../../shared/dates';
import { decodeContractMonth, formatContractMonth } from './monthCodes';

export interface LadderRow {
  symbol: string;
  uic: number;
  /** `Mar 2026`, or undefined when the symbol carries no month code. */
  contractMonth: string | undefined;
  /** `yyyy-mm-dd`. */
  expiryDate: string;
  daysToExpiry: number;
  isFront: boolean;
  /** Unexpired and at most the roll window's number of days from expiry. */
  inRollWindow: boolean;
  /** `yyyy-mm-dd` from the contract's details, undefined when the details carry none. */
  noticeDate: string | undefined;
}

/** Index of the nearest unexpired contract (fewest days to expiry, not negative), or -1. */
export function frontMonthIndex(elements: readonly { DaysToExpiry: number }[]): number {
  let front = -1;
  elements.forEach((element, index) => {
    if (element.DaysToExpiry < 0) return;
    if (front < 0 || element.DaysToExpiry < (elements[front] as { DaysToExpiry: number }).DaysToExpiry)
      front = index;
  });
  return front;
}

/** True when a contract with `daysToExpiry` left is inside a roll window of `rollDays`. */
export function isInRollWindow(daysToExpiry: number, rollDays: number): boolean {
  return daysToExpiry >= 0 && daysToExpiry <= rollDays;
}

/**
 * The ladder of a futures space in the service's order. `noticeDates` maps uics to the
 * NoticeDate of their details; contracts missing from it get none (never an invented one).
 */
export function buildLadder(
  space: FuturesSpace,
  noticeDates: ReadonlyMap<number, string>,
  rollDays: number,
): LadderRow[] {
  const front = frontMonthIndex(space.Elements);
  return space.Elements.map((element, index) => {
    const decoded = decodeContractMonth(element.Symbol, space.BaseIdentifier, element.ExpiryDate);
    const notice = noticeDates.get(element.Uic);
    return {
      symbol: element.Symbol,
      uic: element.Uic,
      contractMonth: decoded ? formatContractMonth(decoded) : undefined,
      expiryDate: isoDay(element.ExpiryDate),
      daysToExpiry: element.DaysToExpiry,
      isFront: index === front,
      inRollWindow: isInRollWindow(element.DaysToExpiry, rollDays),
      noticeDate: notice ? isoDay(notice) : undefined,
    };
  });
}
