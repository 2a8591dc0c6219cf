/**
 * The expiries of an option space as tabs: date, days to expiry and the derived kind.
 */
import type { ContractOptionEntry } from '../../../../../contract/wire/types';
import { calendarDay, isoDay } from '../../../shared/dates';
import { expiryKind, expiryKindLabels, type ExpiryKind } from './expiryFlags';

export interface ExpiryTab {
  /** `yyyy-mm-dd`, the key used to read the expiry's contracts. */
  expiry: string;
  /** `20 Mar 26`. */
  shortDate: string;
  daysToExpiry: number;
  kind: ExpiryKind;
  /** The tab's accessible name, e.g. `Fri 20 Mar 2026, 12 days, Quarterly`. */
  description: string;
}

const kindBadges: Record<ExpiryKind, string> = { quarterly: 'Q', monthly: 'M', 'end-of-month': 'EOM', weekly: 'W' };

/** The short badge of a kind (`Q`, `M`, `EOM`, `W`). */
export function expiryKindBadge(kind: ExpiryKind): string {
  return kindBadges[kind];
}

/** One tab per entry of the option space, in the service's order. */
export function expiryTabs(entries: readonly ContractOptionEntry[]): ExpiryTab[] {
  const all = entries.map((entry) => entry.Expiry);
  return entries.map((entry) => {
    const day = calendarDay(entry.Expiry);
    const kind = expiryKind(entry.Expiry, all);
    const days = entry.DisplayDaysToExpiry;
    return {
      expiry: isoDay(entry.Expiry),
      shortDate: day ? day.toFormat('d LLL yy') : entry.Expiry,
      daysToExpiry: days,
      kind,
      description: `${day ? day.toFormat('ccc d LLL yyyy') : entry.Expiry}, ${days} ${days === 1 ? 'day' : 'days'}, ${expiryKindLabels[kind]}`,
    };
  });
}
