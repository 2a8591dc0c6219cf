/**
 * Token revocation (RFC 7009): the client authenticates as at the token endpoint (a public
 * client sends its client_id only) and names an access or refresh token; the whole session of
 * that token is revoked, so the API refuses its access tokens at once and its refresh token no
 * longer works. An unknown token is no error: the answer is the same 200 either way.
 */
import type { AuthorizationServer } from './authorizationServer';
import { authenticateClient, readClientCredentials } from './clientAuthentication';
import { OAuthError } from './oauthError';

/** Handles one revocation request; resolves when done, throws an OAuthError for a request that cannot be honoured. */
export async function handleRevocationRequest(
  server: AuthorizationServer,
  authorization: string | undefined,
  form: Record<string, string | undefined>,
): Promise<void> {
  const client = authenticateClient(
    readClientCredentials(authorization, form),
    server.usersAndApps,
    server.now(),
  );
  const token = form.token;
  if (token === undefined || token === '')
    throw new OAuthError('invalid_request', 'The token parameter is required.');
  // RFC 7009 section 2.1: the hint only says where to look first; an unknown hint is ignored.
  await server.revoke(token, form.token_type_hint, client);
}
