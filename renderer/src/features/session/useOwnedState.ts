/**
 * Server state belongs to the signed-in user of one profile (logic/sessionOwner.ts). A store or
 * workspace that keeps any registers here how to forget it, and reads with the owner's signal:
 * when the owner changes, everything read for the previous one is dropped at once, and a read
 * still running for it is cancelled (in main, down to the service) so its answer never lands.
 */
import { watch } from 'vue';
import { cancelledError } from '../../shared/desk';
import { useSessionStore } from './useSessionStore';

export interface OwnedState {
  /** Aborted the moment the owner changes: every read of owned state carries it. */
  readonly signal: AbortSignal;
  /** `signal` together with a call's own (a search superseded by the next keystroke). */
  signalWith(own: AbortSignal): AbortSignal;
  /**
   * A write's answer, or a cancelled DeskCallError when the owner changed while it ran (writes
   * are not cancelled half-way; only their answer is dropped).
   */
  settle<T>(pending: Promise<T>): Promise<T>;
}

/**
 * For a store's (or a workspace composable's) setup: `reset` runs, synchronously, when the
 * session passes from one owner to another or to none; never when the first owner arrives.
 */
export function useOwnedState(reset: () => void): OwnedState {
  const session = useSessionStore();
  let current = new AbortController();
  watch(
    () => session.ownerKey,
    (next, previous) => {
      if (previous === undefined || next === previous) return;
      current.abort();
      current = new AbortController();
      reset();
    },
    { flush: 'sync' },
  );
  return {
    get signal() {
      return current.signal;
    },
    signalWith: (own) => AbortSignal.any([own, current.signal]),
    async settle(pending) {
      const startedFor = current.signal;
      const answer = await pending;
      if (startedFor.aborted) throw cancelledError();
      return answer;
    },
  };
}

/**
 * Runs `onArrival` when an owner arrives whose data the view has not read yet: a user signs in
 * after a sign-out, another user or profile takes over. Not on sign-out, and not when the same
 * user signs in again after an expiry (what is on screen stays).
 */
export function onOwnerArrival(onArrival: () => void): void {
  const session = useSessionStore();
  watch(
    () => session.ownerKey,
    (next, previous) => {
      if (next !== undefined && next !== previous) onArrival();
    },
  );
}
