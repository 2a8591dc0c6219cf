/**
 * Ending a session at the authorization server when the user signs out (issue 15.2): the
 * server's endpoints are discovered from its metadata (`{auth_url}/.well-known/openid-configuration`).
 * Its end-session endpoint (OpenID Connect RP-initiated logout) is sent the access token as
 * `id_token_hint`, which ends the server's login session the user signed in through, so a
 * `prompt=none` request (from a stranger's page too) cannot sign the user straight back in; its
 * revocation endpoint (RFC 7009) is sent the refresh token, then the access token, so the old
 * access token is refused at once instead of staying valid until it expires. A server that
 * publishes neither endpoint (or no metadata) is left alone: the session then ends on RefDesk's
 * side only, as before. Endpoints on another origin than the authorization server are not
 * trusted with the tokens and the AppSecret.
 */
import { z } from 'zod';
import { AuthError } from './authErrors';
import { postClientForm, type ClientCredentials, type TokenRequestOptions } from './tokenEndpoint';
import type { TokenSet } from './tokenSet';

/** What RefDesk uses of the server's metadata. */
export interface ServerMetadata {
  revocationEndpoint?: string;
  endSessionEndpoint?: string;
}

/** `{auth_url}/.well-known/openid-configuration`. */
export function metadataUrl(authUrl: string): string {
  return `${authUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

const metadataSchema = z.looseObject({
  revocation_endpoint: z.string().optional(),
  end_session_endpoint: z.string().optional(),
});

/** `endpoint` when it is an address on the authorization server's own origin, else undefined. */
function sameOriginEndpoint(endpoint: string | undefined, authUrl: string): string | undefined {
  if (endpoint === undefined) return undefined;
  try {
    const url = new URL(endpoint);
    return url.origin === new URL(authUrl).origin && !url.username && !url.password ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's metadata, or nothing where it publishes none (404, not JSON, not reachable): a
 * server without metadata is treated as one without these endpoints.
 */
export async function discoverServer(authUrl: string, options: TokenRequestOptions = {}): Promise<ServerMetadata> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let json: unknown;
  try {
    const response = await (options.fetch ?? fetch)(metadataUrl(authUrl), {
      headers: { accept: 'application/json' },
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    if (!response.ok) return {};
    json = await response.json();
  } catch {
    return {};
  }
  const parsed = metadataSchema.safeParse(json);
  if (!parsed.success) return {};
  const revocationEndpoint = sameOriginEndpoint(parsed.data.revocation_endpoint, authUrl);
  const endSessionEndpoint = sameOriginEndpoint(parsed.data.end_session_endpoint, authUrl);
  return { ...(revocationEndpoint ? { revocationEndpoint } : {}), ...(endSessionEndpoint ? { endSessionEndpoint } : {}) };
}

/** How ending the login session went: done, not offered by the server, or failed (in words, never with a token). */
export type EndSessionOutcome = { outcome: 'ended' } | { outcome: 'unsupported' } | { outcome: 'failed'; message: string };

/**
 * Ends the authorization server's login session that `tokens` were signed in through: a
 * back-channel `POST` to its end-session endpoint with the access token (expired or not) as
 * `id_token_hint` and `client_id`, no cookies and no redirect followed. Never throws.
 */
export async function endLoginSession(
  authUrl: string,
  tokens: TokenSet,
  clientId: string,
  options: TokenRequestOptions & { metadata?: ServerMetadata } = {},
): Promise<EndSessionOutcome> {
  const issuer = tokens.authUrl || authUrl;
  const { endSessionEndpoint } = options.metadata ?? (await discoverServer(issuer, options));
  if (!endSessionEndpoint) return { outcome: 'unsupported' };
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  try {
    const response = await (options.fetch ?? fetch)(endSessionEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token_hint: tokens.accessToken, client_id: clientId }).toString(),
      redirect: 'manual',
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    await response.arrayBuffer();
    // A server may send the browser on to a page even without post_logout_redirect_uri.
    if (response.status >= 400) {
      return { outcome: 'failed', message: `The authorization server answered HTTP ${response.status} to the sign-out request.` };
    }
    return { outcome: 'ended' };
  } catch {
    return { outcome: 'failed', message: `The authorization server at ${new URL(endSessionEndpoint).origin} could not be reached to sign out.` };
  }
}

/** How revoking went: done, not offered by the server, or failed (in words, never with a token). */
export type RevocationOutcome = { outcome: 'revoked' } | { outcome: 'unsupported' } | { outcome: 'failed'; message: string };

/** One RFC 7009 request; a 200 is success whatever the token was (section 2.2). */
async function revokeOne(
  endpoint: string,
  token: string,
  hint: 'refresh_token' | 'access_token',
  client: ClientCredentials,
  options: TokenRequestOptions,
): Promise<void> {
  const { response } = await postClientForm(endpoint, { token, token_type_hint: hint }, client, options);
  if (!response.ok) {
    throw new AuthError('refused', `The authorization server answered HTTP ${response.status} to the revocation request.`, {
      status: response.status,
    });
  }
}

/**
 * Revokes a session's tokens at the server that issued them (`tokens.authUrl`, else `authUrl`):
 * the refresh token first (ending the grant where the server ties tokens to it), then the access
 * token. Never throws. `metadata`: the server's, when the caller has discovered it already.
 */
export async function revokeSession(
  authUrl: string,
  tokens: TokenSet,
  client: ClientCredentials,
  options: TokenRequestOptions & { metadata?: ServerMetadata } = {},
): Promise<RevocationOutcome> {
  const issuer = tokens.authUrl || authUrl;
  const { revocationEndpoint } = options.metadata ?? (await discoverServer(issuer, options));
  if (!revocationEndpoint) return { outcome: 'unsupported' };
  try {
    if (tokens.refreshToken) await revokeOne(revocationEndpoint, tokens.refreshToken, 'refresh_token', client, options);
    await revokeOne(revocationEndpoint, tokens.accessToken, 'access_token', client, options);
    return { outcome: 'revoked' };
  } catch (error) {
    return { outcome: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
