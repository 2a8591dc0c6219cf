/**
 * The inbox's full-width audit log: opened and closed from the toolbar, read whole (newest
 * first, up to 5,000 entries) with how far it verifies each time it opens, and the entries
 * shown exported as CSV.
 * Forgotten, and closed, when the user changes.
 */
import { ref, type Ref } from 'vue';
import type { ReviewAuditEntry } from '../../../../contract/corporateActions';
import type { AuditVerificationView } from '../../../../contract/review';
import { useOwnedState } from '../session/useOwnedState';
import { auditCsv } from './logic/auditFilter';
import { downloadTextFile } from '../../shared/downloadFile';
import { useReviewStore } from './useReviewStore';

/** The audit log view's state and actions; `today` names the exported file. */
export function useInboxAuditLog(today: Ref<string>) {
  const review = useReviewStore();
  const auditOpen = ref(false);
  const auditLog = ref<ReviewAuditEntry[]>([]);
  const auditLoading = ref(false);
  /** How far the log verifies (read with it). */
  const auditVerification = ref<AuditVerificationView>();
  useOwnedState(() => {
    auditOpen.value = false;
    auditLog.value = [];
    auditVerification.value = undefined;
  });

  /** Opens the log (reading it again) or closes it. */
  async function toggleAudit(): Promise<void> {
    auditOpen.value = !auditOpen.value;
    if (!auditOpen.value) return;
    auditLoading.value = true;
    try {
      [auditLog.value, auditVerification.value] = await Promise.all([
        review.readAuditLog(),
        review.readAuditVerification(),
      ]);
    } finally {
      auditLoading.value = false;
    }
  }

  /** Downloads `entries` (those the log's filters show) as CSV. */
  function exportAudit(entries: ReviewAuditEntry[]): void {
    downloadTextFile(`review-audit-${today.value}.csv`, auditCsv(entries));
  }

  return { auditOpen, auditLog, auditLoading, auditVerification, toggleAudit, exportAudit };
}
