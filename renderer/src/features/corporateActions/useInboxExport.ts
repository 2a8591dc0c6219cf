/**
 * The inbox's CSV export: every event matching the current view (up to the cap), with the
 * columns shown and each event's review state, offered as a download.
 */
import { ref, type Ref } from 'vue';
import { useCorporateActionsStore } from './useCorporateActionsStore';
import { useCorporateActionsReviewStore } from './useCorporateActionsReviewStore';
import { downloadTextFile } from './downloadFile';
import { inboxCsv } from './logic/inboxCsv';

/** `exportCsv` and its progress and outcome in words. */
export function useInboxExport(today: Ref<string>) {
  const events = useCorporateActionsStore();
  const review = useCorporateActionsReviewStore();
  const exporting = ref(false);
  const exportMessage = ref<string>();

  async function exportCsv(): Promise<void> {
    exporting.value = true;
    exportMessage.value = undefined;
    try {
      const { events: matching, capped } = await events.readAllMatching();
      await review.loadStates(matching.map((event) => event.EventId).filter((id) => !(id in review.states)));
      downloadTextFile(
        `corporate-actions-${today.value}.csv`,
        inboxCsv(matching, events.columns, review.states, today.value),
      );
      const rest = capped ? ' (the first 10,000; narrow the filters for the rest)' : '';
      exportMessage.value = `Exported ${matching.length} events${rest}.`;
    } catch (caught) {
      exportMessage.value = `The export failed: ${caught instanceof Error ? caught.message : String(caught)}`;
    } finally {
      exporting.value = false;
    }
  }

  return { exporting, exportMessage, exportCsv };
}
