/**
 * The inbox's full-width audit log: opened and closed from the toolbar, read whole (newest
 * first, up to 5,000 entries) with how far it verifies each time it opens, each entry joined
 * with what the queue knows of its event and named by its profile, and the entries shown
 * exported as CSV. The shared trail leaves personal read marks out; the reviewer may switch to
 * their own read marks. Forgotten, and closed, when the user changes.
 */
import { computed, ref, type Ref } from 'vue';
import type { ReviewAuditEntry } from '../../../../contract/corporateActions';
import type { AuditVerificationView } from '../../../../contract/review';
import { useOwnedState } from '../session/useOwnedState';
import { useSessionProfilesStore } from '../session/useSessionProfilesStore';
import { useSessionStore } from '../session/useSessionStore';
import { auditCsv } from './logic/auditFilter';
import { auditEventFacts, auditRows, type AuditRow } from './logic/auditRows';
import { downloadTextFile } from '../../shared/downloadFile';
import { useCorporateActionsStore } from './useCorporateActionsStore';
import { useReviewStore } from './useReviewStore';

/** The audit log view's state and actions; `today` names the exported file. */
export function useInboxAuditLog(today: Ref<string>) {
  const review = useReviewStore();
  const events = useCorporateActionsStore();
  const profiles = useSessionProfilesStore();
  const session = useSessionStore();
  const auditOpen = ref(false);
  const entries = ref<ReviewAuditEntry[]>([]);
  const auditLoading = ref(false);
  /** Showing the reviewer's own read marks rather than the shared trail. */
  const ownReadMarks = ref(false);
  /** How far the log verifies (read with it). */
  const auditVerification = ref<AuditVerificationView>();
  useOwnedState(() => {
    auditOpen.value = false;
    entries.value = [];
    ownReadMarks.value = false;
    auditVerification.value = undefined;
  });

  const profileNames = computed(() => {
    const names = new Map(profiles.profiles.map((profile) => [profile.id, profile.name]));
    const current = session.session?.profile;
    if (current && !names.has(current.id)) names.set(current.id, current.name);
    return names;
  });
  /** The entries joined with the events the queue holds (every matching one, the page, the one open). */
  const auditLog = computed<AuditRow[]>(() => {
    const opened = events.detail ? [events.detail] : [];
    return auditRows(entries.value, auditEventFacts(events.matching, events.rows, opened), profileNames.value);
  });

  async function read(): Promise<void> {
    auditLoading.value = true;
    try {
      [entries.value, auditVerification.value] = await Promise.all([
        review.readAuditLog(ownReadMarks.value),
        review.readAuditVerification(),
      ]);
    } finally {
      auditLoading.value = false;
    }
  }

  /** Opens the log (reading it again) or closes it. */
  async function toggleAudit(): Promise<void> {
    auditOpen.value = !auditOpen.value;
    if (!auditOpen.value) return;
    if (profiles.profiles.length === 0) void profiles.load();
    await read();
  }

  /** Shows the reviewer's own read marks (`only`) or the shared trail, read again. */
  async function showOwnReadMarks(only: boolean): Promise<void> {
    ownReadMarks.value = only;
    await read();
  }

  /** Downloads `rows` (those the log's filters show) as CSV. */
  function exportAudit(rows: AuditRow[]): void {
    downloadTextFile(`review-audit-${today.value}.csv`, auditCsv(rows));
  }

  return {
    auditOpen,
    auditLog,
    auditLoading,
    auditVerification,
    ownReadMarks,
    toggleAudit,
    showOwnReadMarks,
    exportAudit,
  };
}
