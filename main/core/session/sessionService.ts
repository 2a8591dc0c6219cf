/**
 * The session of the active connection profile: signing in (login page or signed assertion),
 * keeping the tokens in main and the token store, warning before expiry, refreshing where the
 * flow allows, ending the session at expiry or after a refused token, and signing out. It is the
 * HTTP client's SessionAuth: the client reads the token here and asks here to renew it.
 */
import type { PushEventBus } from '../events';
import type { ConnectionProfile, ProfileService } from './profileService';
import { sessionAccount, type TokenStore } from '../secrets/tokenStore';
import { AuthError } from './authErrors';
import { callbackParameters, callbackParametersOfUrl } from './authorizationRequest';
import { beginAuthorization, completeAuthorization, refreshTokens, signInWithAssertion } from './grants';
import { noInteractiveSignIn, type InteractiveSignIn } from './interactiveSignIn';
import { ReauthenticationWaiters } from './reauthenticationWaiters';
import { sessionViewOf } from './sessionState';
import { SignInAttempts, type AttemptOutcome, type SignInAttempt } from './signInAttempts';
import { SessionTimers, sessionSchedule } from './sessionTimers';
import type { SessionView, SignInOutcome, SignInStart } from '../../../contract/session';
import { canRefresh, parseStoredTokenSet, serializeTokenSet, type TokenSet } from './tokenSet';

/** The token store as the session uses it: the kind and, for memory, why. */
export type SessionTokenStore = TokenStore & { readonly notice?: string | undefined };

export interface SessionServiceOptions {
  profiles: ProfileService;
  store: SessionTokenStore;
  /** How the shell shows login pages; a shell may also provide it later (useInteractiveSignIn). */
  interactive?: InteractiveSignIn;
  events: PushEventBus;
  now?: () => number;
  fetch?: typeof fetch;
  /** How long a request refused with 401 waits for the user to sign in again. */
  reauthenticationWaitMs?: number;
  /** Where failures of background work go (never with a token in them). */
  log?: (message: string) => void;
}

/** A restored token must have at least this much life left to be worth using. */
const MIN_RESTORE_LIFETIME_MS = 5_000;

export class SessionService {
  private tokens: TokenSet | undefined;
  private signInNeeded: SessionView['signInNeeded'];
  private readonly attempts = new SignInAttempts();
  private readonly timers: SessionTimers;
  private readonly waiters: ReauthenticationWaiters;
  private refreshing: Promise<boolean> | undefined;
  private readonly now: () => number;
  private readonly log: (message: string) => void;
  private interactive: InteractiveSignIn;

