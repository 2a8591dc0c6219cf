/**
 * The quotes main pushes for what the views show, and the price stream's state. Quotes arrive
 * coalesced (a few pushes a second) and many at once, so they are kept in a plain map and a
 * revision counter says when they changed: a view reads `revision` to re-render, a grid to
 * refresh its cells, without Vue tracking every quote. They belong to the signed-in user: another
 * user (or none) starts from nothing.
 */
import { defineStore } from 'pinia';
import { computed, markRaw, ref } from 'vue';
import type { PushEvents } from '../../../../contract/events';
import type { PriceStreamStatus, QuoteView, WatchPricesArg } from '../../../../contract/prices';
import { call, messageOf, onDeskEvent } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';

/** `AssetType:Uic`, the key of an instrument's quote (as main keys them). */
export const quoteKey = (assetType: string, uic: number): string => `${assetType}:${uic}`;

export const usePricesStore = defineStore('prices', () => {
  const quotes = markRaw(new Map<string, QuoteView>());
  /** Bumped whenever quotes change. */
  const revision = ref(0);
  const status = ref<PriceStreamStatus>({ state: 'idle' });
  /** The stream delivers now: quotes may be taken as current (subject to their own state). */
  const streamLive = computed(() => status.value.state === 'live');

  useOwnedState(() => {
    quotes.clear();
    revision.value++;
  });

  function take(push: PushEvents['prices:quotes']): void {
    for (const quote of push.quotes) quotes.set(quoteKey(quote.assetType, quote.uic), quote);
    for (const key of push.dropped) quotes.delete(key);
    revision.value++;
  }

  let following = false;
  /** How many stream states main has pushed: a watch's answer must not undo a newer one. */
  let statusPushes = 0;
  /** Listens to main's pushes (once per page; main repeats the stream's state to a late listener). */
  function follow(): void {
    if (following) return;
    following = true;
    try {
      onDeskEvent('prices:quotes', take);
      onDeskEvent('prices:status', (next) => {
        statusPushes++;
        status.value = next;
      });
    } catch (error) {
      status.value = { state: 'unavailable', message: messageOf(error) };
    }
  }

  /** The quote of an instrument, if main holds one (reading it tracks `revision`). */
  function quoteOf(assetType: string | undefined, uic: number | undefined): QuoteView | undefined {
    void revision.value;
    return assetType === undefined || uic === undefined ? undefined : quotes.get(quoteKey(assetType, uic));
  }

  /** Tells main what one view shows now. A refusal is kept as the stream's state, in words. */
  async function watch(arg: WatchPricesArg): Promise<void> {
    follow();
    const pushesBefore = statusPushes;
    try {
      const answer = await call('prices:watch', arg);
      take({ quotes: answer.quotes, dropped: [] });
      // Main pushes every change of the stream's state, in order, on the event stream, which may
      // overtake this answer: the stream going live while the answer was on its way left the page
      // on the answer's "connecting" for good (a quote shown stale). A push heard since the call
      // went out is the newer word; the answer's state counts when none was.
      if (statusPushes === pushesBefore) status.value = answer.status;
    } catch (error) {
      status.value = { state: 'unavailable', message: `Prices could not be asked for: ${messageOf(error)}` };
    }
  }

  /** Tells main a view no longer shows prices. */
  async function unwatch(watchId: string): Promise<void> {
    await call('prices:unwatch', { WatchId: watchId }).catch(() => undefined);
  }

  return { revision, status, streamLive, quoteOf, watch, unwatch };
});
