/**
 * An audit entry in words, e.g. "Marked reviewed (version 2026-03-01T12:00:00Z)".
 */
import type { ReviewAuditEntry } from '../../../../../contract/corporateActions';

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** What the entry changed, for the history and the audit log. */
export function describeAuditEntry(entry: ReviewAuditEntry): string {
  switch (entry.action) {
    case 'read':
      return 'Marked read';
    case 'unread':
      return 'Marked unread';
    case 'flagged':
      return 'Flagged';
    case 'unflagged':
      return 'Unflagged';
    case 'reviewed':
      return entry.after === 'reviewed' ? 'Marked reviewed' : `Marked reviewed (version ${entry.after})`;
    case 'unreviewed':
      return 'Marked not reviewed';
    case 'assigned':
      return `Assigned to ${entry.after}`;
    case 'unassigned':
      return entry.before ? `Unassigned ${entry.before}` : 'Unassigned';
    case 'approved':
      return 'Approved the review';
    case 'approvalWithdrawn':
      return 'Withdrew the approval';
    case 'note':
      if (entry.after === '') return `Removed the note “${clip(entry.before)}”`;
      return entry.before === ''
        ? `Added the note “${clip(entry.after)}”`
        : `Changed the note to “${clip(entry.after)}”`;
    default:
      return `${String(entry.action)}: ${entry.before} → ${entry.after}`;
  }
}
