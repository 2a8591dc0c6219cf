/**
 * A connection profile made from a registered application: its AppKey, one of its redirect
 * URIs, and the authorization server its endpoints name (`…/authorize` and `…/token` under
 * one address). The service's base URL is not part of an application; it comes from the
 * profile the directory was read with.
 */
import type { ApplicationView } from '../../../../../contract/apps';
import type { ProfileInput } from '../../../../../contract/session';

/** The flows a profile made here may use (the signed-assertion flow needs a certificate). */
export type SignInFlow = 'implicit' | 'code';

/** The profile flow matching the application's Flow (Code → code + PKCE, otherwise implicit). */
export function flowOfApp(flow: string | undefined): SignInFlow {
  return flow?.toLowerCase().startsWith('code') ? 'code' : 'implicit';
}

/**
 * The authorization server address of the application's endpoints, or an explanation of why
 * there is none.
 */
export function authUrlOfEndpoints(
  endpoints: ApplicationView['Endpoints'],
): { authUrl: string } | { problem: string } {
  const authorize = endpoints?.AuthorizationEndpoint?.replace(/\/+$/, '');
  const token = endpoints?.TokenEndpoint?.replace(/\/+$/, '');
  if (!authorize || !token)
    return { problem: 'The application does not name both its authorization and token endpoints.' };
  const base = authorize.replace(/\/authorize$/i, '');
  if (base === authorize || token.replace(/\/token$/i, '') !== base) {
    return {
      problem: `The endpoints ${authorize} and ${token} are not /authorize and /token of one authorization server.`,
    };
  }
  return { authUrl: base };
}

/** The profile to save (`session:saveProfile`) for the choices made in the form. */
export function profileFromApp(
  app: ApplicationView,
  choices: { name: string; baseUrl: string; authUrl: string; redirectUri: string; flow: SignInFlow },
): ProfileInput {
  return {
    name: choices.name.trim(),
    baseUrl: choices.baseUrl.trim(),
    authUrl: choices.authUrl.trim(),
    appKey: app.AppKey,
    redirectUri: choices.redirectUri,
    flow: choices.flow,
  };
}

/** The redirect URI offered first: a loopback one (works in both shells), else the first. */
export function preferredRedirectUri(app: ApplicationView): string | undefined {
  const uris = app.RedirectUris?.map((redirect) => redirect.Uri) ?? [];
  return uris.find((uri) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(uri)) ?? uris[0];
}