  constructor(private readonly options: SessionServiceOptions) {
    this.interactive = options.interactive ?? noInteractiveSignIn;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message) => console.warn(`[session] ${message}`));
    this.timers = new SessionTimers(this.now);
    this.waiters = new ReauthenticationWaiters(options.reauthenticationWaitMs ?? 10 * 60_000);
    options.profiles.onConnectionChanged((profileId) => {
      if (profileId === this.profile().id && this.tokens) void this.endSession(undefined);
    });
  }

  /** The shell's way of showing login pages (its auth window, or the renderer's popup). */
  useInteractiveSignIn(interactive: InteractiveSignIn): void {
    this.interactive = interactive;
  }

  private profile(): ConnectionProfile {
    return this.options.profiles.active();
  }

  /** The renderer's view of the session: never a token. */
  view(): SessionView {
    return sessionViewOf({
      profile: this.profile(),
      tokens: this.tokens,
      tokenStorage: this.options.store.kind,
      tokenStorageNotice: this.options.store.notice,
      signInNeeded: this.signInNeeded,
      signingIn: this.attempts.current() !== undefined,
    });
  }

  /** SessionAuth: the access token while it is valid, for main's HTTP client only. */
  accessToken(): string | undefined {
    return this.tokens && this.tokens.expiresAt > this.now() ? this.tokens.accessToken : undefined;
  }

  /**
   * SessionAuth: after a 401, renew the session. A refresh token is used when there is one;
   * otherwise the session ends and this waits (bounded) for the user to sign in again, so the
   * refused request completes once they have, without the renderer reloading anything.
   */
  async reauthenticate(rejectedToken?: string): Promise<boolean> {
    if (rejectedToken !== undefined && this.tokens && this.tokens.accessToken !== rejectedToken) return true;
    if (this.tokens && canRefresh(this.tokens, this.now()) && (await this.refresh())) return true;
    // Signed out already (never signed in, expired): the prompt is up; wait for the sign-in.
    if (this.tokens) await this.endSession('rejected');
    return this.waiters.wait();
  }

  /** Restores the active profile's stored session at start (or after a profile switch). */
  async restore(): Promise<void> {
    const profile = this.profile();
    const account = sessionAccount(profile.id);
    const stored = await this.options.store.get(account);
    const tokens = stored === undefined ? undefined : parseStoredTokenSet(stored);
    // The embedded simulator listens on a new port (with a new signing key) every run: a session
    // stored by an earlier run, or for other settings of the profile, is of no use.
    if (tokens && tokens.flow === profile.flow && tokens.authUrl === profile.authUrl) {
      if (tokens.expiresAt - this.now() > MIN_RESTORE_LIFETIME_MS) {
        this.activate(tokens);
        return;
      }
      if (canRefresh(tokens, this.now())) {
        this.tokens = tokens;
        if (await this.refresh()) return;
        this.tokens = undefined;
      }
    }
    if (stored !== undefined) await this.options.store.delete(account);
  }

  /** Starts a sign-in with the active profile (see SignInStart for the web shell's popup). */
  async signIn(): Promise<SignInStart> {
    const profile = this.profile();
    if (profile.flow === 'assertion') return this.signInWithAssertion(profile);
    const { interactive } = this;
    let redirectUri: string;
    try {
      redirectUri = interactive.redirectUriFor(profile.redirectUri);
    } catch (error) {
      return this.failed(error);
    }
    if (interactive.kind === 'window') interactive.abort();
    const attempt = this.attempts.start(beginAuthorization(profile, redirectUri));
    this.emitChanged();
    if (interactive.kind === 'popup') {
      return { outcome: 'openPopup', authorizeUrl: attempt.pending.authorizeUrl, attemptId: attempt.id };
    }
    void interactive.authorize({ authorizeUrl: attempt.pending.authorizeUrl, redirectUri }).then(async (result) => {
      if (result.kind === 'redirected') await this.finish(attempt, callbackParametersOfUrl(result.url));
      else this.settle(attempt, result.kind === 'cancelled' ? { outcome: 'cancelled' } : { outcome: 'failed', message: result.message });
    });
    return this.outcomeOf(attempt);
  }

  /** Waits for the popup sign-in `attemptId` to end (web shell). */
  async waitForSignIn(attemptId: string): Promise<SignInOutcome> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) return this.failed(new AuthError('protocol', 'This sign-in is no longer in progress; please sign in again.'));
    return this.outcomeOf(attempt);
  }

  /** The callback page's hand-over: the redirect's query and fragment (web shell). */
  async completeSignIn(callback: { query?: string | undefined; fragment?: string | undefined }): Promise<SignInOutcome> {
    const attempt = this.attempts.current();
    if (!attempt) return this.failed(new AuthError('protocol', 'No sign-in is in progress; start it again from RefDesk.'));
    return this.finish(attempt, callbackParameters(callback.query ?? '', callback.fragment ?? ''));
  }

  /** The user closed the login page: the sign-in is cancelled. */
  cancelSignIn(attemptId: string): SessionView {
    const attempt = this.attempts.get(attemptId);
    if (attempt) this.settle(attempt, { outcome: 'cancelled' });
    return this.view();
  }

  /** Signs out: forgets the tokens here and in the token store, and the login pages' storage. */
  async signOut(): Promise<SessionView> {
    this.stopSignIn();
    this.signInNeeded = undefined;
    await this.endSession(undefined);
    if (this.interactive.kind === 'window') await this.interactive.clearStorage();
    return this.view();
  }

  /** Makes another profile active and restores its stored session, if any. */
  async chooseProfile(profileId: string): Promise<SessionView> {
    await this.options.profiles.choose(profileId);
    this.stopSignIn();
    this.timers.clear();
    this.tokens = undefined;
    this.signInNeeded = undefined;
    this.waiters.wake(false);
    await this.restore();
    this.emitChanged();
    return this.view();
  }

  /** Stops timers and pending sign-ins (shutdown). */
  close(): void {
    this.timers.clear();
    this.attempts.close();
    this.waiters.wake(false);
  }

  private async signInWithAssertion(profile: ConnectionProfile): Promise<SignInOutcome> {
    try {
      const secret = await this.options.profiles.appSecret(profile.id);
      const tokens = await signInWithAssertion(profile, secret, this.now, this.fetchOptions());
      await this.accept(profile.id, tokens);
      return { outcome: 'signedIn', session: this.view() };
    } catch (error) {
      return this.failed(error);
    }
  }

  /** Checks a callback and, when it grants a session, accepts it; returns this caller's outcome. */
  private async finish(attempt: SignInAttempt, parameters: URLSearchParams): Promise<SignInOutcome> {
    const { pending } = attempt;
    try {
      const secret = await this.options.profiles.appSecret(pending.profileId);
      const tokens = await completeAuthorization(pending, parameters, secret, this.now, this.fetchOptions());
      if (this.profile().id !== pending.profileId) throw new AuthError('configuration', 'The profile changed while you were signing in.');
      await this.accept(pending.profileId, tokens);
      this.settle(attempt, { outcome: 'signedIn' });
    } catch (error) {
      // A callback of another sign-in must not end the one the user is still completing.
      const foreign = error instanceof AuthError && error.kind === 'state-mismatch' && this.interactive.kind === 'popup';
      if (foreign) return this.failed(error);
      this.settle(attempt, { outcome: 'failed', message: messageOf(error) });
    }
    return this.outcomeOf(attempt);
  }

  private settle(attempt: SignInAttempt, outcome: AttemptOutcome): void {
    this.attempts.settle(attempt.id, outcome);
    this.emitChanged();
  }

  private async outcomeOf(attempt: SignInAttempt): Promise<SignInOutcome> {
    const result = await attempt.settled;
    return { ...result, session: this.view() };
  }

  private failed(error: unknown): SignInOutcome {
    if (!(error instanceof AuthError)) this.log(`sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    return { outcome: 'failed', message: messageOf(error), session: this.view() };
  }

  private stopSignIn(): void {
    if (this.interactive.kind === 'window') this.interactive.abort();
    this.attempts.cancelCurrent();
  }

  /** Takes new tokens: in memory, in the token store, on the timers; wakes refused requests. */
  private async accept(profileId: string, received: TokenSet): Promise<void> {
    const tokens: TokenSet = { ...received, authUrl: this.options.profiles.get(profileId)?.authUrl ?? '' };
    await this.options.store.set(sessionAccount(profileId), serializeTokenSet(tokens));
    this.activate(tokens);
    this.waiters.wake(true);
    this.emitChanged();
  }

  private activate(tokens: TokenSet): void {
    this.tokens = tokens;
    this.signInNeeded = undefined;
    this.timers.schedule(sessionSchedule(this.now(), tokens.expiresAt, canRefresh(tokens, this.now())), {
      warn: () => this.warnExpiring(),
      refresh: () => void this.refresh(),
      expire: () => void this.endSession('expired'),
    });
  }

  private warnExpiring(): void {
    if (!this.tokens) return;
    const secondsLeft = Math.max(0, Math.round((this.tokens.expiresAt - this.now()) / 1000));
    this.options.events.emit('session:expiring', { expiresAt: new Date(this.tokens.expiresAt).toISOString(), secondsLeft });
  }

  /** One refresh at a time; true when new tokens were accepted. */
  private refresh(): Promise<boolean> {
    this.refreshing ??= (async () => {
      const tokens = this.tokens;
      const profile = this.profile();
      if (!tokens || !canRefresh(tokens, this.now())) return false;
      try {
        const secret = await this.options.profiles.appSecret(profile.id);
        const renewed = await refreshTokens(profile, tokens, secret, this.now, this.fetchOptions());
        if (this.tokens !== tokens) return false;
        await this.accept(profile.id, renewed);
        return true;
      } catch (error) {
        this.log(`the session could not be refreshed: ${messageOf(error)}`);
        return false;
      }
    })().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /** Ends the session: tokens gone from memory and the store; `reason` tells the renderer why. */
  private async endSession(reason: SessionView['signInNeeded']): Promise<void> {
    const profileId = this.profile().id;
    const hadTokens = this.tokens !== undefined;
    this.tokens = undefined;
    this.timers.clear();
    if (reason) this.signInNeeded = reason;
    else this.waiters.wake(false);
    await this.options.store.delete(sessionAccount(profileId));
    if (hadTokens || !reason) this.emitChanged();
  }

  private emitChanged(): void {
    const view = this.view();
    this.options.events.emit('session:changed', {
      signedIn: view.signedIn,
      ...(view.user ? { user: view.user } : {}),
      ...(view.expiresAt ? { expiresAt: view.expiresAt } : {}),
      profileId: view.profile.id,
    });
  }

  private fetchOptions(): { fetch?: typeof fetch } {
    return this.options.fetch ? { fetch: this.options.fetch } : {};
  }
}

function messageOf(error: unknown): string {
  if (error instanceof AuthError) return error.message;
  return 'Signing in failed unexpectedly; see the application log.';
}
