/**
 * The session as the renderer knows it (who, until when, which profile, where the tokens are
 * kept; never a token), the ticking clock of the status bar, the expiry warning, and signing
 * in and out. It also names the owner of every other store's server state (logic/sessionOwner):
 * signing out, or another user or profile, empties them (useOwnedState); signing in again after
 * an expiry reloads nothing, so the workspace under the prompt keeps its state.
 */
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { PushEvents } from '../../../../contract/events';
import type { SessionView, SignInOutcome } from '../../../../contract/session';
import { call, isCancelled, messageOf, onDeskEvent, supersedingCalls } from '../../shared/desk';
import { ownerAfter, ownerKey as keyOf, type SessionOwner } from './logic/sessionOwner';
import { signInInPopup } from './signInPopup';

/** The sentence for a sign-in that did not complete. */
function outcomeMessage(outcome: SignInOutcome): string | undefined {
  if (outcome.outcome === 'failed') return outcome.message;
  if (outcome.outcome === 'cancelled') return 'The sign-in window was closed before the sign-in finished.';
  return undefined;
}

export const useSessionStore = defineStore('session', () => {
  const session = ref<SessionView>();
  const loadError = ref<string>();
  const signingIn = ref(false);
  const signInMessage = ref<string>();
  const expiringAt = ref<string>();
  const connection = ref<PushEvents['connection:status']>();
  const now = ref(Date.now());
  let ticker: number | undefined;
  let unsubscribe: (() => void) | undefined;
  const owner = ref<SessionOwner>();
  // Synchronous, so stores forget the previous owner's data before anything renders it again.
  watch(session, (view) => (owner.value = view && ownerAfter(owner.value, view)), { flush: 'sync' });
  /** Whose server state the stores may hold (undefined: nobody's), as one string. */
  const ownerKey = computed(() => keyOf(owner.value));

  const signedIn = computed(() => session.value?.signedIn === true);
  /**
   * Session reads. Answers come back over separate connections and can cross: a new read cancels
   * the one still on its way, and what sign-in, sign-out or a profile switch answers cancels any
   * read started before it (an older "signed in as the previous user" would hand the stores back
   * to that user).
   */
  const reads = supersedingCalls();
  /** Takes a session main answered to an action, over any read still on its way. */
  function take(view: SessionView): void {
    reads.cancel();
    session.value = view;
  }
  /** Whole seconds until the access token expires (undefined when signed out). */
  const secondsLeft = computed(() => {
    const expiresAt = session.value?.signedIn ? session.value.expiresAt : undefined;
    return expiresAt === undefined ? undefined : Math.max(0, Math.floor((Date.parse(expiresAt) - now.value) / 1000));
  });
  /** True after main warned that this token expires soon. */
  const expiringSoon = computed(() => signedIn.value && expiringAt.value !== undefined && expiringAt.value === session.value?.expiresAt);

  async function load(): Promise<void> {
    try {
      session.value = await call('session:state', undefined, { signal: reads.start().signal });
      loadError.value = undefined;
    } catch (error) {
      if (!isCancelled(error)) loadError.value = messageOf(error);
    }
  }

  function tick(): void {
    now.value = Date.now();
    // Main ends the session at expiry and says so; if that news was missed, ask.
    if (secondsLeft.value === 0) void load();
  }

  /** Loads the session and follows main's events; the clock ticks every second. */
  async function start(): Promise<void> {
    if (!unsubscribe) {
      try {
        const stops = [
          onDeskEvent('session:changed', () => void load()),
          onDeskEvent('session:expiring', (payload) => (expiringAt.value = payload.expiresAt)),
          onDeskEvent('connection:status', (payload) => (connection.value = payload)),
        ];
        unsubscribe = () => stops.forEach((stop) => stop());
      } catch (error) {
        loadError.value = messageOf(error);
      }
    }
    ticker ??= window.setInterval(tick, 1000);
    await load();
  }

  function stop(): void {
    unsubscribe?.();
    unsubscribe = undefined;
    if (ticker !== undefined) window.clearInterval(ticker);
    ticker = undefined;
  }

  /** Signs in with the active profile: main's auth window (Electron) or a popup (web shell). */
  async function signIn(): Promise<void> {
    if (signingIn.value) return;
    signingIn.value = true;
    signInMessage.value = undefined;
    try {
      const started = await call('session:signIn');
      const outcome = started.outcome === 'openPopup' ? await signInInPopup(started.authorizeUrl, started.attemptId) : started;
      take(outcome.session);
      signInMessage.value = outcomeMessage(outcome);
    } catch (error) {
      signInMessage.value = messageOf(error);
    } finally {
      signingIn.value = false;
    }
  }

  async function signOut(): Promise<void> {
    try {
      take(await call('session:signOut'));
      expiringAt.value = undefined;
      signInMessage.value = undefined;
    } catch (error) {
      loadError.value = messageOf(error);
    }
  }

  /** Takes the session main answered after a profile switch. */
  function useSession(view: SessionView): void {
    take(view);
    signInMessage.value = undefined;
  }

  return {
    session,
    loadError,
    signingIn,
    signInMessage,
    connection,
    signedIn,
    ownerKey,
    secondsLeft,
    expiringSoon,
    start,
    stop,
    load,
    signIn,
    signOut,
    useSession,
  };
});
