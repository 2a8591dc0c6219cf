/**
 * Pure logic of the browser-based flows (implicit, spec 5.3; authorization code, RFC 6749 4.1):
 * the CSPRNG `state`, the authorize URL, recognising the redirect URI (loopback on any port,
 * RFC 8252 7.3) and reading the callback's parameters. No I/O, so it is unit-tested as is and
 * shared by the Electron auth window and the web shell's popup.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AuthError, authorizationRefused } from './authErrors';

/** `token` for the implicit flow, `code` for authorization code + PKCE. */
export type ResponseType = 'token' | 'code';

/** A fresh, unguessable `state` (256 bits from the OS CSPRNG, base64url). */
export function createState(): string {
  return randomBytes(32).toString('base64url');
}

export interface AuthorizeUrlParameters {
  /** The authorization server, `{auth_url}` (with or without a trailing slash). */
  authUrl: string;
  /** The AppKey. */
  clientId: string;
  redirectUri: string;
  state: string;
  responseType: ResponseType;
  /** PKCE S256 challenge; required for `code`. */
  codeChallenge?: string;
  /**
   * OpenID Connect's `prompt`: `login` asks the server to show its login page even while its own
   * login session lives (after a sign-out); `none` asks it never to show a page (silent renewal).
   */
  prompt?: AuthorizePrompt;
}

/** The `prompt` values RefDesk sends. */
export type AuthorizePrompt = 'login' | 'none';

/** `{auth_url}/authorize?response_type=…&client_id=…&redirect_uri=…&state=…[&code_challenge…][&prompt=…]`. */
export function buildAuthorizeUrl(parameters: AuthorizeUrlParameters): string {
  const url = new URL(`${parameters.authUrl.replace(/\/+$/, '')}/authorize`);
  url.searchParams.set('response_type', parameters.responseType);
  url.searchParams.set('client_id', parameters.clientId);
  url.searchParams.set('redirect_uri', parameters.redirectUri);
  url.searchParams.set('state', parameters.state);
  if (parameters.responseType === 'code') {
    if (!parameters.codeChallenge) throw new Error('The code flow needs a PKCE code challenge');
    url.searchParams.set('code_challenge', parameters.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (parameters.prompt) url.searchParams.set('prompt', parameters.prompt);
  return url.toString();
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** True for an http redirect URI on the loopback interface (its port may vary, RFC 8252 7.3). */
export function isLoopbackRedirectUri(redirectUri: string): boolean {
  const url = parseUrl(redirectUri);
  return url !== undefined && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * True when `url` is a navigation to the redirect URI: same scheme, host and path; for a
 * loopback URI any port. Query and fragment are the callback's payload and never compared.
 */
export function isRedirectTarget(url: string, redirectUri: string): boolean {
  const candidate = parseUrl(url);
  const expected = parseUrl(redirectUri);
  if (!candidate || !expected) return false;
  if (candidate.protocol !== expected.protocol || candidate.hostname !== expected.hostname) return false;
  if (candidate.pathname !== expected.pathname) return false;
  return isLoopbackRedirectUri(redirectUri) || candidate.port === expected.port;
}

/** The redirect URI with the given port (a loopback URI served by the web shell on its own port). */
export function withPort(redirectUri: string, port: number): string {
  const url = new URL(redirectUri);
  url.port = String(port);
  return url.toString();
}

/**
 * The callback's parameters: the query (code flow) and the fragment (implicit flow) together;
 * a fragment parameter wins over a query parameter of the same name.
 */
export function callbackParameters(query: string, fragment: string): URLSearchParams {
  const merged = new URLSearchParams(query.replace(/^\?/, ''));
  for (const [name, value] of new URLSearchParams(fragment.replace(/^#/, ''))) merged.set(name, value);
  return merged;
}

/** The callback parameters of a full redirect URL. */
export function callbackParametersOfUrl(url: string): URLSearchParams {
  const parsed = new URL(url);
  return callbackParameters(parsed.search, parsed.hash);
}

/** What a valid callback grants: an access token (implicit) or a code to exchange (code flow). */
export type CallbackGrant =
  | { kind: 'token'; accessToken: string; expiresIn: number }
  | { kind: 'code'; code: string };

function sameState(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A positive whole number of seconds, or undefined. */
export function parseSeconds(value: string | number | null | undefined): number | undefined {
  const text = String(value ?? '').trim();
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const seconds = Number(text);
  return seconds > 0 ? seconds : undefined;
}

/**
 * Reads the callback of a sign-in RefDesk started with `expectedState`. Throws AuthError:
 * `state-mismatch` for a callback of another (or a forged) sign-in, errors without state included, `denied`/`refused` for an
 * `error` answer (in words), `protocol` for a callback that grants nothing usable.
 */
export function readCallback(parameters: URLSearchParams, expectedState: string, responseType: ResponseType): CallbackGrant {
  const state = parameters.get('state');
  const error = parameters.get('error');
  // An error without the attempt's state is ignored like any other foreign answer: otherwise a
  // page on any site could end a sign-in in progress by opening the callback with #error=….
  if (state === null || !sameState(state, expectedState)) {
    throw new AuthError(
      'state-mismatch',
      'The sign-in answer did not belong to the sign-in RefDesk started, so it was ignored. Please sign in again.',
    );
  }
  if (error) throw authorizationRefused(error, parameters.get('error_description') ?? undefined);

  if (responseType === 'code') {
    const code = parameters.get('code');
    if (!code) throw new AuthError('protocol', 'The authorization server answered without an authorization code.');
    return { kind: 'code', code };
  }
  const accessToken = parameters.get('access_token');
  if (!accessToken) throw new AuthError('protocol', 'The authorization server answered without an access token.');
  const tokenType = parameters.get('token_type');
  if (tokenType !== null && tokenType.toLowerCase() !== 'bearer') {
    throw new AuthError('protocol', `The authorization server issued a "${tokenType.slice(0, 20)}" token; RefDesk needs a Bearer token.`);
  }
  const expiresIn = parseSeconds(parameters.get('expires_in'));
  if (expiresIn === undefined) {
    throw new AuthError('protocol', 'The authorization server did not say when the access token expires (expires_in).');
  }
  return { kind: 'token', accessToken, expiresIn };
}
