/**
 * Badge classes of the admin list: the application's status and its nearest secret expiry.
 */
import type { SecretExpiryLevel } from './secretExpiry';

/** OK/Approved read as good, Pending/Requested as waiting, Rejected as bad. */
export function statusBadgeClass(status: string | undefined): string {
  switch (status) {
    case 'OK':
    case 'Approved':
      return 'ok';
    case 'Rejected':
      return 'danger';
    case 'Pending':
    case 'PendingUserApprovalCheck':
    case 'Requested':
    case 'Requestable':
      return 'warning';
    default:
      return '';
  }
}

/** Expired and 7 days are urgent, 30 days a warning. */
export function expiryBadgeClass(level: SecretExpiryLevel): string {
  return { expired: 'danger', within7: 'danger', within30: 'warning', ok: 'ok', none: '' }[level];
}
