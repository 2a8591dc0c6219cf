/**
 * Checking an authorization request (RFC 6749 sections 4.1.1, 4.1.2.1, 4.2.1, 4.2.2.1; RFC 7636;
 * OpenID Connect's `prompt`):
 * an unknown client or an unregistered redirect URI is shown as an error page and never
 * redirected to (that would make the server an open redirector); every later problem is
 * reported to the client on its redirect URI, in the query for the code flow and in the
 * fragment otherwise.
 */
import type { AuthApp, AuthUsersAndApps, AuthFlowName } from './usersAndAppsPort';
import type { OAuthErrorCode } from './oauthError';
import { isS256Challenge } from './pkce';
import { matchRedirectUri, withFragment, withQuery } from './redirectUris';

/** Parameters of the request that the login form carries through its POST unchanged. */
export const AUTHORIZE_PARAMETERS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'lang',
  'prompt',
] as const;

export type AuthorizeParameters = Partial<Record<(typeof AUTHORIZE_PARAMETERS)[number], string>>;

/**
 * OpenID Connect's `prompt`: `none` signs in silently from the login session or answers
 * `login_required`; `login` (and `consent`, `select_account`) show the login page, as a request
 * without `prompt` does.
 */
export type Prompt = 'none' | 'login';
const PAGE_PROMPTS = new Set(['login', 'consent', 'select_account']);

/** A request that may show the login page. */
export interface ValidAuthorizeRequest {
  app: AuthApp;
  redirectUri: string;
  responseType: 'token' | 'code';
  state?: string;
  codeChallenge?: string;
  prompt?: Prompt;
  parameters: AuthorizeParameters;
}

export type AuthorizeCheck =
  | { kind: 'valid'; request: ValidAuthorizeRequest }
  | { kind: 'errorPage'; title: string; message: string }
  | { kind: 'redirect'; location: string };

const RESPONSE_TYPE_FLOWS: Record<'token' | 'code', AuthFlowName> = { token: 'Implicit', code: 'Code' };

function errorPage(message: string): AuthorizeCheck {
  return { kind: 'errorPage', title: 'This sign-in request cannot be used', message };
}

/** Reads the known parameters; a parameter given twice is refused (RFC 6749 section 3.1). */
export function readAuthorizeParameters(raw: unknown): {
  parameters: AuthorizeParameters;
  repeated?: string;
} {
  const source = (raw ?? {}) as Record<string, unknown>;
  const parameters: AuthorizeParameters = {};
  for (const name of AUTHORIZE_PARAMETERS) {
    const value = source[name];
    if (Array.isArray(value)) return { parameters, repeated: name };
    if (typeof value === 'string' && value !== '') parameters[name] = value;
  }
  return { parameters };
}

/** Where the outcome of a request goes: the redirect URI, with parameters in the query (code) or fragment. */
export function redirectWith(
  request: { redirectUri: string; responseType?: string },
  parameters: Record<string, string | undefined>,
): string {
  return request.responseType === 'code'
    ? withQuery(request.redirectUri, parameters)
    : withFragment(request.redirectUri, parameters);
}

/** Checks an authorization request against the directory. */
export function checkAuthorizeRequest(raw: unknown, usersAndApps: AuthUsersAndApps): AuthorizeCheck {
  const { parameters, repeated } = readAuthorizeParameters(raw);
  if (repeated) return errorPage(`The parameter ${repeated} was given more than once.`);
  const app = parameters.client_id === undefined ? undefined : usersAndApps.findApp(parameters.client_id);
  if (app === undefined) return errorPage('The application (client_id) is not known to this service.');
  const requested = parameters.redirect_uri;
  if (requested === undefined) return errorPage('The request has no redirect_uri.');
  if (matchRedirectUri(requested, app.redirectUris) === undefined) {
    return errorPage('The redirect_uri is not registered for this application.');
  }

  const state = parameters.state;
  const responseType = parameters.response_type;
  const refuse = (error: OAuthErrorCode, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    location: redirectWith(
      { redirectUri: requested, responseType },
      { error, error_description: description, state },
    ),
  });
  if (responseType !== 'token' && responseType !== 'code') {
    return refuse('unsupported_response_type', 'response_type must be token or code.');
  }
  if (!app.canSignIn || !app.allowedFlows.includes(RESPONSE_TYPE_FLOWS[responseType])) {
    return refuse('unauthorized_client', `This application may not use response_type=${responseType}.`);
  }
  // PKCE is optional here: a confidential client may use the code flow without it, and only
  // the token endpoint knows whether the client authenticates (grants.ts).
  if (
    responseType === 'code' &&
    (parameters.code_challenge !== undefined || parameters.code_challenge_method !== undefined)
  ) {
    if (parameters.code_challenge === undefined)
      return refuse('invalid_request', 'code_challenge_method was given without code_challenge.');
    if (parameters.code_challenge_method !== 'S256')
      return refuse('invalid_request', 'code_challenge_method must be S256.');
    if (!isS256Challenge(parameters.code_challenge))
      return refuse('invalid_request', 'code_challenge is not an S256 challenge.');
  }
  const prompt = readPrompt(parameters.prompt);
  if (prompt === 'invalid') {
    return refuse(
      'invalid_request',
      'prompt must be none, or any of login, consent and select_account; none stands alone.',
    );
  }
  return {
    kind: 'valid',
    request: {
      app,
      redirectUri: requested,
      responseType,
      ...(state !== undefined ? { state } : {}),
      ...(parameters.code_challenge !== undefined && responseType === 'code'
        ? { codeChallenge: parameters.code_challenge }
        : {}),
      ...(prompt !== undefined ? { prompt } : {}),
      parameters,
    },
  };
}

/** The prompt of a request (a space-separated list), or 'invalid'. */
function readPrompt(value: string | undefined): Prompt | undefined | 'invalid' {
  if (value === undefined) return undefined;
  const values = value.split(' ').filter((part) => part !== '');
  if (values.length === 1 && values[0] === 'none') return 'none';
  if (values.length === 0 || !values.every((part) => PAGE_PROMPTS.has(part))) return 'invalid';
  return 'login';
}
