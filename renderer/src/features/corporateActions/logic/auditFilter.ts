/**
 * The audit log view's filters (who, what, which event, from and to which day) and its CSV.
 * The log is append-only; these only choose what is shown and exported.
 */
import type { ReviewAction, ReviewAuditEntry } from '../../../../../contract/corporateActions';
import { describeAuditEntry } from './auditText';
import { toCsv, type CsvColumn } from '../../../shared/csv';
import type { AuditRow } from './auditRows';

export interface AuditFilter {
  /** A user id, or empty for everyone. */
  userId: string;
  /** An action, or empty for every action. */
  action: ReviewAction | '';
  /** Part of an event id, or empty. */
  eventId: string;
  /** First and last day (`yyyy-mm-dd`, UTC), each optional. */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilter = { userId: '', action: '', eventId: '', from: '', to: '' };

/** Labels of the actions, in the order the filter offers them. */
export const auditActionLabels: Record<ReviewAction, string> = {
  read: 'Marked read',
  unread: 'Marked unread',
  flagged: 'Flagged',
  unflagged: 'Unflagged',
  reviewed: 'Marked reviewed',
  unreviewed: 'Marked not reviewed',
  note: 'Note changed',
  assigned: 'Assigned',
  unassigned: 'Unassigned',
  approved: 'Approved',
  approvalWithdrawn: 'Approval withdrawn',
};

/** The entries that pass `filter`, in the order given. */
export function filterAudit<Entry extends ReviewAuditEntry>(entries: readonly Entry[], filter: AuditFilter): Entry[] {
  const eventPart = filter.eventId.trim();
  return entries.filter((entry) => {
    const day = entry.at.slice(0, 10);
    return (
      (filter.userId === '' || entry.actor.userId === filter.userId) &&
      (filter.action === '' || entry.action === filter.action) &&
      (eventPart === '' || entry.eventId.includes(eventPart)) &&
      (filter.from === '' || day >= filter.from) &&
      (filter.to === '' || day <= filter.to)
    );
  });
}

/** The users who appear in the log, by id, named as the log names them. */
export function auditUsers(entries: readonly ReviewAuditEntry[]): { userId: string; name: string }[] {
  const users = new Map<string, string>();
  for (const entry of entries) if (!users.has(entry.actor.userId)) users.set(entry.actor.userId, entry.actor.name);
  return [...users].map(([userId, name]) => ({ userId, name })).sort((a, b) => a.name.localeCompare(b.name));
}

const AUDIT_CSV_COLUMNS: CsvColumn<AuditRow>[] = [
  { header: 'When (UTC)', value: (entry) => entry.at },
  { header: 'User id', value: (entry) => entry.actor.userId },
  { header: 'User', value: (entry) => entry.actor.name },
  { header: 'Event id', value: (entry) => entry.eventId },
  { header: 'Instrument', value: (entry) => entry.instrument },
  { header: 'Event type', value: (entry) => entry.eventType },
  { header: 'Action', value: (entry) => entry.action },
  { header: 'Before', value: (entry) => entry.before },
  { header: 'After', value: (entry) => entry.after },
  { header: 'What changed', value: (entry) => describeAuditEntry(entry) },
  { header: 'Profile', value: (entry) => entry.profileName },
];

/** The rows as CSV (UTF-8 with BOM, formula-looking cells defused), every field in full; Profile is the profile's name. */
export function auditCsv(entries: readonly AuditRow[]): string {
  return toCsv(AUDIT_CSV_COLUMNS, entries);
}
