/**
 * The Electron auth window as the session integration tests drive it: over HTTP, with its own
 * cookie jar standing for the auth partition (the authorization server's CSRF and login-session
 * cookies live there). `authorize` answers the simulator's real login page; `authorizeSilently`
 * follows a `prompt=none` request and reports the redirect, or that a page would have to be shown.
 */
import { isRedirectTarget } from '../../main/core/session/authorizationRequest';
import type {
  WindowAuthorizationRequest,
  WindowAuthorizationResult,
  WindowSignIn,
} from '../../main/core/session/interactiveSignIn';
import { loginFormFields, loginInputFields, type LoginInput } from './loginPage';

export class HttpAuthWindow implements WindowSignIn {
  readonly kind = 'window';
  /** The partition's cookies (one authorization server: names are enough). */
  readonly cookies = new Map<string, string>();
  /** Authorize URLs the window was asked to open, in order. */
  readonly opened: string[] = [];
  readonly silentlyOpened: string[] = [];

  constructor(private readonly answer: LoginInput) {}

  redirectUriFor({ redirectUri }: { redirectUri: string }): string {
    return redirectUri;
  }

  async authorize(request: WindowAuthorizationRequest): Promise<WindowAuthorizationResult> {
    this.opened.push(request.authorizeUrl);
    const first = await this.fetch(request.authorizeUrl);
    if (first.redirect && isRedirectTarget(first.redirect, request.redirectUri)) return { kind: 'redirected', url: first.redirect };
    if (first.status !== 200) return { kind: 'failed', message: `login page answered ${first.status}` };
    const form = new URLSearchParams({ ...loginFormFields(first.html), ...loginInputFields(this.answer) });
    const submitted = await this.fetch(new URL('authorize', request.authorizeUrl).toString(), form);
    if (!submitted.redirect) return { kind: 'failed', message: `login form answered ${submitted.status}` };
    return { kind: 'redirected', url: submitted.redirect };
  }

  async authorizeSilently(request: WindowAuthorizationRequest): Promise<WindowAuthorizationResult> {
    this.silentlyOpened.push(request.authorizeUrl);
    const answer = await this.fetch(request.authorizeUrl);
    if (answer.redirect && isRedirectTarget(answer.redirect, request.redirectUri)) return { kind: 'redirected', url: answer.redirect };
    return { kind: 'failed', message: 'The sign-in service showed a page.' };
  }

  abort(): void {}

  async clearStorage(): Promise<void> {
    this.cookies.clear();
  }

  /** One request with the jar's cookies; keeps the cookies it sets; never follows a redirect. */
  private async fetch(url: string, form?: URLSearchParams): Promise<{ status: number; redirect?: string; html: string }> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || pair.slice(at + 1) === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    return { status: response.status, ...(location ? { redirect: new URL(location, url).toString() } : {}), html: await response.text() };
  }
}
