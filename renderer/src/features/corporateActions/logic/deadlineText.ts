/**
 * A deadline as the analyst reads it: the market's local date and time (where the service gave
 * a time), and the analyst's own time when their zone differs, e.g.
 * `2026-11-27 17:00 New York (23:00 your time)`.
 */
import { DateTime } from 'luxon';
import type { EventDeadline } from './deadlines';

/** A zone's place name, e.g. `America/New_York` → `New York`. */
export function zonePlace(zone: string): string {
  return zone.includes('/') ? zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ') : zone;
}

/** The analyst's own zone, as the browser knows it. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The deadline's date (and time) in its market, with the analyst's time when it reads differently there. */
export function deadlineText(deadline: EventDeadline, viewer: string = viewerZone()): string {
  const local = DateTime.fromMillis(deadline.at, { zone: deadline.calendar.zone });
  if (!deadline.hasTime) return local.toISODate() ?? '';
  const market = `${local.toFormat('yyyy-MM-dd HH:mm')} ${zonePlace(deadline.calendar.zone)}`;
  const yours = DateTime.fromMillis(deadline.at, { zone: viewer });
  if (!yours.isValid || yours.offset === local.offset) return market;
  const sameDay = yours.toISODate() === local.toISODate();
  return `${market} (${yours.toFormat(sameDay ? 'HH:mm' : 'ccc d LLL HH:mm')} your time)`;
}

/** The deadline in full for a tooltip: both zones spelled out, and the market it counts in. */
export function deadlineTitle(deadline: EventDeadline, viewer: string = viewerZone()): string {
  const local = DateTime.fromMillis(deadline.at, { zone: deadline.calendar.zone });
  const market = deadline.hasTime
    ? `${local.toFormat('cccc d LLLL yyyy, HH:mm')} ${zonePlace(deadline.calendar.zone)} time`
    : `${local.toFormat('cccc d LLLL yyyy')} (no time given: to the end of the day)`;
  const yours = DateTime.fromMillis(deadline.at, { zone: viewer });
  const viewerPart =
    deadline.hasTime && yours.isValid && yours.offset !== local.offset
      ? `; ${yours.toFormat('cccc d LLLL, HH:mm')} your time (${zonePlace(viewer)})`
      : '';
  return `Response deadline ${market}${viewerPart}; business days of ${deadline.calendar.name}`;
}
