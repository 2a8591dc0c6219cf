/**
 * The review store's writes of shared state (part of useReviewStore): read marks, flags,
 * notes, assignees, approvals and reviewed marks, one at a time or in bulk. Every shared change
 * sends the version of the state it was made on; main answers the new state, kept in `states`.
 */
import type { Ref } from 'vue';
import type { EventReviewState } from '../../../../contract/corporateActions';
import { call, isCancelled, messageOf } from '../../shared/desk';
import type { OwnedState } from '../session/useOwnedState';
import { countStates, emptySummary, type BulkSummary } from './logic/bulkSummary';
import type { SeenEvent } from './logic/seenEvent';
import type { ReviewFeedback } from './reviewStoreFeedback';

/** Most events one review channel call takes. */
export const EVENTS_PER_CALL = 1000;

interface WriteContext {
  states: Ref<Record<string, EventReviewState>>;
  owned: OwnedState;
  feedback: ReviewFeedback;
  keep(changed: EventReviewState | EventReviewState[]): void;
}

export function createReviewWrites({ states, owned, feedback, keep }: WriteContext) {
  const { act, actionError } = feedback;
  const versionOf = (eventId: string) => states.value[eventId]?.version ?? 0;

  const setRead = (eventId: string, read: boolean) =>
    act(async () => keep(await owned.settle(call('corporateActions:setRead', { eventId, read }))));
  const setFlagged = (eventId: string, flagged: boolean) =>
    act(async () =>
      keep(
        await owned.settle(
          call('corporateActions:setFlagged', { eventId, flagged, version: versionOf(eventId) }),
        ),
      ),
    );
  /** Adds a note to the event's thread; answers whether main kept it. */
  const addNote = async (eventId: string, note: string): Promise<boolean> =>
    (await act(async () => {
      keep(await owned.settle(call('corporateActions:addNote', { eventId, note })));
      return true;
    }, `your note “${note}”`)) ?? false;
  /** Assigns an event to a member of the team (their userId), or unassigns it. */
  const assign = (eventId: string, assignee: string | undefined) =>
    act(async () =>
      keep(
        await owned.settle(
          call('corporateActions:assign', {
            eventId,
            version: versionOf(eventId),
            ...(assignee ? { assignee } : {}),
          }),
        ),
      ),
    );
  /** Approves another analyst's review (four eyes), or withdraws the approval. */
  const approve = (eventId: string, approved: boolean) =>
    act(async () =>
      keep(
        await owned.settle(
          call('corporateActions:approve', { eventId, approved, version: versionOf(eventId) }),
        ),
      ),
    );

  /** Marks events reviewed (bulk) or not reviewed, each with the version of its state and what was seen of it. */
  async function setReviewed(events: SeenEvent[], reviewed: boolean): Promise<void> {
    await act(async () => {
      for (let start = 0; start < events.length; start += EVENTS_PER_CALL) {
        const chunk = events.slice(start, start + EVENTS_PER_CALL).map((event) => ({
          ...event,
          version: versionOf(event.eventId),
        }));
        keep(await owned.settle(call('corporateActions:setReviewed', { events: chunk, reviewed })));
      }
    });
  }

  /**
   * Marks many events reviewed, a request per chunk (each all-or-nothing), and answers what came
   * of it: a refused chunk is listed with its reason and the others still go ahead.
   */
  async function reviewMany(events: SeenEvent[]): Promise<BulkSummary> {
    const summary = emptySummary('review');
    actionError.value = undefined;
    for (let start = 0; start < events.length; start += EVENTS_PER_CALL) {
      const chunk = events.slice(start, start + EVENTS_PER_CALL).map((event) => ({
        ...event,
        version: versionOf(event.eventId),
      }));
      try {
        const states = await owned.settle(
          call('corporateActions:setReviewed', { events: chunk, reviewed: true }),
        );
        keep(states);
        countStates(summary, states);
      } catch (error) {
        if (isCancelled(error)) break;
        summary.refused.push({ eventIds: chunk.map((event) => event.eventId), reason: messageOf(error) });
      }
    }
    return summary;
  }

  /** Approves many events, one request each (four eyes is decided per event), listing each refusal and why. */
  async function approveMany(eventIds: string[]): Promise<BulkSummary> {
    const summary = emptySummary('approve');
    actionError.value = undefined;
    for (const eventId of eventIds) {
      try {
        const state = await owned.settle(
          call('corporateActions:approve', { eventId, approved: true, version: versionOf(eventId) }),
        );
        keep(state);
        countStates(summary, [state]);
      } catch (error) {
        if (isCancelled(error)) break;
        summary.refused.push({ eventIds: [eventId], reason: messageOf(error) });
      }
    }
    return summary;
  }

  return { setRead, setFlagged, addNote, assign, approve, setReviewed, reviewMany, approveMany };
}
