/**
 * The audit log's rows: each entry joined with what the queue knows of its event (instrument
 * and event type) and named by its profile's display name. The log keeps event ids only; an
 * event the queue no longer lists still shows its id, with the event columns left empty.
 */
import type { ReviewAuditEntry } from '../../../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../../../contract/wire/types';

/** What the audit view shows of the event an entry is about. */
export interface AuditEventFacts {
  instrument?: string | undefined;
  /** The ISO 15022 code and its name, e.g. `DVCA Cash dividend`. */
  eventType?: string | undefined;
}

/** One row of the audit view and its CSV. */
export interface AuditRow extends ReviewAuditEntry {
  instrument: string;
  eventType: string;
  /** The profile's display name (its id when the profile is gone). */
  profileName: string;
}

/** The facts of every event given, by event id (later lists win: a detail read is newer than a page). */
export function auditEventFacts(...lists: Iterable<CorporateActionEvent>[]): Map<string, AuditEventFacts> {
  const facts = new Map<string, AuditEventFacts>();
  for (const list of lists) {
    for (const event of list) {
      const code = event.EventType?.Code;
      const name = event.EventType?.Name;
      facts.set(event.EventId, {
        instrument: event.DisplayAndFormat?.Description ?? event.DisplayAndFormat?.Symbol,
        eventType: [code, name].filter(Boolean).join(' ') || undefined,
      });
    }
  }
  return facts;
}

/** The entries as rows, joined with their events' facts and their profiles' names. */
export function auditRows(
  entries: readonly ReviewAuditEntry[],
  facts: ReadonlyMap<string, AuditEventFacts>,
  profileNames: ReadonlyMap<string, string>,
): AuditRow[] {
  return entries.map((entry) => {
    const fact = facts.get(entry.eventId);
    return {
      ...entry,
      instrument: fact?.instrument ?? '',
      eventType: fact?.eventType ?? '',
      profileName: profileNames.get(entry.profileId) ?? entry.profileId,
    };
  });
}
