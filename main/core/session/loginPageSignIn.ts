/**
 * The browser flows of the session (implicit, code + PKCE): showing the login page through the
 * shell (Electron's auth window, or the web shell's popup and callback page), checking the
 * answer, and renewing a session through the login page without showing it (`prompt=none`,
 * where the shell can). The session service owns what happens to the tokens; this owns the page.
 */
import type { ConnectionProfile } from './profileService';
import { AuthError, INTERACTION_NEEDED_CODES } from './authErrors';
import { callbackParameters, callbackParametersOfUrl } from './authorizationRequest';
import { beginAuthorization, completeAuthorization } from './grants';
import { noInteractiveSignIn, type InteractiveSignIn } from './interactiveSignIn';
import { ensureSignInServiceReachable } from './serverReachability';
import { SignInAttempts, type AttemptOutcome, type SignInAttempt } from './signInAttempts';
import type { TokenRequestOptions } from './tokenEndpoint';
import type { TokenSet } from './tokenSet';
import type { SignInOutcome, SignInStart } from '../../../contract/session';

/** What the login page needs of the session around it. */
export interface LoginPageSession {
  /** The AppSecret of a profile, when one is kept. */
  appSecret(profileId: string): Promise<string | undefined>;
  /** The active profile now (a sign-in of another profile is not accepted). */
  activeProfileId(): string;
  /** Takes the tokens of a finished sign-in. */
  accept(profileId: string, tokens: TokenSet): Promise<void>;
  /** A sign-in started or ended: the session view changed. */
  changed(): void;
  /** A sign-in outcome as the caller gets it (the session view added). */
  outcome(result: AttemptOutcome): SignInOutcome;
  now: () => number;
  fetchOptions(): TokenRequestOptions;
  /** Where unexpected failures go (never with a token in them). */
  log(message: string): void;
}

/** The user's words for a failure; never an internal message. */
export function messageOf(error: unknown): string {
  if (error instanceof AuthError) return error.message;
  return 'Signing in failed unexpectedly; see the application log.';
}

export class LoginPageSignIn {
  private readonly attempts = new SignInAttempts();
  private interactive: InteractiveSignIn = noInteractiveSignIn;
  /** After a sign-out the next login page is shown even while the server's login session lives. */
  private promptLogin = false;

  constructor(private readonly session: LoginPageSession) {}

  /** The shell's way of showing login pages. */
  use(interactive: InteractiveSignIn): void {
    this.interactive = interactive;
  }

  /** True while a login page is open. */
  inProgress(): boolean {
    return this.attempts.current() !== undefined;
  }

