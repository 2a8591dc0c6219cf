/**
 * What the back office is warned of, whatever workspace is open: open events due within 2
 * business days (the navigation badge), and the desktop notifications of new or changed events
 * reaching the user's accounts and of unreviewed deadlines within a day.
 */
import type { DesktopNotice } from '../../../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../../../contract/wire/types';
import { deadlineText } from './deadlineText';
import type { QueuePlacing } from './queue';

const DAY_MS = 86_400_000;

/** What an event is called in a notification: its type and instrument. */
export function eventName(event: CorporateActionEvent): string {
  return [event.EventType?.Code, event.EventType?.Name, event.DisplayAndFormat?.Description ? `· ${event.DisplayAndFormat.Description}` : undefined]
    .filter(Boolean)
    .join(' ');
}

/** The open events due within 2 business days, by id. */
export function dueSoonIds(placings: ReadonlyMap<string, QueuePlacing>): string[] {
  return [...placings].filter(([, placing]) => placing.place === 'upcoming' && placing.dueSoon).map(([id]) => id);
}

/** Open events whose response deadline comes within a day (24 hours) of `now`, each once per deadline (`told` keeps what was said). */
export function deadlineNotices(
  events: readonly CorporateActionEvent[],
  placings: ReadonlyMap<string, QueuePlacing>,
  now: number,
  told: Set<string>,
  viewerZone?: string,
): DesktopNotice[] {
  const notices: DesktopNotice[] = [];
  for (const event of events) {
    const placing = placings.get(event.EventId);
    if (placing?.place !== 'upcoming') continue;
    const at = placing.deadline.at;
    const key = `${event.EventId}|${at}`;
    if (at - now > DAY_MS || told.has(key)) continue;
    told.add(key);
    notices.push({
      title: 'Response deadline within a day',
      body: `${eventName(event)}: ${deadlineText(placing.deadline, viewerZone)}, not yet reviewed.`,
    });
  }
  return notices;
}

/**
 * New and changed events among `latest` (newest updates first) against what was seen before
 * (`seen`: EventId → UpdatedDateTime, updated in place). Nothing is new on the first look:
 * `seen` undefined answers none, and the caller keeps what it saw.
 */
export function eventNotices(
  latest: readonly CorporateActionEvent[],
  seen: Map<string, string> | undefined,
): DesktopNotice[] {
  if (!seen) return [];
  const notices: DesktopNotice[] = [];
  for (const event of latest) {
    const updated = event.UpdatedDateTime ?? '';
    const before = seen.get(event.EventId);
    if (before === undefined)
      notices.push({ title: 'New corporate action for your accounts', body: eventName(event) });
    else if (before !== updated && Date.parse(updated) > Date.parse(before))
      notices.push({ title: 'Corporate action changed', body: `${eventName(event)} was updated.` });
    seen.set(event.EventId, updated);
  }
  return notices;
}
