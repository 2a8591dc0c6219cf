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
import { clientOf, refreshTokens, signInWithAssertion } from './grants';
import type { InteractiveSignIn } from './interactiveSignIn';
import { LoginPageSignIn, messageOf } from './loginPageSignIn';
import { ReauthenticationWaiters } from './reauthenticationWaiters';
import { discoverServer, endLoginSession, revokeSession } from './revocation';
import { sessionViewOf } from './sessionState';
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
/** How long signing out may wait for the server to end and revoke the session (discovery included). */
const REVOCATION_BUDGET_MS = 8_000;

export class SessionService {
  private tokens: TokenSet | undefined;
  private signInNeeded: SessionView['signInNeeded'];
  private readonly loginPage: LoginPageSignIn;
  private readonly timers: SessionTimers;
  private readonly waiters: ReauthenticationWaiters;
  private refreshing: Promise<boolean> | undefined;
  private readonly now: () => number;
  private readonly log: (message: string) => void;

  constructor(private readonly options: SessionServiceOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message) => console.warn(`[session] ${message}`));
    this.timers = new SessionTimers(this.now);
    this.waiters = new ReauthenticationWaiters(options.reauthenticationWaitMs ?? 10 * 60_000);
    this.loginPage = new LoginPageSignIn({
      appSecret: (profileId) => options.profiles.appSecret(profileId),
      activeProfileId: () => this.profile().id,
      accept: (profileId, tokens) => this.accept(profileId, tokens),
      changed: () => this.emitChanged(),
      outcome: (result) => ({ ...result, session: this.view() }),
      now: this.now,
      fetchOptions: () => this.fetchOptions(),
      log: this.log,
    });
    if (options.interactive) this.loginPage.use(options.interactive);
    options.profiles.onConnectionChanged((profileId) => {
      if (profileId === this.profile().id && this.tokens) void this.endSession(undefined);
    });
  }

  /** The shell's way of showing login pages (its auth window, or the renderer's popup). */
  useInteractiveSignIn(interactive: InteractiveSignIn): void {
    this.loginPage.use(interactive);
    // A session restored before the shell was ready may now renew without a page: schedule it again.
    if (this.tokens) this.activate(this.tokens);
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
      signingIn: this.loginPage.inProgress(),
    });
  }

  /** SessionAuth: the access token while it is valid, for main's HTTP client only. */
  accessToken(): string | undefined {
    return this.tokens && this.tokens.expiresAt > this.now() ? this.tokens.accessToken : undefined;
  }

  /**
   * SessionAuth: after a 401, renew the session: with the refresh token when there is one, else
   * through the login page out of sight where the shell can; otherwise the session ends and this
   * waits (bounded) for the user to sign in again, so the refused request completes once they
   * have, without the renderer reloading anything.
   */
  async reauthenticate(rejectedToken?: string): Promise<boolean> {
    if (rejectedToken !== undefined && this.tokens && this.tokens.accessToken !== rejectedToken) return true;
    if (this.tokens && (await this.renew())) return true;
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
    // A session is of use only with the server that issued it: the embedded simulator keeps its
    // address and identity across runs (so its session is kept), but a session stored for other
    // settings of the profile, or before the simulator had to move to another port, is not.
    if (tokens && tokens.flow === profile.flow && tokens.authUrl === profile.authUrl) {
      if (tokens.expiresAt - this.now() > MIN_RESTORE_LIFETIME_MS) {
        this.activate(tokens);
        return;
      }
      if (canRefresh(tokens, this.now())) {
        this.tokens = tokens;
        if (await this.renew()) return;
        this.tokens = undefined;
      }
    }
    if (stored !== undefined) await this.options.store.delete(account);
  }

  /** Starts a sign-in with the active profile (see SignInStart for the web shell's popup). */
  async signIn(): Promise<SignInStart> {
    const profile = this.profile();
    return profile.flow === 'assertion' ? this.signInWithAssertion(profile) : this.loginPage.start(profile);
  }

  /** Waits for the popup sign-in `attemptId` to end (web shell). */
  waitForSignIn(attemptId: string): Promise<SignInOutcome> {
    return this.loginPage.wait(attemptId);
  }

  /** The callback page's hand-over: the redirect's query and fragment (web shell). */
  completeSignIn(callback: { query?: string | undefined; fragment?: string | undefined }): Promise<SignInOutcome> {
    return this.loginPage.complete(callback);
  }

  /** The user closed the login page: the sign-in is cancelled. */
  cancelSignIn(attemptId: string): SessionView {
    this.loginPage.cancel(attemptId);
    return this.view();
  }

  /**
   * Signs out: forgets the tokens here and in the token store and the login pages' storage, then
   * ends the server's login session where it offers an end-session endpoint, so `prompt=none`
   * cannot sign the user straight back in, and revokes the session where it offers revocation,
   * so its tokens are refused at once (15.2). The next login page asks for the password again
   * (`prompt=login`).
   */
  async signOut(): Promise<SessionView> {
    this.loginPage.stop();
    this.signInNeeded = undefined;
    const { tokens } = this;
    const profile = this.profile();
    await this.endSession(undefined);
    await this.loginPage.signedOut();
    if (tokens) await this.signOutAtServer(profile, tokens);
    return this.view();
  }

  /**
   * Ends the login session and revokes `tokens` at their server, within a budget; a failure is
   * logged (never with a token). The login session first: the token names it.
   */
  private async signOutAtServer(profile: ConnectionProfile, tokens: TokenSet): Promise<void> {
    const signal = AbortSignal.timeout(REVOCATION_BUDGET_MS);
    const options = { ...this.fetchOptions(), signal };
    const metadata = await discoverServer(tokens.authUrl || profile.authUrl, options);
    const ended = await endLoginSession(profile.authUrl, tokens, profile.appKey, { ...options, metadata });
    if (ended.outcome === 'failed') this.log(`the login session could not be ended at the authorization server: ${ended.message}`);
    const secret = await this.options.profiles.appSecret(profile.id);
    const revoked = await revokeSession(profile.authUrl, tokens, clientOf(profile.appKey, secret), { ...options, metadata });
    if (revoked.outcome === 'failed') this.log(`the session could not be revoked at the authorization server: ${revoked.message}`);
  }

  /** Makes another profile active and restores its stored session, if any. */
  async chooseProfile(profileId: string): Promise<SessionView> {
    await this.options.profiles.choose(profileId);
    this.loginPage.stop();
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
    this.loginPage.close();
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

  private failed(error: unknown): SignInOutcome {
    if (!(error instanceof AuthError)) this.log(`sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    return { outcome: 'failed', message: messageOf(error), session: this.view() };
  }

  /** Takes new tokens: in memory, in the token store, on the timers; wakes refused requests. */
  private async accept(profileId: string, received: TokenSet): Promise<void> {
    const tokens: TokenSet = { ...received, authUrl: this.options.profiles.get(profileId)?.authUrl ?? '' };
    await this.options.store.set(sessionAccount(profileId), serializeTokenSet(tokens));
    this.loginPage.signedIn();
    this.activate(tokens);
    this.waiters.wake(true);
    this.emitChanged();
  }

  private activate(tokens: TokenSet): void {
    this.tokens = tokens;
    this.signInNeeded = undefined;
    const renewable = canRefresh(tokens, this.now()) || this.loginPage.canRenewSilently(this.profile());
    this.timers.schedule(sessionSchedule(this.now(), tokens.expiresAt, renewable), {
      warn: () => this.warnExpiring(),
      refresh: () => void this.renew(),
      expire: () => void this.endSession('expired'),
    });
  }

  private warnExpiring(): void {
    if (!this.tokens) return;
    const secondsLeft = Math.max(0, Math.round((this.tokens.expiresAt - this.now()) / 1000));
    this.options.events.emit('session:expiring', { expiresAt: new Date(this.tokens.expiresAt).toISOString(), secondsLeft });
  }

  /**
   * Renews the session before it expires (or after a 401), one renewal at a time: with the
   * refresh token where there is one, else through the login page without showing it (14.4).
   * True when new tokens were accepted; false leaves the "Sign in again" warning to come.
   */
  private renew(): Promise<boolean> {
    this.refreshing ??= (async () => {
      const tokens = this.tokens;
      const profile = this.profile();
      if (!tokens) return false;
      let renewed: TokenSet | undefined;
      if (canRefresh(tokens, this.now())) {
        try {
          const secret = await this.options.profiles.appSecret(profile.id);
          renewed = await refreshTokens(profile, tokens, secret, this.now, this.fetchOptions());
        } catch (error) {
          this.log(`the session could not be refreshed: ${messageOf(error)}`);
          return false;
        }
      } else {
        renewed = await this.loginPage.renewSilently(profile);
      }
      // Signed out, or another profile chosen, while the renewal ran: its tokens are not wanted.
      if (!renewed || this.tokens !== tokens || this.profile().id !== profile.id) return false;
      await this.accept(profile.id, renewed);
      return true;
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
