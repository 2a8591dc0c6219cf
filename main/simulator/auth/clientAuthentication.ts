/**
 * Client authentication at the token endpoint (RFC 6749 section 2.3.1): HTTP Basic (preferred by
 * the spec) or `client_id`/`client_secret` form fields, never both. A secret counts only inside
 * its validity window. Without any secret the client is public (code flow with PKCE).
 */
import { timingSafeEqual } from 'node:crypto';
import type { AuthApp, AuthUsersAndApps } from './usersAndAppsPort';
import { OAuthError } from './oauthError';

export interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
}

export interface AuthenticatedClient {
  app: AuthApp;
  /** True when a valid secret was presented; false for a public client (client_id only). */
  confidential: boolean;
}

/** Basic credentials are form-urlencoded before base64 (RFC 6749 section 2.3.1). */
function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

/** Reads client credentials from the Authorization header or the form; undefined when neither names a client. */
export function readClientCredentials(
  authorization: string | undefined,
  form: Record<string, string | undefined>,
): ClientCredentials | undefined {
  const basic =
    authorization === undefined ? undefined : /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (authorization !== undefined && !basic) {
    throw new OAuthError('invalid_client', 'The Authorization header must be HTTP Basic client credentials.');
  }
  if (basic) {
    if (form.client_secret !== undefined) {
      throw new OAuthError(
        'invalid_request',
        'Send client credentials either as HTTP Basic or in the form, not both.',
      );
    }
    const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0)
      throw new OAuthError('invalid_client', 'HTTP Basic credentials must be client_id:client_secret.');
    try {
      const clientId = formDecode(decoded.slice(0, colon));
      if (form.client_id !== undefined && form.client_id !== clientId) {
        throw new OAuthError(
          'invalid_request',
          'client_id in the form differs from the HTTP Basic credentials.',
        );
      }
      return { clientId, clientSecret: formDecode(decoded.slice(colon + 1)) };
    } catch (error) {
      if (error instanceof OAuthError) throw error;
      throw new OAuthError('invalid_client', 'HTTP Basic credentials are not correctly encoded.');
    }
  }
  if (form.client_id === undefined) return undefined;
  return {
    clientId: form.client_id,
    ...(form.client_secret !== undefined ? { clientSecret: form.client_secret } : {}),
  };
}

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The app named by the credentials, after checking the secret (when one was sent) against its current secrets. */
export function authenticateClient(
  credentials: ClientCredentials | undefined,
  usersAndApps: AuthUsersAndApps,
  now: Date,
): AuthenticatedClient {
  if (credentials === undefined) throw new OAuthError('invalid_client', 'Client authentication is required.');
  const app = usersAndApps.findApp(credentials.clientId);
  if (app === undefined) throw new OAuthError('invalid_client', 'Unknown client.');
  const confidential = credentials.clientSecret !== undefined;
  const valid =
    !confidential ||
    app.secrets.some(
      (secret) =>
        (secret.validFrom === undefined || secret.validFrom <= now) &&
        (secret.validUntil === undefined || now < secret.validUntil) &&
        sameSecret(credentials.clientSecret ?? '', secret.secret),
    );
  if (!valid) throw new OAuthError('invalid_client', 'Client authentication failed.');
  if (!app.canSignIn) throw new OAuthError('unauthorized_client', 'This application may not obtain tokens.');
  return { app, confidential };
}
