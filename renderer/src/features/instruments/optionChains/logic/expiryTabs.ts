/**
 * The expiries of an option space as tabs: date, days to expiry, last trade and the derived
 * kind; grouped by month for the tab strip and filtered by the kinds the trader wants to see.
 * Days count from the service's day when it is known (the simulated day of the embedded
 * simulator, useServiceDayStore), as the futures ladder's do; else the service's own counts.
 */
import type { DateTime } from 'luxon';
import type { ContractOptionEntry } from '../../../../../../contract/wire/types';
import { calendarDay, daysUntil, isoDay } from '../../../../shared/dates';
import { expiryKind, expiryKindLabels, isOfKind, type ExpiryKind } from './expiryFlags';

export interface ExpiryTab {
  /** `yyyy-mm-dd`, the key used to read the expiry's contracts. */
  expiry: string;
  /** `yyyy-mm` of the expiry, the month group it sits in. */
  month: string;
  /** `20 Mar 26`. */
  shortDate: string;
  /** `20 Fri`, the tab's text inside its month group. */
  dayLabel: string;
  daysToExpiry: number;
  /** The entry's LastTradeDate (UTC date-time), absent when the service gives none. */
  lastTrade: string | undefined;
  /** Whole days to the last trade date, when the service gives them. */
  daysToLastTrade: number | undefined;
  kind: ExpiryKind;
  /** The tab's accessible name, e.g. `Fri 20 Mar 2026, 12 days, Quarterly`. */
  description: string;
  /** The expiry's heading above its grid, e.g. `Fri 20 Mar 2026, Quarterly` (its header says the days). */
  heading: string;
}

/** A month of the tab strip with its expiries. */
export interface ExpiryMonthGroup {
  /** `yyyy-mm`. */
  month: string;
  /** `Mar 2026`. */
  label: string;
  tabs: ExpiryTab[];
}

const kindBadges: Record<ExpiryKind, string> = {
  quarterly: 'Q',
  monthly: 'M',
  'end-of-month': 'EOM',
  weekly: 'W',
};

/** The short badge of a kind (`Q`, `M`, `EOM`, `W`). */
export function expiryKindBadge(kind: ExpiryKind): string {
  return kindBadges[kind];
}

/** The service's "no date" (the minimum date-time value) and unreadable dates count as none. */
function lastTradeOf(entry: ContractOptionEntry): string | undefined {
  const day = entry.LastTradeDate ? calendarDay(entry.LastTradeDate) : undefined;
  return day && day.year > 1900 ? entry.LastTradeDate : undefined;
}

/** One tab per entry of the option space, in the service's order; days counted from `from` when given. */
export function expiryTabs(entries: readonly ContractOptionEntry[], from?: DateTime): ExpiryTab[] {
  const all = entries.map((entry) => entry.Expiry);
  return entries.map((entry) => {
    const day = calendarDay(entry.Expiry);
    const kind = expiryKind(entry.Expiry, all, entry.DisplayExpiry);
    const days = (from && daysUntil(entry.Expiry, from)) ?? entry.DisplayDaysToExpiry;
    const lastTrade = lastTradeOf(entry);
    const daysToLastTrade =
      lastTrade === undefined
        ? undefined
        : ((from && daysUntil(lastTrade, from)) ?? entry.DisplayDaysToLastTradeDate);
    return {
      expiry: isoDay(entry.Expiry),
      month: isoDay(entry.Expiry).slice(0, 7),
      shortDate: day ? day.toFormat('d LLL yy') : entry.Expiry,
      dayLabel: day ? day.toFormat('d ccc') : entry.Expiry,
      daysToExpiry: days,
      lastTrade,
      daysToLastTrade,
      kind,
      description: `${day ? day.toFormat('ccc d LLL yyyy') : entry.Expiry}, ${days} ${days === 1 ? 'day' : 'days'}, ${expiryKindLabels[kind]}`,
      heading: `${day ? day.toFormat('ccc d LLL yyyy') : entry.Expiry}, ${expiryKindLabels[kind]}`,
    };
  });
}

/** The tabs of the kinds in `kinds` (all of them when `kinds` is empty; quarterlies count as monthlies). */
export function tabsOfKinds(tabs: readonly ExpiryTab[], kinds: readonly ExpiryKind[]): ExpiryTab[] {
  return kinds.length === 0
    ? [...tabs]
    : tabs.filter((tab) => kinds.some((kind) => isOfKind(tab.kind, kind)));
}

/** How many of `tabs` the filter for `kind` shows. */
export function countOfKind(tabs: readonly ExpiryTab[], kind: ExpiryKind): number {
  return tabs.filter((tab) => isOfKind(tab.kind, kind)).length;
}

/** Consecutive tabs of the same month together, in the tabs' order. */
export function monthGroups(tabs: readonly ExpiryTab[]): ExpiryMonthGroup[] {
  const groups: ExpiryMonthGroup[] = [];
  for (const tab of tabs) {
    const last = groups.at(-1);
    if (last?.month === tab.month) last.tabs.push(tab);
    else {
      const day = calendarDay(`${tab.month}-01`);
      groups.push({ month: tab.month, label: day ? day.toFormat('LLL yyyy') : tab.month, tabs: [tab] });
    }
  }
  return groups;
}
