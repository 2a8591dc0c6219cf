/**
 * The inbox's CSV export: every event matching the current view (up to the cap), with the
 * columns shown and each event's review state, offered as a download. An export under way when
 * the user signs out (or another takes over) is dropped: it never writes one user's events
 * with another's review state.
 */
import { ref, type Ref } from 'vue';
import { cancelledError, isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import { downloadTextFile } from '../../shared/downloadFile';
import { inboxCsv } from './logic/inboxCsv';
import { useReviewStore } from './useReviewStore';
import { useAccountsStore } from './useAccountsStore';
import { useCorporateActionsStore } from './useCorporateActionsStore';
import { formatCount } from '../../shared/countFormat';

/** `exportCsv` and its progress and outcome in words. */
export function useInboxExport(today: Ref<string>) {
  const events = useCorporateActionsStore();
  const review = useReviewStore();
  const accounts = useAccountsStore();
  const exporting = ref(false);
  const exportMessage = ref<string>();
  const owned = useOwnedState(() => {
    exporting.value = false;
    exportMessage.value = undefined;
  });

  async function exportCsv(): Promise<void> {
    const signal = owned.signal;
    exporting.value = true;
    exportMessage.value = undefined;
    try {
      const { events: matching, capped } = await events.readAllMatching();
      await review.loadStates(matching.map((event) => event.EventId).filter((id) => !(id in review.states)));
      if (signal.aborted) throw cancelledError();
      downloadTextFile(
        `corporate-actions-${today.value}.csv`,
        inboxCsv(matching, events.columns, review.states, events.clock, (accountId) =>
          accounts.accountName({ accountId }),
        ),
      );
      const rest = capped ? ' (the first 10,000; narrow the filters for the rest)' : '';
      exportMessage.value = `Exported ${formatCount(matching.length)} events${rest}.`;
    } catch (caught) {
      if (!isCancelled(caught)) exportMessage.value = `The export failed: ${messageOf(caught)}`;
    } finally {
      if (!signal.aborted) exporting.value = false;
    }
  }

  return { exporting, exportMessage, exportCsv };
}