  /** Starts a sign-in through the login page of `profile` (the web shell's renderer opens it in a popup). */
  async start(profile: ConnectionProfile): Promise<SignInStart> {
    const { interactive } = this;
    let redirectUri: string;
    try {
      redirectUri = interactive.redirectUriFor(profile);
    } catch (error) {
      return this.session.outcome({ outcome: 'failed', message: messageOf(error) });
    }
    // A server that does not answer fails here, in words, instead of behind a page that never loads.
    try {
      await ensureSignInServiceReachable(profile.authUrl, this.session.fetchOptions());
    } catch (error) {
      return this.session.outcome({ outcome: 'failed', message: messageOf(error) });
    }
    if (interactive.kind === 'window') interactive.abort();
    const attempt = this.attempts.start(beginAuthorization(profile, redirectUri, this.promptLogin ? 'login' : undefined));
    this.session.changed();
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
  async wait(attemptId: string): Promise<SignInOutcome> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) return this.session.outcome({ outcome: 'failed', message: 'This sign-in is no longer in progress; please sign in again.' });
    return this.outcomeOf(attempt);
  }

  /** The callback page's hand-over: the redirect's query and fragment (web shell). */
  async complete(callback: { query?: string | undefined; fragment?: string | undefined }): Promise<SignInOutcome> {
    const attempt = this.attempts.current();
    if (!attempt) return this.session.outcome({ outcome: 'failed', message: 'No sign-in is in progress; start it again from RefDesk.' });
    return this.finish(attempt, callbackParameters(callback.query ?? '', callback.fragment ?? ''));
  }

  /** The user closed the login page: the sign-in is cancelled. */
  cancel(attemptId: string): void {
    const attempt = this.attempts.get(attemptId);
    if (attempt) this.settle(attempt, { outcome: 'cancelled' });
  }

  /** Stops a sign-in in progress (sign-out, profile switch). */
  stop(): void {
    if (this.interactive.kind === 'window') this.interactive.abort();
    this.attempts.cancelCurrent();
  }

  /** After a sign-out: the login pages forget what they stored, and the next one asks for the password. */
  async signedOut(): Promise<void> {
    this.promptLogin = true;
    if (this.interactive.kind === 'window') await this.interactive.clearStorage();
  }

  /** A sign-in succeeded (any flow): login pages may use the server's login session again. */
  signedIn(): void {
    this.promptLogin = false;
  }

  /** Stops everything (shutdown). */
  close(): void {
    this.attempts.close();
  }

  /**
   * True when a session of `profile` can be renewed without showing a page: a login-page flow in
   * a shell that can load `prompt=none` out of sight (Electron's hidden auth window). The web
   * shell cannot (see README, Security): its sessions renew with refresh tokens, or warn.
   */
  canRenewSilently(profile: ConnectionProfile): boolean {
    return this.interactive.kind === 'window' && profile.flow !== 'assertion';
  }

  /**
   * Renews a session of `profile` through its login page without showing it (`prompt=none`,
   * 14.4): new tokens while the server's own login session lives; undefined when it does not
   * (`login_required`: the caller falls back to the "Sign in again" warning) or anything failed.
   */
  async renewSilently(profile: ConnectionProfile): Promise<TokenSet | undefined> {
    const { interactive } = this;
    if (interactive.kind !== 'window' || !this.canRenewSilently(profile)) return undefined;
    try {
      const redirectUri = interactive.redirectUriFor(profile);
      const pending = beginAuthorization(profile, redirectUri, 'none');
      const result = await interactive.authorizeSilently({ authorizeUrl: pending.authorizeUrl, redirectUri });
      if (result.kind !== 'redirected') {
        this.session.log(`the session could not be renewed without the login page: ${result.kind === 'failed' ? result.message : 'cancelled'}`);
        return undefined;
      }
      const secret = await this.session.appSecret(profile.id);
      return await completeAuthorization(pending, callbackParametersOfUrl(result.url), secret, this.session.now, this.session.fetchOptions());
    } catch (error) {
      const reason = needsLoginPage(error) ? 'the sign-in service needs its login page again' : messageOf(error);
      this.session.log(`the session could not be renewed without the login page: ${reason}`);
      return undefined;
    }
  }

  /** Checks a callback and, when it grants a session, hands it over; returns this caller's outcome. */
  private async finish(attempt: SignInAttempt, parameters: URLSearchParams): Promise<SignInOutcome> {
    const { pending } = attempt;
    try {
      const secret = await this.session.appSecret(pending.profileId);
      const tokens = await completeAuthorization(pending, parameters, secret, this.session.now, this.session.fetchOptions());
      if (this.session.activeProfileId() !== pending.profileId) {
        throw new AuthError('configuration', 'The profile changed while you were signing in.');
      }
      await this.session.accept(pending.profileId, tokens);
      this.settle(attempt, { outcome: 'signedIn' });
    } catch (error) {
      if (!(error instanceof AuthError)) this.session.log(`sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
      // A callback of another sign-in must not end the one the user is still completing.
      const foreign = error instanceof AuthError && error.kind === 'state-mismatch' && this.interactive.kind === 'popup';
      if (foreign) return this.session.outcome({ outcome: 'failed', message: messageOf(error) });
      this.settle(attempt, { outcome: 'failed', message: messageOf(error) });
    }
    return this.outcomeOf(attempt);
  }

  private settle(attempt: SignInAttempt, outcome: AttemptOutcome): void {
    this.attempts.settle(attempt.id, outcome);
    this.session.changed();
  }

  private async outcomeOf(attempt: SignInAttempt): Promise<SignInOutcome> {
    return this.session.outcome(await attempt.settled);
  }
}

/** True for the answer of a `prompt=none` request that needs the login page: a fallback, not a fault. */
export function needsLoginPage(error: unknown): boolean {
  return error instanceof AuthError && error.details.code !== undefined && INTERACTION_NEEDED_CODES.has(error.details.code);
}
