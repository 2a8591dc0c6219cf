/**
 * Bulk review and bulk approve of what is selected (every matching event when chosen, else the
 * ticked rows): each asks first, then runs and ends with a summary that stays until dismissed.
 */
import { computed, ref, type Ref } from 'vue';
import type { CorporateActionEvent } from '../../../../contract/wire/types';
import { useOwnedState } from '../session/useOwnedState';
import { bulkQuestion, type BulkAction, type BulkSummary } from './logic/bulkSummary';
import { seenEvent } from './logic/seenEvent';
import { useReviewStore } from './useReviewStore';

export function useBulkActions(options: {
  selectedIds: Ref<string[]>;
  allMatching: Ref<CorporateActionEvent[] | undefined>;
  eventOf: (eventId: string) => CorporateActionEvent | undefined;
}) {
  const review = useReviewStore();
  /** The action asked about and the events it would touch, until confirmed or cancelled. */
  const asking = ref<{ action: BulkAction; events: { eventId: string; event?: CorporateActionEvent }[] }>();
  const running = ref(false);
  const summary = ref<BulkSummary>();
  useOwnedState(() => {
    asking.value = undefined;
    summary.value = undefined;
  });

  const question = computed(
    () => asking.value && bulkQuestion(asking.value.action, asking.value.events.length),
  );
  const confirmLabel = computed(() => (asking.value?.action === 'approve' ? 'Approve' : 'Mark reviewed'));

  /** Asks about `action` on what is selected now (nothing happens yet). */
  function ask(action: BulkAction): void {
    const chosen = options.allMatching.value;
    const events = chosen
      ? chosen.map((event) => ({ eventId: event.EventId, event }))
      : options.selectedIds.value.map((eventId) => {
          const event = options.eventOf(eventId);
          return event ? { eventId, event } : { eventId };
        });
    if (events.length === 0) return;
    summary.value = undefined;
    asking.value = { action, events };
  }

  async function confirm(): Promise<void> {
    const asked = asking.value;
    if (!asked || running.value) return;
    running.value = true;
    try {
      summary.value =
        asked.action === 'review'
          ? await review.reviewMany(asked.events.map(({ eventId, event }) => seenEvent(eventId, event)))
          : await review.approveMany(asked.events.map(({ eventId }) => eventId));
      options.allMatching.value = undefined;
    } finally {
      running.value = false;
      asking.value = undefined;
    }
  }

  return {
    question,
    confirmLabel,
    running,
    summary,
    ask,
    confirm,
    cancel: () => (asking.value = undefined),
    dismiss: () => (summary.value = undefined),
  };
}
